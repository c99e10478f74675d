import OptimisticState

/// One event of the search, packed into 32 bits: what it is, the record it
/// addresses, where its ticket comes from, the outcome and value, or the
/// index of the loaded values or of the display order.
///
/// The event names tickets by slot, not by number, so the same event means
/// the same thing in a canonical state and in a replay from a fresh store.
struct ExplorerEvent: Hashable, Sendable {
    /// What the event does.
    enum Kind: UInt32 {
        /// A tap asking for a value.
        case tap
        /// The answer to a write, with an outcome.
        case finish
        /// A cancelled request.
        case cancel
        /// The answer to a re-read.
        case resync
        /// An account switch to the second session.
        case switchSession
        /// A session load for a session that is not newer.
        case staleSwitch
        /// A reorder of the list.
        case reorder
    }

    /// The packed fields: kind (3 bits), record (2), slot (2), outcome (2),
    /// value (2), index (8).
    var code: UInt32

    /// Creates an event from its packed fields.
    @inline(__always)
    init(code: UInt32) { self.code = code }

    @inline(__always)
    init(
        _ kind: Kind, record: Int = 0, slot: TicketSlot = .held, outcome: UInt32 = 0, value: UInt8 = 0,
        index: Int = 0
    ) {
        code =
            kind.rawValue | UInt32(record) << 3 | slot.rawValue << 5 | outcome << 7 | UInt32(value) << 9
            | UInt32(index) << 11
    }

    /// What the event does.
    @inline(__always)
    var kind: Kind { Kind(rawValue: code & 7)! }
    /// The load position of the record addressed.
    @inline(__always)
    var record: Int { Int(code >> 3 & 3) }
    /// Where the answer's ticket comes from.
    @inline(__always)
    var slot: TicketSlot { TicketSlot(rawValue: code >> 5 & 3)! }
    /// The outcome of a finish, as its index in `OutcomeCategory.allCases`
    /// (confirmed, rejected, uncertain, conflict).
    @inline(__always)
    var outcomeIndex: Int { Int(code >> 7 & 3) }
    /// The value of a tap, a confirmed or conflict outcome, or a re-read.
    @inline(__always)
    var value: UInt8 { UInt8(code >> 9 & 3) }
    /// The index of the loaded values (a switch) or the display order (a reorder).
    @inline(__always)
    var index: Int { Int(code >> 11) }

    /// The outcome of a finish.
    @inline(__always)
    var outcome: Outcome<UInt8> {
        switch outcomeIndex {
        case 0: .confirmed(value)
        case 1: .rejected
        case 2: .uncertain
        default: .conflict(value)
        }
    }
}

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
struct EnabledEvents {
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
