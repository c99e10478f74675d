import Testing

@testable import OptimisticState

/// The invariant checker holds on the real store for long random walks,
/// flags each of the seven invariants on a transition built to break it, and
/// catches every known fault of the store.
@Suite struct InvariantCheckerTests {
    typealias Store = OptimisticStore<String, Bool>
    typealias Event = StoreEvent<String, Bool>

    @Test(arguments: [(1, 11 as UInt64), (2, 12), (3, 13), (2, 14)])
    func randomWalksOnTheRealStoreKeepEveryInvariant(records: Int, seed: UInt64) {
        var walk = RandomWalk(records: records, seed: seed)
        var applied = 0
        var ignored: Set<IgnoreReason> = []
        for _ in 0..<20_000 {
            let event = walk.nextEvent()
            let step = walk.step(event)
            if let violation = step.violation { Issue.record("\(violation)") }
            if let reason = step.result.ignoredReason { ignored.insert(reason) } else { applied += 1 }
        }
        // The walk really exercises both sides of every ticket check.
        #expect(applied > 4_000)
        let expected: Set<IgnoreReason> = [
            .busy, .awaitingResync, .earlierSession, .duplicate, .staleTicket, .sessionNotNewer,
        ]
        #expect(expected.isSubset(of: ignored), "missing \(expected.subtracting(ignored))")
    }

    // MARK: Each invariant flags a transition built to break it.

    static func record(_ confirmed: Bool, _ visible: Bool, _ kind: PhaseKind, _ serial: UInt32) -> RecordState<Bool> {
        RecordState(
            confirmed: confirmed, visible: visible, phaseKind: kind,
            ticket: serial == 0 ? .none : Ticket(session: 1, serial: serial))
    }

    static func store(_ states: [RecordState<Bool>], next: UInt32 = 5) -> Store {
        var store = try! Store(records: states.indices.map { ("r\($0)", false) })
        store.states = states
        store.nextSerial = next
        return store
    }

    func flagged(
        _ before: Store, _ event: Event, _ result: EventResult<String, Bool>, _ after: Store
    ) -> Set<Invariant> {
        Set(InvariantChecker.violations(before: before, event: event, result: result, after: after).map(\.invariant))
    }

    @Test func idleShowsConfirmedFlagsAnIdleProvisionalValue() {
        let before = Self.store([Self.record(false, true, .saving, 1)])
        let after = Self.store([Self.record(false, true, .idle, 1)])
        let event = Event.finish("r0", ticket: Ticket(session: 1, serial: 1), outcome: .rejected)
        #expect(flagged(before, event, .applied(.none), after) == [.idleShowsConfirmed])
        #expect(InvariantChecker.idleShowsConfirmed(after)?.record == "r0")
        #expect(InvariantChecker.idleShowsConfirmed(before) == nil)
    }

    @Test func staleEventChangesNothingFlagsAStaleAnswerThatActs() {
        let before = Self.store([Self.record(false, true, .saving, 2)])
        let after = Self.store([Self.record(true, true, .idle, 2)])
        let stale = Event.finish("r0", ticket: Ticket(session: 1, serial: 1), outcome: .confirmed(true))
        #expect(flagged(before, stale, .applied(.none), after).contains(.staleEventChangesNothing))
        let current = Event.finish("r0", ticket: Ticket(session: 1, serial: 2), outcome: .confirmed(true))
        #expect(flagged(before, current, .applied(.none), after) == [])
        // Reported as applied without a change is flagged too.
        #expect(flagged(before, stale, .applied(.none), before) == [.staleEventChangesNothing])
        let oldSession = Event.replaceSession(1, [LoadedRecord("r0", true)])
        #expect(flagged(before, oldSession, .applied(.none), after).contains(.staleEventChangesNothing))
    }

    @Test func confirmedOnlyOnServerEvidenceFlagsARejectionThatConfirms() {
        let before = Self.store([Self.record(false, true, .saving, 1)])
        let after = Self.store([Self.record(true, true, .idle, 1)])
        let event = Event.finish("r0", ticket: Ticket(session: 1, serial: 1), outcome: .rejected)
        #expect(flagged(before, event, .applied(.none), after) == [.confirmedOnlyOnServerEvidence])
        let confirmed = Event.finish("r0", ticket: Ticket(session: 1, serial: 1), outcome: .confirmed(true))
        #expect(flagged(before, confirmed, .applied(.none), after) == [])
    }

    @Test func oneWriteInFlightFlagsASecondWrite() {
        let before = Self.store([Self.record(false, true, .saving, 1)], next: 2)
        let after = Self.store([Self.record(false, false, .saving, 2)], next: 3)
        let event = Event.begin("r0", desired: false)
        let result = EventResult<String, Bool>.applied(
            .sendWrite(record: "r0", ticket: Ticket(session: 1, serial: 2), value: false))
        #expect(flagged(before, event, result, after) == [.oneWriteInFlight])
    }

    @Test func noWriteBeforeResyncFlagsAWriteDuringNeedsSync() {
        let before = Self.store([Self.record(false, false, .needsSync, 2)], next: 3)
        let after = Self.store([Self.record(false, true, .saving, 3)], next: 4)
        let event = Event.begin("r0", desired: true)
        let result = EventResult<String, Bool>.applied(
            .sendWrite(record: "r0", ticket: Ticket(session: 1, serial: 3), value: true))
        #expect(flagged(before, event, result, after) == [.noWriteBeforeResync])
    }

