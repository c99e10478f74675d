import OptimisticState

/// The events enabled in a state, and how each becomes a store event.
///
/// In every state: a tap to each value on each record; for every ticket
/// the state can still be answered with (the one a record holds, its stale
/// and its earlier-session representative), each outcome of a write's
/// answer (confirmed and conflict with each value, rejected, uncertain), a
/// cancel, and a re-read answer with each value; a reorder to every other
/// display order; in the first session an account switch loading each
/// assignment of values; in every session a load for a session that is not
/// newer. Answers are routed to the record the ticket was issued for.
struct ExplorerEvents {
    typealias Event = StoreEvent<UInt8, UInt8>

    /// The number of records.
    let records: Int
    /// The size of the value domain.
    let values: Int
    /// Every assignment of values to the records, as a session loads them.
    let loadedValues: [[LoadedRecord<UInt8, UInt8>]]
    /// Every display order, as record IDs (the index of ``StateCodec/orders``).
    let orders: [[UInt8]]

    init(records: Int, values: Int) {
        self.records = records
        self.values = values
        var assignments: [[LoadedRecord<UInt8, UInt8>]] = [[]]
        for record in 0..<records {
            assignments = assignments.flatMap { prefix in
                (0..<values).map { prefix + [LoadedRecord(UInt8(record), UInt8($0))] }
            }
        }
        loadedValues = assignments
        orders = StateCodec.permutations(of: Array(0..<records)).map { $0.map(UInt8.init) }
    }

    /// Fills `buffer` with the events enabled in `state`, in a fixed order.
    ///
    /// - Complexity: O(r · v + r!) events.
    @inline(__always)
    func enabled(in state: ExplorerState, into buffer: inout [ExplorerEvent]) {
        buffer.removeAll(keepingCapacity: true)
        let store = state.store
        for record in 0..<records {
            for value in 0..<values { buffer.append(ExplorerEvent(.tap, record: record, value: UInt8(value))) }
        }
        for record in 0..<records {
            for slot in TicketSlot.allCases where state.ticket(slot, of: record).serial != 0 {
                for value in 0..<values {
                    buffer.append(ExplorerEvent(.finish, record: record, slot: slot, outcome: 0, value: UInt8(value)))
                }
                buffer.append(ExplorerEvent(.finish, record: record, slot: slot, outcome: 1))
                buffer.append(ExplorerEvent(.finish, record: record, slot: slot, outcome: 2))
                for value in 0..<values {
                    buffer.append(ExplorerEvent(.finish, record: record, slot: slot, outcome: 3, value: UInt8(value)))
                }
                buffer.append(ExplorerEvent(.cancel, record: record, slot: slot))
                for value in 0..<values {
                    buffer.append(ExplorerEvent(.resync, record: record, slot: slot, value: UInt8(value)))
                }
            }
        }
        if records > 1 {
            let current = store.rows
            for index in orders.indices where !orders[index].elementsEqual(current, by: { Int($0) == $1 }) {
                buffer.append(ExplorerEvent(.reorder, index: index))
            }
        }
        if store.session == StateCodec.firstSession {
            for index in loadedValues.indices { buffer.append(ExplorerEvent(.switchSession, index: index)) }
        }
        buffer.append(ExplorerEvent(.staleSwitch))
    }

    /// The store event for `event` in `state`, with the ticket of its slot.
    @inline(__always)
    func storeEvent(_ event: ExplorerEvent, in state: ExplorerState) -> Event {
        let record = UInt8(event.record)
        switch event.kind {
        case .tap:
            return .begin(record, desired: event.value)
        case .finish:
            return .finish(record, ticket: state.ticket(event.slot, of: event.record), outcome: event.outcome)
        case .cancel:
            return .cancel(record, ticket: state.ticket(event.slot, of: event.record))
        case .resync:
            return .resync(record, ticket: state.ticket(event.slot, of: event.record), value: event.value)
        case .switchSession:
            return .replaceSession(StateCodec.secondSession, loadedValues[event.index])
        case .staleSwitch:
            return .replaceSession(state.store.session, loadedValues[0])
        case .reorder:
            return .reorder(orders[event.index])
        }
    }

    /// The age of the ticket in `slot` for a record in `phase`.
    @inline(__always)
    static func age(_ slot: TicketSlot, phase: PhaseKind) -> TicketAge {
        switch slot {
        case .held: phase == .idle ? .duplicate : .current
        case .stale: .stale
        case .earlier: .earlierSession
        }
    }

    /// The index in ``TransitionLabel/all`` of `event` applied to `store`.
    @inline(__always)
    static func labelIndex(_ event: ExplorerEvent, store: ExplorerState.Store) -> Int {
        func ageIndex() -> Int {
            switch event.slot {
            case .held: store.states[event.record].phaseKind == .idle ? 1 : 0
            case .stale: 2
            case .earlier: 3
            }
        }
        switch event.kind {
        case .tap: return 0
        case .finish: return 1 + event.outcomeIndex * 4 + ageIndex()
        case .cancel: return 17 + ageIndex()
        case .resync: return 21 + ageIndex()
        case .switchSession: return 25
        case .staleSwitch: return 26
        case .reorder: return 27
        }
    }

    /// The coverage label of `event` applied to `store`.
    static func label(_ event: ExplorerEvent, store: ExplorerState.Store) -> TransitionLabel {
        TransitionLabel.all[labelIndex(event, store: store)]
    }
}
