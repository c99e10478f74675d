/// Where the explorer finds the ticket an answer carries.
enum TicketSlot: UInt32, CaseIterable, Sendable {
    /// The ticket the record holds: current while saving or needing sync,
    /// its last settled one (a duplicate answer) while idle.
    case held
    /// The latest ticket the record gave up in the current session.
    case stale
    /// The record's latest ticket of the earlier session.
    case earlier
}
