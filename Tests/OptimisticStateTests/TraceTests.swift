import Testing

@testable import OptimisticState

/// Traces: anonymised record IDs, outcome categories, events in order, and
/// deterministic replay.
@Suite struct TraceTests {
    @Test func sipHashMatchesTheReferenceVectors() {
        let key0: UInt64 = 0x0706_0504_0302_0100
        let key1: UInt64 = 0x0f0e_0d0c_0b0a_0908
        #expect(SipHash.hash([], key0: key0, key1: key1) == 0x726f_db47_dd0e_0e31)
        #expect(SipHash.hash(Array(0..<15), key0: key0, key1: key1) == 0xa129_ca61_49be_45e5)
        #expect(SipHash.hash(Array(0..<8), key0: key0, key1: key1) == 0x93f5_f579_9a93_2462)
    }

    @Test func recordIDsAreAnonymisedBySaltedHash() {
        let a = AnonymousRecord("post-1", salt: 7)
        #expect(a == AnonymousRecord("post-1", salt: 7), "stable within a trace")
        #expect(a != AnonymousRecord("post-2", salt: 7))
        #expect(a != AnonymousRecord("post-1", salt: 8), "the salt changes every hash")
        #expect(!a.description.contains("post"))
        #expect(a.description.count == 14 && a.description.hasPrefix("r:"))
    }

    func sampleRun(salt: UInt64) throws -> TracedStore<String, Bool> {
        var traced = TracedStore(try OptimisticStore(records: [("post-1", false), ("post-2", true)]), salt: salt)
        let write = try #require(traced.apply(.begin("post-1", desired: true)).ticket)
        traced.apply(.begin("post-1", desired: false))
        let sync = try #require(traced.apply(.finish("post-1", ticket: write, outcome: .uncertain)).ticket)
        traced.apply(.finish("post-1", ticket: write, outcome: .confirmed(true)))
        traced.apply(.resync("post-1", ticket: sync, value: true))
        traced.apply(.reorder(["post-2", "post-1"]))
        traced.apply(.replaceSession(2, [LoadedRecord("post-1", false)]))
        traced.apply(.cancel("post-1", ticket: write))
        return traced
    }

    @Test func theTraceRecordsEveryEventInOrderWithoutValues() throws {
        let traced = try sampleRun(salt: 42)
        let r = AnonymousRecord("post-1", salt: 42)
        #expect(
            traced.trace.description == """
                1 tap \(r) #1/s1 -> applied sendWrite, saving
                2 tap \(r) -> ignored busy, saving
                3 finish \(r) #1/s1 uncertain -> applied sendReread, needsSync
                4 finish \(r) #1/s1 confirmed -> ignored staleTicket, needsSync
                5 resync \(r) #2/s1 -> applied nothing, idle
                6 reorder -> applied nothing
                7 switchSession -> applied nothing
                8 cancel \(r) #1/s1 uncertain -> ignored earlierSession, idle
                """)
        #expect(traced.trace.entries.map(\.sequence) == Array(1...8))
    }

    @Test func replayingATraceYieldsTheIdenticalTrace() throws {
        let traced = try sampleRun(salt: 9)
        let replay = traced.replayed()
        #expect(replay.trace == traced.trace)
        #expect(replay.store == traced.store)
        #expect(replay.replayed().trace == traced.trace)
        #expect(try sampleRun(salt: 10).trace != traced.trace, "another salt, other hashes")
    }

    @Test func randomWalksReplayToIdenticalTraces() {
        var walk = RandomWalk(records: 3, seed: 99)
        var traced = TracedStore(walk.store, salt: 5)
        for _ in 0..<2_000 {
            let event = walk.nextEvent()
            _ = walk.step(event)
            traced.apply(event)
        }
        #expect(traced.store == walk.store)
        #expect(traced.trace.entries.count == 2_000, "exactly one entry per event")
        #expect(traced.replayed().trace == traced.trace)
    }
}
