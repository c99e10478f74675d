/// What a store shows as a whole: its session, its display order, every
/// record's observed state and its declared hidden state.
///
/// This is all the explorer and the scenario runner see of a store driven
/// through ``ExplorableStore`` or over the store-program protocol.
public struct StoreObservation<RecordID: Hashable & Sendable, Value: Hashable & Sendable>: Hashable, Sendable {
    /// The current session.
    public var session: Session
    /// The record IDs in display order.
    public var order: [RecordID]
    /// The observed state of every record the store knows.
    public var records: [RecordID: ObservedRecord<Value>]
    /// The store's declared hidden state, as text (empty when it has none).
    public var hidden: String

    /// Creates an observation.
    @inlinable
    public init(
        session: Session, order: [RecordID], records: [RecordID: ObservedRecord<Value>], hidden: String = ""
    ) {
        self.session = session
        self.order = order
        self.records = records
        self.hidden = hidden
    }

    /// What `store` shows of the records `ids` (those it does not know are left out).
    ///
    /// - Complexity: O(n) in the number of records.
    @inlinable
    public init<Store: ExplorableStore>(_ store: Store, ids: [RecordID])
    where Store.RecordID == RecordID, Store.Value == Value {
        var records: [RecordID: ObservedRecord<Value>] = [:]
        records.reserveCapacity(ids.count)
        for id in ids { records[id] = store.state(of: id) }
        let hidden = store.hiddenState
        self.init(
            session: store.session, order: store.displayOrder, records: records,
            hidden: hidden is NoHiddenState ? "" : String(describing: hidden))
    }
}

/// One event as the observation-based checker needs it: its kind and
/// record, whether it carries a server value for that record, whether its
/// request or session was not current, and whether the store answered it
/// by sending a request.
public struct ObservedEvent<RecordID: Hashable & Sendable>: Hashable, Sendable {
    /// The kind of event.
    public var kind: EventKind
    /// The record it addresses; `nil` for session switches and reorders.
    public var record: RecordID?
    /// Whether it is a write's confirmed or conflict answer or a re-read's answer.
    public var carriesServerValue: Bool
    /// Whether its request (or, for a session switch, its session) was not
    /// current: judged by the caller from the requests the store issued and
    /// the phase it showed, never from the store's own decision.
    public var isStale: Bool
    /// Whether the store returned a request token for it.
    public var issuedRequest: Bool

    /// Creates an observed event.
    @inlinable
    public init(kind: EventKind, record: RecordID?, carriesServerValue: Bool, isStale: Bool, issuedRequest: Bool) {
        self.kind = kind
        self.record = record
        self.carriesServerValue = carriesServerValue
        self.isStale = isStale
        self.issuedRequest = issuedRequest
    }
}

/// The seven invariants on what a store shows, for stores whose inside is
/// not visible: a team's ``ExplorableStore`` or a store program.
///
/// The same rules as ``InvariantChecker``, read from observations: a stale
/// event must leave the observation (hidden state included) unchanged and
/// send nothing; only a current confirmed, conflict or re-read answer (or a
/// newer session's load) may change a confirmed value; a tap that sends a
/// request while saving or needing a re-read breaks 4 or 5; a reorder must
/// leave every record as it was; an event for one record must leave the
/// session, the list and every other record alone.
public enum ObservedInvariantChecker {
    /// Every violated invariant around `event`, in ``InvariantChecker/reportingOrder``.
    ///
    /// - Complexity: O(n) in the number of records.
    @inlinable
    public static func violations<RecordID, Value>(
        before: StoreObservation<RecordID, Value>, event: ObservedEvent<RecordID>,
        after: StoreObservation<RecordID, Value>
    ) -> [InvariantViolation<RecordID>] {
        InvariantChecker.reportingOrder.compactMap { check($0, before: before, event: event, after: after) }
    }

