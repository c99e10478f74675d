import OptimisticState
import Testing

/// The README's favourite-button example does what its comments say.
@Suite struct ReadmeExampleTests {
    @Test func theReadmeExampleHolds() throws {
        var store = try OptimisticStore(session: 1, records: [("post-1", false)])
        let tap = store.begin("post-1", desired: true)
        let write = Ticket(session: 1, serial: 1)
        #expect(tap == .applied(.sendWrite(record: "post-1", ticket: write, value: true)))
        #expect(store.begin("post-1", desired: false) == .ignored(.busy))
        let uncertain = store.finish("post-1", ticket: tap.ticket!, outcome: .uncertain)
        #expect(uncertain == .applied(.sendReread(record: "post-1", ticket: Ticket(session: 1, serial: 2))))
        #expect(store["post-1"]!.visible == false)
        #expect(store["post-1"]!.acceptsTaps == false)
        #expect(store.replaceSession(2, with: [("post-1", true)]) == .applied(.none))
        #expect(store.finish("post-1", ticket: tap.ticket!, outcome: .confirmed(false)) == .ignored(.earlierSession))
        #expect(store["post-1"]!.visible && store["post-1"]!.confirmed)
    }
}
