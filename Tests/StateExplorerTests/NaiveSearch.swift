import OptimisticState

@testable import StateExplorer

/// A search that keeps every ticket ever issued and answers each of them,
/// with no representatives and no renaming: the reference the explorer's
/// canonical states are checked against, for a few levels.
///
/// Written independently of the explorer's event list: it builds store
/// events directly, routes every answer to the record its ticket was issued
/// for, and deduplicates on the full state (store and issued tickets).
struct NaiveSearch {
    typealias Store = OptimisticStore<UInt8, UInt8>

    /// A state: the store and every ticket issued, with its record.
    struct State: Hashable {
        var store: Store
        var issued: [Issued]
    }

    /// One issued ticket and the record it was issued for.
    struct Issued: Hashable {
        var record: UInt8
        var ticket: Ticket
    }

    let records: Int
    let values: Int

    /// Every event the naive search tries in `state`.
    func events(in state: State) -> [StoreEvent<UInt8, UInt8>] {
        let ids = (0..<records).map(UInt8.init)
        let domain = (0..<values).map(UInt8.init)
        var events: [StoreEvent<UInt8, UInt8>] = []
        for record in ids { for value in domain { events.append(.begin(record, desired: value)) } }
        for issued in state.issued {
            var outcomes: [Outcome<UInt8>] = [.rejected, .uncertain]
            for value in domain { outcomes += [.confirmed(value), .conflict(value)] }
            for outcome in outcomes { events.append(.finish(issued.record, ticket: issued.ticket, outcome: outcome)) }
            events.append(.cancel(issued.record, ticket: issued.ticket))
            for value in domain { events.append(.resync(issued.record, ticket: issued.ticket, value: value)) }
        }
        for order in StateCodec.permutations(of: Array(0..<records)) where order != state.store.rows {
            events.append(.reorder(order.map(UInt8.init)))
        }
        var assignments: [[LoadedRecord<UInt8, UInt8>]] = [[]]
        for record in ids {
            assignments = assignments.flatMap { prefix in domain.map { prefix + [LoadedRecord(record, $0)] } }
        }
        if state.store.session == 1 { for loaded in assignments { events.append(.replaceSession(2, loaded)) } }
        events.append(.replaceSession(state.store.session, assignments[0]))
        return events
    }

    /// The explorer state `state` stands for: per record, the latest ticket
    /// it gave up in this session and its latest of the earlier session.
    func projected(_ state: State) -> ExplorerState {
        var result = ExplorerState(store: state.store)
        for issued in state.issued {
            let position = Int(issued.record)
            if issued.ticket.session < state.store.session {
                if issued.ticket.serial > result.earlier[position].serial { result.earlier[position] = issued.ticket }
            } else if issued.ticket != state.store.states[position].ticket,
                issued.ticket.serial > result.stale[position].serial
            {
                result.stale[position] = issued.ticket
            }
        }
        return result
    }

    /// The canonical keys reached within `depth` events from every loaded
    /// list, and the number of transitions tried.
    func keys(within depth: Int, codec: StateCodec) -> (keys: Set<UInt64>, transitions: Int) {
        var assignments: [[LoadedRecord<UInt8, UInt8>]] = [[]]
        for record in 0..<records {
            assignments = assignments.flatMap { prefix in
                (0..<values).map { prefix + [LoadedRecord(UInt8(record), UInt8($0))] }
            }
        }
        var frontier = assignments.map {
            State(store: try! Store(session: 1, records: $0.map { ($0.id, $0.value) }), issued: [])
        }
        var seen = Set(frontier)
        var transitions = 0
        for _ in 0..<depth {
            var next: [State] = []
            for state in frontier {
                for event in events(in: state) {
                    var after = state.store
                    let result = after.apply(event)
                    transitions += 1
                    var successor = State(store: after, issued: state.issued)
                    if let ticket = result.ticket, let record = event.record {
                        successor.issued.append(Issued(record: record, ticket: ticket))
                    }
                    if seen.insert(successor).inserted { next.append(successor) }
                }
            }
            frontier = next
        }
        return (Set(seen.map { codec.key(of: projected($0)) }), transitions)
    }
}