    /// Checks one invariant around `event`.
    ///
    /// - Complexity: O(n) in the number of records.
    @inlinable
    public static func check<RecordID, Value>(
        _ invariant: Invariant, before: StoreObservation<RecordID, Value>, event: ObservedEvent<RecordID>,
        after: StoreObservation<RecordID, Value>
    ) -> InvariantViolation<RecordID>? {
        let kind = event.kind.rawValue
        switch invariant {
        case .idleShowsConfirmed:
            for id in after.order {
                guard let state = after.records[id] else { continue }
                if state.phase == .idle, state.visible != state.confirmed {
                    return InvariantViolation(
                        .idleShowsConfirmed, record: id,
                        detail: "the record is idle but shows a value the server has not confirmed")
                }
            }
            return nil
        case .staleEventChangesNothing:
            guard event.isStale, event.issuedRequest || after != before else { return nil }
            return InvariantViolation(
                .staleEventChangesNothing, record: event.record,
                detail: "a \(kind) with a ticket or session that is not current "
                    + (after != before ? "changed the store" : "sent a request"))
        case .confirmedOnlyOnServerEvidence:
            if event.kind == .switchSession, !event.isStale { return nil }
            let evidenceFor = event.carriesServerValue && !event.isStale ? event.record : nil
            for (id, old) in before.records {
                guard let new = after.records[id], new.confirmed != old.confirmed, id != evidenceFor else { continue }
                return InvariantViolation(
                    .confirmedOnlyOnServerEvidence, record: id,
                    detail: "the confirmed value changed on a \(kind) that carries no server value for it")
            }
            return nil
        case .oneWriteInFlight:
            guard event.kind == .tap, event.issuedRequest, let record = event.record,
                before.records[record]?.phase == .saving
            else { return nil }
            return InvariantViolation(
                .oneWriteInFlight, record: record, detail: "a second write started while a write was in flight")
        case .noWriteBeforeResync:
            guard let record = event.record, before.records[record]?.phase == .needsSync else { return nil }
            guard (event.kind == .tap && event.issuedRequest) || after.records[record]?.phase == .saving else {
                return nil
            }
            return InvariantViolation(
                .noWriteBeforeResync, record: record, detail: "a write started while a re-read was outstanding")
        case .reorderChangesNoState:
            guard event.kind == .reorder else { return nil }
            for (id, old) in before.records where after.records[id] != old {
                return InvariantViolation(
                    .reorderChangesNoState, record: id, detail: "reordering the list changed the record's state")
            }
            return nil
        case .everyChangeHasOneEvent:
            guard let record = event.record else { return nil }
            if after.session != before.session || after.order != before.order
                || after.records.count != before.records.count
            {
                return InvariantViolation(
                    .everyChangeHasOneEvent, record: record,
                    detail: "a \(kind) for one record changed the session or the list")
            }
            for (id, old) in before.records where id != record && after.records[id] != old {
                return InvariantViolation(
                    .everyChangeHasOneEvent, record: id,
                    detail: "a \(kind) for another record changed this record")
            }
            return nil
        }
    }

    /// Invariant 6 across two lists that received the same events, one
    /// loaded in another order: every record shows the same in both, both
    /// sent a request or neither did, and after a reorder both show the
    /// same display order.
    ///
    /// - Complexity: O(n).
    @inlinable
    public static func sameStatesByRecord<RecordID, Value>(
        _ first: StoreObservation<RecordID, Value>, _ second: StoreObservation<RecordID, Value>,
        event: ObservedEvent<RecordID>, twinIssued: Bool
    ) -> InvariantViolation<RecordID>? {
        let record = event.record
        if event.issuedRequest != twinIssued {
            return InvariantViolation(
                .reorderChangesNoState, record: record,
                detail: "the same event sent a request on one list and not on the list loaded in another order")
        }
        for (id, state) in first.records where second.records[id] != state {
            return InvariantViolation(
                .reorderChangesNoState, record: id, detail: "the record's state depends on the order of the list")
        }
        if first.records.count != second.records.count || first.session != second.session {
            return InvariantViolation(
                .reorderChangesNoState, record: nil,
                detail: "the list loaded in another order shows other records or another session")
        }
        if event.kind == .reorder, first.order != second.order {
            return InvariantViolation(
                .reorderChangesNoState, record: nil,
                detail: "the list loaded in another order shows another display order after the same events")
        }
        return nil
    }
}
