/// How the ticket of an answer relates to the record it is delivered to, at
/// the moment it arrives.
public enum TicketAge: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// The record's ticket in flight (of either kind: a write answered by a
    /// re-read answer is still the current ticket, of the wrong kind).
    case current
    /// The record's last settled ticket: a second answer.
    case duplicate
    /// A ticket the record gave up earlier in the same session.
    case stale
    /// A ticket of the earlier session (an answer from before an account
    /// switch); for a session switch, a session that is not newer.
    case earlierSession

    /// The age as written in reports (`earlierSession`).
    public var description: String { rawValue }
}
