import OptimisticState

/// The same list loaded in the reverse order: every event the search
/// applies is applied to it too, and every record must end in the same
/// state in both (invariant 6 on every transition, not only on reorders).
struct PermutedList {
    typealias Store = ExplorerState.Store

    /// A store holding the records in reverse load order.
    let template: Store
    /// The number of records.
    let records: Int
    /// The store faults events run with on this list.
    let faults: StoreFaults

    init(records: Int, faults: StoreFaults) {
        self.records = records
        self.faults = faults
        template = try! Store(
            session: StateCodec.firstSession, loaded: (0..<records).reversed().map { LoadedRecord(UInt8($0), 0) })
    }

    /// The store holding the same records in the same states, display order,
    /// session and ticket counter as `store`, loaded in the reverse order.
    ///
    /// - Complexity: O(r).
    @inline(__always)
    func store(mirroring store: Store) -> Store {
        var twin = template
        twin._session = store.session
        twin.nextSerial = store.nextSerial
        let last = records - 1
        twin.states = store.states.reversed()
        twin.rows = store.rows.map { last - $0 }
        return twin
    }

    /// The difference between `event` on the search's store (giving
    /// `result` and `after`) and on the reverse-ordered list (giving
    /// `twinResult` and `twin`, from `twinBefore`), or `nil` when the
    /// result, every record's state and the display order agree.
    @inline(__always)
    static func difference(
        _ event: StoreEvent<UInt8, UInt8>, _ result: EventResult<UInt8, UInt8>, _ after: Store,
        _ twinResult: EventResult<UInt8, UInt8>, _ twin: Store, twinBefore: Store
    ) -> InvariantViolation<UInt8>? {
        if twinResult != result {
            return InvariantViolation(
                .reorderChangesNoState, record: event.record,
                detail: "the same event had another result on the list loaded in another order")
        }
        guard result.isApplied else {
            if twin != twinBefore {
                return InvariantViolation(
                    .reorderChangesNoState, record: event.record,
                    detail: "the same event, ignored, changed the list loaded in another order")
            }
            return nil
        }
        if let violation = InvariantChecker.sameStatesByRecord(after, twin) { return violation }
        if case .reorder = event, after.records != twin.records {
            return InvariantViolation(
                .reorderChangesNoState, record: nil,
                detail: "the same reorder left the list loaded in another order in another display order")
        }
        return nil
    }
}
