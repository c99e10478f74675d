/// The explicit result of every store event: applied with the effect the
/// caller must perform, or ignored with the reason.
public enum EventResult<RecordID: Hashable & Sendable, Value: Equatable & Sendable>: Equatable, Sendable {
    /// The event changed the store; perform `effect`.
    case applied(Effect<RecordID, Value>)
    /// The event changed nothing, because of `reason`.
    case ignored(IgnoreReason)

    /// Whether the event was applied.
    @inlinable
    public var isApplied: Bool {
        if case .applied = self { return true }
        return false
    }

    /// The effect to perform, or `nil` when ignored.
    @inlinable
    public var effect: Effect<RecordID, Value>? {
        if case .applied(let effect) = self { return effect }
        return nil
    }

    /// The reason, or `nil` when applied.
    @inlinable
    public var ignoredReason: IgnoreReason? {
        if case .ignored(let reason) = self { return reason }
        return nil
    }

    /// The ticket of the request to send (a tap's write, an uncertain
    /// outcome's re-read), or `nil`.
    @inlinable
    public var ticket: Ticket? { effect?.ticket }

    /// Two results are equal when both are applied with equal effects, or
    /// both ignored for the same reason. Written out (not synthesised) so
    /// that it inlines and specialises in other modules.
    @inlinable
    public static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.applied(let left), .applied(let right)): left == right
        case (.ignored(let left), .ignored(let right)): left == right
        default: false
        }
    }
}

extension EventResult: CustomStringConvertible {
    /// `applied(sendWrite(post-1, #1/s1, true))`, `applied(none)` or
    /// `ignored(busy)`.
    public var description: String {
        switch self {
        case .applied(let effect): "applied(\(effect))"
        case .ignored(let reason): "ignored(\(reason))"
        }
    }
}

/// Why a store ignored an event. An ignored event changes nothing.
public enum IgnoreReason: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// The record ID is not in the current session's records.
    case unknownRecord
    /// A tap while a write is in flight: no second request is sent.
    case busy
    /// A tap after an uncertain outcome, before the re-read answered.
    case awaitingResync
    /// The ticket was minted in an earlier session (an answer from before an
    /// account switch).
    case earlierSession
    /// The ticket is this record's last settled one: a second callback.
    case duplicate
    /// The ticket is not the record's current one (superseded, or meant for
    /// another record).
    case staleTicket
    /// The ticket is the record's current one but of the other kind: a write
    /// answer for a re-read ticket, or a re-read answer for a write ticket.
    case wrongTicketKind
    /// The ticket was never minted by this store.
    case unknownTicket
    /// `OptimisticStore.replaceSession(_:with:)` with a session that is not
    /// newer than the current one.
    case sessionNotNewer
    /// A session load that names a record twice.
    case duplicateRecord
    /// A reorder that is not a permutation of the current records.
    case notAPermutation

    /// The reason's name as written in scenario files (`staleTicket`).
    public var description: String { rawValue }
}