    @Test func reorderChangesNoStateFlagsStatesLeftAtTheirRows() {
        var before = Self.store([Self.record(false, true, .saving, 1), Self.record(true, true, .idle, 0)])
        var after = before
        after.states.swapAt(0, 1)
        after.rows = [1, 0]
        let event = Event.reorder(["r1", "r0"])
        #expect(flagged(before, event, .applied(.none), after).contains(.reorderChangesNoState))
        before.rows = [0, 1]
        var good = before
        good.rows = [1, 0]
        #expect(flagged(before, event, .applied(.none), good) == [])
        #expect(InvariantChecker.sameStatesByRecord(before, after)?.invariant == .reorderChangesNoState)
        #expect(InvariantChecker.sameStatesByRecord(before, good) == nil)
    }

    @Test func everyChangeHasOneEventFlagsSideEffectsAndSilentChanges() {
        let before = Self.store([Self.record(false, true, .saving, 1), Self.record(false, false, .idle, 0)])
        var after = before
        after.states[0] = Self.record(true, true, .idle, 1)
        after.states[1] = Self.record(false, true, .saving, 2)
        let event = Event.finish("r0", ticket: Ticket(session: 1, serial: 1), outcome: .confirmed(true))
        #expect(flagged(before, event, .applied(.none), after) == [.everyChangeHasOneEvent])
        // An event reported as ignored that changes something.
        let tap = Event.begin("r1", desired: true)
        #expect(flagged(before, tap, .ignored(.busy), after).contains(.everyChangeHasOneEvent))
    }

    @Test func invariantsHaveStableNamesAndNumbers() {
        #expect(Invariant.allCases.map(\.rawValue) == Array(1...7))
        #expect(Set(InvariantChecker.reportingOrder) == Set(Invariant.allCases))
        for invariant in Invariant.allCases { #expect(Invariant(name: invariant.name) == invariant) }
        #expect(Invariant.staleEventChangesNothing.description == "invariant 2 (staleEventChangesNothing)")
    }

    // MARK: Proof that the invariants bite on the real store with a fault.

    static let faultsAndInvariants: [(fault: String, invariant: Invariant)] = [
        ("skipTicketCheck", .staleEventChangesNothing),
        ("rollbackToDesiredOnReject", .idleShowsConfirmed),
        ("allowWriteDuringNeedsSync", .noWriteBeforeResync),
        ("acceptStaleResync", .staleEventChangesNothing),
        ("keyByRow", .reorderChangesNoState),
    ]

    @Test(arguments: faultsAndInvariants)
    func randomWalksCatchEachFault(fault: String, invariant: Invariant) throws {
        let faults = try #require(StoreFaults.named.first { $0.name == fault }?.fault)
        var caught: Set<Invariant> = []
        for seed in UInt64(1)...5 {
            var walk = RandomWalk(records: 2, seed: seed, faults: faults)
            if let (violation, events) = walk.run(2_000) {
                caught.insert(violation.invariant)
                // The violation replays on a fresh faulty store.
                var replay = RandomWalk(records: 2, seed: 0, faults: faults)
                let last = events.dropLast().map { replay.step($0).violation }
                #expect(last.allSatisfy { $0 == nil })
                #expect(replay.step(events.last!).violation == violation)
            }
        }
        #expect(caught.contains(invariant), "\(fault) caught as \(caught.map(\.name))")
    }

    // MARK: The narrowed check equals the whole one.

    /// Around every event on one record, the seven invariants on the stores
    /// narrowed to that record report exactly what they report on the whole
    /// stores, with every combination of faults, up to the first violation
    /// (a run stops there). This is what lets a scenario run in linear time.
    @Test(arguments: 0..<32)
    func narrowedStoresGiveTheWholeStoresViolations(faultBits: Int) {
        let faults = StoreFaults(rawValue: UInt8(faultBits))
        var compared = 0
        var violated = 0
        for seed in UInt64(1)...2_000 where compared < 2_000 {
            var walk = RandomWalk(records: 4, seed: seed * 1_000 + UInt64(faultBits), faults: faults)
            for _ in 0..<600 {
                let event = walk.nextEvent()
                let (before, result, _) = walk.step(event)
                let whole = InvariantChecker.violations(before: before, event: event, result: result, after: walk.store)
                if let record = event.record {
                    let narrowed = InvariantChecker.violations(
                        before: before.narrowed(to: record), event: event, result: result,
                        after: walk.store.narrowed(to: record))
                    #expect(narrowed == whole, "\(event) with \(faults)")
                    compared += 1
                }
                if !whole.isEmpty {
                    violated += 1
                    break
                }
            }
        }
        #expect(compared >= 2_000)
        // A faulty store is caught, so the equality is also checked on violations.
        #expect(faults.isEmpty ? violated == 0 : violated > 0)
    }

    @Test func aNarrowedStoreHoldsOnlyItsRecordWithTheSameSessionAndCounter() throws {
        var store = try OptimisticStore(session: 3, records: [("a", false), ("b", true)])
        _ = store.begin("b", desired: false)
        let narrowed = store.narrowed(to: "b")
        #expect(narrowed.records == ["b"] && narrowed["b"] == store["b"] && narrowed["a"] == nil)
        #expect(narrowed.session == 3 && narrowed.nextTicketSerial == store.nextTicketSerial)
        let missing = store.narrowed(to: "z")
        #expect(missing.count == 0 && missing.nextTicketSerial == store.nextTicketSerial)
    }
}
