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
