/// The seven invariants that must hold after every event, each by name.
public enum Invariant: Int, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// 1. An idle record shows its confirmed value.
    case idleShowsConfirmed = 1
    /// 2. An event with a stale ticket or session is ignored and changes nothing.
    case staleEventChangesNothing = 2
    /// 3. `confirmed` changes only on server evidence: a confirmed or conflict
    /// answer, a re-read answer, or a session load.
    case confirmedOnlyOnServerEvidence = 3
    /// 4. At most one write is in flight per record.
    case oneWriteInFlight = 4
    /// 5. After an uncertain outcome, no write begins until the current
    /// re-read answers.
    case noWriteBeforeResync = 5
    /// 6. Reordering the records of a list changes no record's state.
    case reorderChangesNoState = 6
    /// 7. Every state change is caused by exactly one event: an ignored event
    /// changes nothing, and an event for one record changes no other record.
    case everyChangeHasOneEvent = 7

    /// The invariant's name, as printed in reports (`idleShowsConfirmed`).
    public var name: String {
        switch self {
        case .idleShowsConfirmed: "idleShowsConfirmed"
        case .staleEventChangesNothing: "staleEventChangesNothing"
        case .confirmedOnlyOnServerEvidence: "confirmedOnlyOnServerEvidence"
        case .oneWriteInFlight: "oneWriteInFlight"
        case .noWriteBeforeResync: "noWriteBeforeResync"
        case .reorderChangesNoState: "reorderChangesNoState"
        case .everyChangeHasOneEvent: "everyChangeHasOneEvent"
        }
    }

    /// The invariant as one sentence.
    public var summary: String {
        switch self {
        case .idleShowsConfirmed: "idle implies visible == confirmed"
        case .staleEventChangesNothing: "an event with a stale ticket or session changes nothing"
        case .confirmedOnlyOnServerEvidence:
            "confirmed changes only on server evidence (confirmed, conflict, resync, session load)"
        case .oneWriteInFlight: "at most one write in flight per record"
        case .noWriteBeforeResync: "after uncertain, no write begins until the current re-read answers"
        case .reorderChangesNoState: "reordering the records of a list changes no record's state"
        case .everyChangeHasOneEvent: "every state change is caused by exactly one event"
        }
    }

    /// The invariant by its ``name``, or `nil`.
    public init?(name: String) {
        guard let found = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = found
    }

    /// `invariant N (name)`.
    public var description: String { "invariant \(rawValue) (\(name))" }
}

/// One broken invariant: which, for which record, and what was seen.
public struct InvariantViolation<RecordID: Hashable & Sendable>: Error, Hashable, Sendable, CustomStringConvertible {
    /// The invariant that does not hold.
    public var invariant: Invariant
    /// The record it failed for, or `nil` when it concerns the whole store.
    public var record: RecordID?
    /// What was seen, in one sentence without values of other users.
    public var detail: String

    /// Creates a violation.
    @inlinable
    public init(_ invariant: Invariant, record: RecordID?, detail: String) {
        self.invariant = invariant
        self.record = record
        self.detail = detail
    }

    /// `invariant N (name) violated for record 'x': detail`.
    public var description: String {
        let subject = record.map { " for record '\($0)'" } ?? ""
        return "\(invariant) violated\(subject): \(detail)"
    }
}
