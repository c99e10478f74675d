import OptimisticState
import Testing

/// The text forms a reader sees when printing the values of a store.
@Suite struct DescriptionTests {
    @Test func effectsResultsAndRecordsPrintTheirParts() throws {
        var store = try OptimisticStore(session: 1, records: [("post-1", false)])
        let tap = store.begin("post-1", desired: true)
        #expect("\(tap)" == "applied(sendWrite(post-1, #1/s1, true))")
        #expect("\(store["post-1"]!)" == "confirmed false, visible true, saving(#1/s1)")
        #expect("\(store.begin("post-1", desired: false))" == "ignored(busy)")
        let timeout = store.finish("post-1", ticket: tap.ticket!, outcome: .uncertain)
        #expect("\(timeout)" == "applied(sendReread(post-1, #2/s1))")
        #expect("\(store["post-1"]!)" == "confirmed false, visible false, needsSync(#2/s1)")
        let answer = store.resync("post-1", ticket: timeout.ticket!, value: true)
        #expect("\(answer)" == "applied(none)")
        #expect("\(store["post-1"]!)" == "confirmed true, visible true, idle")
    }
}
