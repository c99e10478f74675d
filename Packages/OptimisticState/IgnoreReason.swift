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
