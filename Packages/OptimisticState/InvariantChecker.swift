/// Checks the seven invariants around one event, from the store before it,
/// the event, its result and the store after it.
///
/// The checker re-derives from the *observable* state before the event
/// whether the event's ticket was current, instead of trusting the store's
/// own decision, so a store that accepts a stale answer is caught.
/// Tests, scenario runs and the explorer call it after every event.
public enum InvariantChecker {
    /// The order in which violations are reported: the rule the event is
    /// about first (6 for a reorder, 2 for a stale answer, 5 and 4 for a tap),
    /// then the rules about confirmed values, causality and idle records.
    public static let reportingOrder: [Invariant] = [
        .reorderChangesNoState, .staleEventChangesNothing, .noWriteBeforeResync, .oneWriteInFlight,
        .confirmedOnlyOnServerEvidence, .everyChangeHasOneEvent, .idleShowsConfirmed,
    ]

    /// The first violation around `event`, in ``reportingOrder``, or `nil`
    /// when all seven invariants hold.
    ///
    /// - Complexity: O(n) in the number of records.
    @inlinable
    public static func firstViolation<RecordID, Value>(
        before: OptimisticStore<RecordID, Value>, event: StoreEvent<RecordID, Value>,
        result: EventResult<RecordID, Value>, after: OptimisticStore<RecordID, Value>
    ) -> InvariantViolation<RecordID>? {
        for invariant in reportingOrder {
            if let violation = check(invariant, before: before, event: event, result: result, after: after) {
                return violation
            }
        }
        return nil
    }

    /// Every violated invariant around `event`, in ``reportingOrder`` (at
    /// most one violation per invariant).
    ///
    /// - Complexity: O(n) in the number of records.
    @inlinable
    public static func violations<RecordID, Value>(
        before: OptimisticStore<RecordID, Value>, event: StoreEvent<RecordID, Value>,
        result: EventResult<RecordID, Value>, after: OptimisticStore<RecordID, Value>
    ) -> [InvariantViolation<RecordID>] {
        reportingOrder.compactMap { check($0, before: before, event: event, result: result, after: after) }
    }

    /// Checks one invariant around `event`.
    ///
    /// - Complexity: O(n) in the number of records.
    @inlinable
    public static func check<RecordID, Value>(
        _ invariant: Invariant, before: OptimisticStore<RecordID, Value>, event: StoreEvent<RecordID, Value>,
        result: EventResult<RecordID, Value>, after: OptimisticStore<RecordID, Value>
    ) -> InvariantViolation<RecordID>? {
        switch invariant {
        case .idleShowsConfirmed: idleShowsConfirmed(after)
        case .staleEventChangesNothing: staleEventChangesNothing(before, event, result, after)
        case .confirmedOnlyOnServerEvidence: confirmedOnlyOnServerEvidence(before, event, result, after)
        case .oneWriteInFlight: oneWriteInFlight(before, event, result, after)
        case .noWriteBeforeResync: noWriteBeforeResync(before, event, result, after)
        case .reorderChangesNoState: reorderChangesNoState(before, event, result, after)
        case .everyChangeHasOneEvent: everyChangeHasOneEvent(before, event, result, after)
        }
    }

    /// Invariant 1 on a single store: every idle record shows its confirmed value.
    ///
    /// - Complexity: O(n).
    @inlinable
    public static func idleShowsConfirmed<RecordID, Value>(
        _ store: OptimisticStore<RecordID, Value>
    ) -> InvariantViolation<RecordID>? {
        for position in store.states.indices {
            let state = store.states[position]
            if state.phaseKind == .idle, state.visible != state.confirmed {
                return InvariantViolation(
                    .idleShowsConfirmed, record: store.ids[position],
                    detail: "the record is idle but shows a value the server has not confirmed")
            }
        }
        return nil
    }

    /// Invariant 6 across two stores that received the same events, one with
    /// its records loaded in another order: every record has the same state
    /// in both.
    ///
    /// - Complexity: O(n) on average.
    @inlinable
    public static func sameStatesByRecord<RecordID, Value>(
        _ first: OptimisticStore<RecordID, Value>, _ second: OptimisticStore<RecordID, Value>
    ) -> InvariantViolation<RecordID>? {
        for (position, record) in first.ids.enumerated() where second[record] != first.states[position] {
            return InvariantViolation(
                .reorderChangesNoState, record: record,
                detail: "the record's state depends on the order of the list")
        }
        if first.count != second.count {
            return InvariantViolation(
                .reorderChangesNoState, record: nil, detail: "the two lists hold different records")
        }
        return nil
    }

    /// Whether `event` carries a ticket or session that was not current in
    /// `before`, judged from the record's observable phase.
    @inlinable
    static func isStale<RecordID, Value>(
        _ event: StoreEvent<RecordID, Value>, in before: OptimisticStore<RecordID, Value>
    ) -> Bool {
        switch event {
        case .finish(let record, let ticket, _):
            return before[record]?.phase != .saving(ticket) || ticket.session != before.session
        case .cancel(let record, let ticket):
            guard let phase = before[record]?.phase, ticket.session == before.session else { return true }
            return phase != .saving(ticket) && phase != .needsSync(ticket)
        case .resync(let record, let ticket, _):
            return before[record]?.phase != .needsSync(ticket) || ticket.session != before.session
        case .replaceSession(let session, _):
            return session <= before.session
        case .begin, .reorder:
            return false
        }
    }

