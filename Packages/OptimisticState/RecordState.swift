/// The optimistic-update state of one record: what the server confirmed,
/// what the UI shows, and the request in flight.
///
/// Stored compactly (two values, a one-byte phase and one ticket) so that a
/// store is cheap to copy, compare and hash.
public struct RecordState<Value: Equatable & Sendable>: Equatable, Sendable {
    /// Storage of ``confirmed``.
    @usableFromInline
    package var _confirmed: Value
    /// Storage of ``visible``.
    @usableFromInline
    package var _visible: Value
    /// Storage of ``phaseKind``.
    @usableFromInline
    package var _phaseKind: PhaseKind
    /// The ticket in flight while saving or needing sync; while idle, the
    /// last ticket this record settled (``Ticket/none`` if none), so that a
    /// second answer to it is reported as a duplicate.
    @usableFromInline
    package var ticket: Ticket

    /// Creates an idle record holding the loaded `value`.
    @inlinable
    public init(loaded value: Value) {
        _confirmed = value
        _visible = value
        _phaseKind = .idle
        ticket = .none
    }

    /// Creates a record in any state (for the explorer and tests).
    @inlinable
    package init(confirmed: Value, visible: Value, phaseKind: PhaseKind, ticket: Ticket) {
        _confirmed = confirmed
        _visible = visible
        _phaseKind = phaseKind
        self.ticket = ticket
    }

    /// The last value the server confirmed (or the session loaded).
    @inlinable
    public var confirmed: Value { _confirmed }

    /// What the UI shows now: the provisional value while saving.
    @inlinable
    public var visible: Value { _visible }

    /// The phase without its ticket.
    @inlinable
    public var phaseKind: PhaseKind { _phaseKind }

    /// The phase with its ticket in flight.
    @inlinable
    public var phase: Phase {
        switch phaseKind {
        case .idle: .idle
        case .saving: .saving(ticket)
        case .needsSync: .needsSync(ticket)
        }
    }

    /// The last ticket this record settled while idle, or `nil`.
    @inlinable
    public var lastSettledTicket: Ticket? {
        phaseKind == .idle && !ticket.isNone ? ticket : nil
    }
}

extension RecordState {
    /// Two records are equal when values, phase and ticket are. Written out
    /// (not synthesised) so that it inlines and specialises in other modules.
    @inlinable
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs._phaseKind == rhs._phaseKind && lhs.ticket == rhs.ticket && lhs._confirmed == rhs._confirmed
            && lhs._visible == rhs._visible
    }
}

extension RecordState: Hashable where Value: Hashable {
    /// Hashes everything `==` compares.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(_confirmed)
        hasher.combine(_visible)
        hasher.combine(_phaseKind)
        hasher.combine(ticket)
    }
}

extension RecordState: CustomStringConvertible {
    /// `confirmed false, visible true, saving(#1/s1)`: the two values and the
    /// phase with its ticket.
    public var description: String { "confirmed \(confirmed), visible \(visible), \(phase)" }
}

/// The in-place state changes the store makes once it has accepted an event.
extension RecordState {
    /// Starts a write: show `desired`, remember `ticket`, phase saving.
    @inlinable
    mutating func startWrite(_ desired: Value, ticket: Ticket) {
        _visible = desired
        _phaseKind = .saving
        self.ticket = ticket
    }

    /// Takes the server's value as confirmed and visible; idle.
    @inlinable
    mutating func adopt(serverValue: Value) {
        _confirmed = serverValue
        _visible = serverValue
        _phaseKind = .idle
    }

    /// Rolls back after a rejection; idle. With `keepDesired` (a fault) the
    /// provisional value stays visible.
    @inlinable
    mutating func rollBack(keepDesired: Bool) {
        if !keepDesired { _visible = _confirmed }
        _phaseKind = .idle
    }

    /// Withdraws the provisional value and waits for the re-read `sync`.
    @inlinable
    mutating func awaitResync(_ sync: Ticket) {
        _visible = confirmed
        _phaseKind = .needsSync
        ticket = sync
    }
}

/// The derived UI bindings of a record: what a button, its progress
/// indicator and its accessibility value bind to.
extension RecordState {
    /// Whether a write is in flight (show the saving indicator).
    @inlinable
    public var isSaving: Bool { phaseKind == .saving }

    /// Whether a re-read is in flight after an uncertain outcome.
    @inlinable
    public var isSyncing: Bool { phaseKind == .needsSync }

    /// Whether a tap may start a write: false while saving or needing sync.
    @inlinable
    public var acceptsTaps: Bool { phaseKind == .idle }

    /// The status part of the accessibility value: `nil` when idle,
    /// `saving` while a write is in flight, `checking` while a re-read is.
    @inlinable
    public var accessibilityStatus: String? {
        switch phaseKind {
        case .idle: nil
        case .saving: "saving"
        case .needsSync: "checking"
        }
    }

    /// The accessibility value: the visible value described by `describe`,
    /// followed by the status when there is one (`on, saving`).
    @inlinable
    public func accessibilityValue(_ describe: (Value) -> String) -> String {
        let value = describe(visible)
        guard let status = accessibilityStatus else { return value }
        return value + ", " + status
    }
}

extension RecordState where Value == Bool {
    /// The accessibility value of a toggle: `on` or `off`, followed by the
    /// status when there is one (`on, saving`, `off, checking`).
    @inlinable
    public var accessibilityValue: String { accessibilityValue { $0 ? "on" : "off" } }
}
