/// The phase of one record, with the ticket of the request in flight.
public enum Phase: Hashable, Sendable, CustomStringConvertible {
    /// No request in flight.
    case idle
    /// One write is in flight under this ticket.
    case saving(Ticket)
    /// A write's outcome is unknown; a re-read is in flight under this ticket.
    case needsSync(Ticket)

    /// The phase without its ticket.
    @inlinable
    public var kind: PhaseKind {
        switch self {
        case .idle: .idle
        case .saving: .saving
        case .needsSync: .needsSync
        }
    }

    /// The ticket in flight, if any.
    @inlinable
    public var ticket: Ticket? {
        switch self {
        case .idle: nil
        case .saving(let ticket), .needsSync(let ticket): ticket
        }
    }

    /// `idle`, `saving(#3/s1)` or `needsSync(#4/s1)`.
    public var description: String {
        switch self {
        case .idle: "idle"
        case .saving(let ticket): "saving(\(ticket))"
        case .needsSync(let ticket): "needsSync(\(ticket))"
        }
    }
}

/// The phase of a record without its ticket.
public enum PhaseKind: UInt8, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// No request in flight; `visible == confirmed`.
    case idle
    /// Exactly one write is in flight.
    case saving
    /// The outcome of a write is unknown; a re-read is in flight.
    case needsSync

    /// `idle`, `saving` or `needsSync` (the spelling of scenario files).
    public var description: String {
        switch self {
        case .idle: "idle"
        case .saving: "saving"
        case .needsSync: "needsSync"
        }
    }
}