    @inlinable
    static func staleEventChangesNothing<RecordID, Value>(
        _ before: OptimisticStore<RecordID, Value>, _ event: StoreEvent<RecordID, Value>,
        _ result: EventResult<RecordID, Value>, _ after: OptimisticStore<RecordID, Value>
    ) -> InvariantViolation<RecordID>? {
        guard isStale(event, in: before) else { return nil }
        if result.isApplied || after != before {
            return InvariantViolation(
                .staleEventChangesNothing, record: event.record,
                detail: "a \(event.kind.rawValue) with a ticket or session that is not current "
                    + (after != before ? "changed the store" : "was reported as applied"))
        }
        return nil
    }

    @inlinable
    static func confirmedOnlyOnServerEvidence<RecordID, Value>(
        _ before: OptimisticStore<RecordID, Value>, _ event: StoreEvent<RecordID, Value>,
        _ result: EventResult<RecordID, Value>, _ after: OptimisticStore<RecordID, Value>
    ) -> InvariantViolation<RecordID>? {
        if case .replaceSession = event, result.isApplied { return nil }
        var evidenceFor: RecordID?
        if result.isApplied {
            switch event {
            case .finish(let record, _, .confirmed), .finish(let record, _, .conflict), .resync(let record, _, _):
                evidenceFor = record
            default: break
            }
        }
        for (position, record) in after.ids.enumerated() {
            guard let old = before[record], old.confirmed != after.states[position].confirmed else { continue }
            if record != evidenceFor {
                return InvariantViolation(
                    .confirmedOnlyOnServerEvidence, record: record,
                    detail:
                        "the confirmed value changed on a \(event.kind.rawValue) that carries no server value for it")
            }
        }
        return nil
    }

    @inlinable
    static func oneWriteInFlight<RecordID, Value>(
        _ before: OptimisticStore<RecordID, Value>, _ event: StoreEvent<RecordID, Value>,
        _ result: EventResult<RecordID, Value>, _ after: OptimisticStore<RecordID, Value>
    ) -> InvariantViolation<RecordID>? {
        guard let record = event.record, let old = before[record], old.phaseKind == .saving else { return nil }
        let startedWrite = result.effect?.kind == .sendWrite
        let replacedWrite = after[record].map { $0.phaseKind == .saving && $0.ticket != old.ticket } ?? false
        if startedWrite || replacedWrite {
            return InvariantViolation(
                .oneWriteInFlight, record: record,
                detail: "a second write started while the write \(old.ticket) was in flight")
        }
        return nil
    }

    @inlinable
    static func noWriteBeforeResync<RecordID, Value>(
        _ before: OptimisticStore<RecordID, Value>, _ event: StoreEvent<RecordID, Value>,
        _ result: EventResult<RecordID, Value>, _ after: OptimisticStore<RecordID, Value>
    ) -> InvariantViolation<RecordID>? {
        guard let record = event.record, let old = before[record], old.phaseKind == .needsSync else { return nil }
        if result.effect?.kind == .sendWrite || after[record]?.phaseKind == .saving {
            return InvariantViolation(
                .noWriteBeforeResync, record: record,
                detail: "a write started while the re-read \(old.ticket) was outstanding")
        }
        return nil
    }

    @inlinable
    static func reorderChangesNoState<RecordID, Value>(
        _ before: OptimisticStore<RecordID, Value>, _ event: StoreEvent<RecordID, Value>,
        _ result: EventResult<RecordID, Value>, _ after: OptimisticStore<RecordID, Value>
    ) -> InvariantViolation<RecordID>? {
        guard case .reorder = event else { return nil }
        for (position, record) in before.ids.enumerated() where after[record] != before.states[position] {
            return InvariantViolation(
                .reorderChangesNoState, record: record,
                detail: "reordering the list changed the record's state")
        }
        return nil
    }

    @inlinable
    static func everyChangeHasOneEvent<RecordID, Value>(
        _ before: OptimisticStore<RecordID, Value>, _ event: StoreEvent<RecordID, Value>,
        _ result: EventResult<RecordID, Value>, _ after: OptimisticStore<RecordID, Value>
    ) -> InvariantViolation<RecordID>? {
        if !result.isApplied {
            guard after != before else { return nil }
            return InvariantViolation(
                .everyChangeHasOneEvent, record: event.record,
                detail: "a \(event.kind.rawValue) reported as ignored changed the store")
        }
        guard let record = event.record else { return nil }
        if after.session != before.session || after.ids != before.ids || after.rows != before.rows {
            return InvariantViolation(
                .everyChangeHasOneEvent, record: record,
                detail: "a \(event.kind.rawValue) for one record changed the session or the list")
        }
        let addressed = before.index[record]
        for position in before.states.indices where position != addressed {
            if before.states[position] != after.states[position] {
                return InvariantViolation(
                    .everyChangeHasOneEvent, record: before.ids[position],
                    detail: "a \(event.kind.rawValue) for another record changed this record")
            }
        }
        return nil
    }
}
