import OptimisticState
import Testing

@testable import StateExplorer

/// Canonical keys: renaming tickets by order of issue keeps what the store
/// can tell apart, and the representatives stand for every ticket ever issued.
@Suite struct CanonicalStateTests {
    typealias Store = ExplorerState.Store

    @Test func aKeyDecodesToAStoreThatEncodesToTheSameKey() throws {
        let search = {
            var search = ExplorerSearch(ExplorerConfiguration(records: 2, values: 3))
            search.run { _ in }
            return search
        }()
        let codec = search.codec
        for key in search.keys { #expect(codec.key(of: codec.state(for: key)) == key) }
    }

    @Test func ticketsAreRenamedByOrderOfIssueAndTheCounterContinuesAfterThem() {
        let codec = StateCodec(records: 2)
        var state = ExplorerState(store: try! Store(session: 1, records: [(0, 0), (1, 1)]))
        // Mint and give up tickets so that serials 1 ... 5 are issued; the
        // state holds #4 and #5 (record 1 then record 0) and #3 as stale.
        for event: StoreEvent<UInt8, UInt8> in [
            .begin(0, desired: 1), .finish(0, ticket: Ticket(session: 1, serial: 1), outcome: .uncertain),
            .cancel(0, ticket: Ticket(session: 1, serial: 2)), .begin(1, desired: 0),
        ] {
            var after = state.store
            after.apply(event)
            state = state.successor(after: after)
        }
        var after = state.store
        after.apply(.resync(0, ticket: Ticket(session: 1, serial: 3), value: 1))
        after.apply(.begin(0, desired: 0))
        state = state.successor(after: after)
        #expect(state.store.states.map(\.ticket.serial) == [5, 4])
        #expect(state.stale.first.serial == 3)
        let decoded = codec.state(for: codec.key(of: state))
        // Order kept: stale < record 1's < record 0's; numbers dense from 1.
        #expect(decoded.stale.first.serial == 1)
        #expect(decoded.store.states.map(\.ticket.serial) == [3, 2])
        #expect(decoded.store.nextTicketSerial == 4)
        #expect(decoded.store.states.map(\.phaseKind) == state.store.states.map(\.phaseKind))
        #expect(decoded.store.states.map(\.visible) == state.store.states.map(\.visible))
        #expect(decoded.store.states.map(\.confirmed) == state.store.states.map(\.confirmed))
        // A state that differs only by ticket numbers has the same key.
        var shifted = state
        shifted.store.nextSerial += 7
        #expect(codec.key(of: shifted) == codec.key(of: state))
        // One that differs in the order of issue does not.
        var swapped = state
        swapped.store.states[0].ticket = Ticket(session: 1, serial: 4)
        swapped.store.states[1].ticket = Ticket(session: 1, serial: 5)
        #expect(codec.key(of: swapped) != codec.key(of: state))
    }

    @Test(arguments: [(1, 2, 6), (2, 2, 4), (1, 3, 4)])
    func everyTicketEverIssuedReachesNoStateTheRepresentativesMiss(records: Int, values: Int, depth: Int) throws {
        // Without symmetry reduction: this is about tickets alone.
        let configuration = ExplorerConfiguration(records: records, values: values, maxDepth: depth, symmetry: [])
        let report = try Explorer(configuration).run()
        var search = ExplorerSearch(configuration)
        search.run { _ in }
        let naive = NaiveSearch(records: records, values: values).keys(within: depth, codec: search.codec)
        #expect(Set(search.keys) == naive.keys)
        #expect(search.keys.count == report.states)
        // The naive search answers more tickets for the same states.
        #expect(naive.transitions > report.transitions)
    }
}
