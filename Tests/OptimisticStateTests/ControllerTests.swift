import OptimisticState
import OptimisticStateTesting
import Testing

#if canImport(Observation)
    import Observation
#endif

/// The main-actor controller, driven through the scripted network and the
/// test clock: answers in any order, at any time, timeouts, late answers and
/// session switches, with the visible state asserted after each.
@MainActor
@Suite struct ControllerTests {
    typealias Tester = ControllerTester<String, Bool>

    /// A tester with `records` (default: one record `post-1`, false), a
    /// 1,000 ms timeout and a 500 ms retry delay.
    func tester(_ records: [(String, Bool)] = [("post-1", false)]) throws -> Tester {
        try Tester(records: records, timeoutMilliseconds: 1_000, retryMilliseconds: 500)
    }

    /// No step the controller took breaks one of the seven invariants.
    func expectInvariantsHeld(_ tester: Tester, sourceLocation: SourceLocation = #_sourceLocation) {
        for step in tester.steps {
            #expect(step.firstViolation == nil, "\(step)", sourceLocation: sourceLocation)
        }
    }

    @Test func aTapShowsAtOnceAndTheServersValueSettlesIt() async throws {
        let tester = try tester()
        let tap = try await tester.set("post-1", to: true)
        #expect(tap == .applied(.sendWrite(record: "post-1", ticket: Ticket(session: 1, serial: 1), value: true)))
        #expect(tester.controller["post-1"]!.visible)
        #expect(tester.controller["post-1"]!.accessibilityStatus == "saving")
        #expect(tester.network.pending.map(\.description) == ["#1 write post-1 true"])
        #expect(tester.controller.requestsInFlight == 1)
        // A second tap while saving sends nothing.
        #expect(try await tester.set("post-1", to: false) == .ignored(.busy))
        #expect(tester.network.requests.count == 1)
        // The server stores another value than the one asked for: it wins.
        try await tester.succeed(.write, for: "post-1", with: false)
        let state = tester.controller["post-1"]!
        #expect(state.phase == .idle && !state.visible && !state.confirmed)
        #expect(tester.controller.requestsInFlight == 0)
        #expect(tester.clock.sleepers.isEmpty == false)  // the cancelled timeout waits for its deadline
        try await tester.advance(by: 1_000)
        #expect(tester.steps.count == 3)  // the timeout of an answered write is no step
        expectInvariantsHeld(tester)
    }

    @Test func theClassifierTurnsErrorsIntoRejectionsConflictsAndUncertainty() async throws {
        let tester = try tester([("a", false), ("b", false), ("c", false)])
        for record in ["a", "b", "c"] { try await tester.set(record, to: true) }
        try await tester.fail(.write, for: "a", with: ScriptedFailure<Bool>.rejected)
        try await tester.fail(.write, for: "b", with: ScriptedFailure<Bool>.conflict(true))
        try await tester.fail(.write, for: "c", with: ScriptedFailure<Bool>.connectionLost)
        let (a, b, c) = (tester.controller["a"]!, tester.controller["b"]!, tester.controller["c"]!)
        #expect(a.phase == .idle && !a.visible && a.acceptsTaps)
        #expect(b.phase == .idle && b.visible && b.confirmed)
        #expect(c.phaseKind == .needsSync && !c.visible && !c.acceptsTaps)
        #expect(tester.network.pending.map(\.description) == ["#4 read c"])
        try await tester.succeed(.read, for: "c", with: true)
        #expect(tester.controller["c"]!.phase == .idle && tester.controller["c"]!.visible)
        expectInvariantsHeld(tester)
    }

    @Test func aWriteThatOutlivesItsTimeoutIsUncertainAndItsLateAnswerIsIgnored() async throws {
        let tester = try tester()
        try await tester.set("post-1", to: true)
        try await tester.advance(by: 999)
        #expect(tester.controller["post-1"]!.phaseKind == .saving)
        try await tester.advance(by: 1)
        let state = tester.controller["post-1"]!
        #expect(state.phaseKind == .needsSync && !state.visible)
        #expect(state.accessibilityStatus == "checking")
        #expect(tester.network.pending.map(\.description) == ["#1 write post-1 true", "#2 read post-1"])
        // The server answers the write after all: the record still waits for its re-read.
        try await tester.succeed(1, with: true)
        #expect(tester.steps.last?.result == .ignored(.staleTicket))
        #expect(tester.controller["post-1"]! == state)
        try await tester.succeed(2, with: true)
        #expect(tester.controller["post-1"]!.phase == .idle && tester.controller["post-1"]!.confirmed)
        expectInvariantsHeld(tester)
    }

    @Test func aLateAnswerAfterANewerWriteIsIgnored() async throws {
        let tester = try tester()
        try await tester.set("post-1", to: true)
        try await tester.advance(by: 1_000)
        try await tester.succeed(.read, for: "post-1", with: false)
        try await tester.set("post-1", to: true)
        #expect(tester.network.pending.map(\.id) == [1, 3])
        // Answers in reverse order: the new write's first, then the old one's.
        try await tester.succeed(3, with: true)
        try await tester.succeed(1, with: false)
        #expect(tester.steps.last?.result == .ignored(.staleTicket))
        let state = tester.controller["post-1"]!
        #expect(state.phase == .idle && state.visible && state.confirmed)
        expectInvariantsHeld(tester)
    }

    @Test func aSessionSwitchCancelsEveryRequestAndOldAnswersChangeNothing() async throws {
        let tester = try tester([("a", false), ("b", false)])
        try await tester.set("a", to: true)
        try await tester.set("b", to: true)
        try await tester.fail(.write, for: "b", with: ScriptedFailure<Bool>.connectionLost)
        #expect(tester.controller.requestsInFlight == 2)
        try await tester.switchSession(2, with: [("a", false), ("b", true)])
        #expect(tester.controller.requestsInFlight == 0)
        #expect(tester.controller.session == 2)
        // The old write and re-read still answer, with what would repaint the rows.
        try await tester.succeed(.write, for: "a", with: true)
        try await tester.succeed(.read, for: "b", with: false)
        #expect(tester.steps.suffix(2).map(\.result) == [.ignored(.earlierSession), .ignored(.earlierSession)])
        #expect(!tester.controller["a"]!.visible && tester.controller["b"]!.visible)
        // Their timeouts were cancelled too: nothing fires.
        let count = tester.steps.count
        try await tester.advance(by: 10_000)
        #expect(tester.steps.count == count)
        // An older session is refused and cancels nothing.
        try await tester.set("a", to: true)
        #expect(try await tester.switchSession(1, with: []) == .ignored(.sessionNotNewer))
        #expect(tester.controller.requestsInFlight == 1)
        expectInvariantsHeld(tester)
    }

    @Test func aFailedReReadIsSentAgainAfterTheRetryDelay() async throws {
        let tester = try tester()
        try await tester.set("post-1", to: true)
        try await tester.fail(.write, for: "post-1", with: ScriptedFailure<Bool>.connectionLost)
        try await tester.fail(.read, for: "post-1", with: ScriptedFailure<Bool>.connectionLost)
        #expect(tester.network.pending.isEmpty)
        #expect(tester.controller["post-1"]!.phaseKind == .needsSync)
        try await tester.advance(by: 499)
        #expect(tester.network.pending.isEmpty)
        try await tester.advance(by: 1)
        #expect(tester.network.pending.map(\.description) == ["#3 read post-1"])
        // That re-read times out in its turn: a fresh one goes out.
        try await tester.advance(by: 1_000)
        #expect(tester.network.pending.map(\.description) == ["#3 read post-1", "#4 read post-1"])
        try await tester.succeed(3, with: false)
        #expect(tester.steps.last?.result == .ignored(.staleTicket))
        try await tester.succeed(4, with: true)
        #expect(tester.controller["post-1"]!.phase == .idle && tester.controller["post-1"]!.visible)
        expectInvariantsHeld(tester)
    }

    @Test func aReorderChangesNoRecordAndNoRequest() async throws {
        let tester = try tester([("a", false), ("b", true)])
        try await tester.set("a", to: true)
        let before = tester.controller.store
        #expect(tester.controller.reorder(["b", "a"]) == .applied(.none))
        #expect(tester.controller.records == ["b", "a"])
        #expect(tester.controller["a"] == before["a"] && tester.controller["b"] == before["b"])
        try await tester.succeed(.write, for: "a", with: true)
        #expect(tester.controller["a"]!.confirmed)
        expectInvariantsHeld(tester)
    }

    @Test func aToggleAsksForTheOppositeOfWhatTheRecordShows() async throws {
        let tester = try tester()
        tester.controller.toggle("post-1")
        try await tester.settle()
        #expect(tester.network.pending.map(\.description) == ["#1 write post-1 true"])
        #expect(tester.controller.toggle("missing") == .ignored(.unknownRecord))
    }

    @Test func theLateAnswerGlueMistakeIsCaughtByTheInvariantChecker() async throws {
        let tester = try Tester(
            session: 1, records: [("post-1", false)], timeoutMilliseconds: 1_000, retryMilliseconds: 500,
            faults: .applyLateAnswers)
        try await tester.set("post-1", to: true)
        try await tester.advance(by: 1_000)
        try await tester.succeed(1, with: true)
        #expect(tester.controller["post-1"]!.phase == .idle)
        #expect(tester.steps.last?.firstViolation?.invariant == .staleEventChangesNothing)
    }

    @Test func observersSeeEveryStepAndCanBeRemoved() async throws {
        let tester = try tester()
        var seen: [String] = []
        let id = tester.controller.addObserver { seen.append("\($0)") }
        try await tester.set("post-1", to: true)
        tester.controller.removeObserver(id)
        try await tester.succeed(1, with: true)
        #expect(seen == ["tap(post-1, true) -> applied(sendWrite(post-1, #1/s1, true))"])
        #expect(tester.steps.count == 2)
    }

    @Test func aSessionSwitchCancelsARequestWaitingOnTheRealClock() async throws {
        let controller = try OptimisticController(
            store: OptimisticStore(session: 1, records: [("post-1", false)]),
            write: { _, _ in
                try await Task.sleep(nanoseconds: 60_000_000_000)
                return true
            }, read: { _ in false })
        controller.set("post-1", to: true)
        #expect(controller["post-1"]!.visible)
        #expect(controller.requestsInFlight == 1)
        controller.switchSession(2, with: [("post-1", false)])
        #expect(controller.requestsInFlight == 0)
        // The cancelled sleeps end at once: every task of the controller ends.
        var yields = 0
        while controller.runningTasks > 0, yields < 1_000_000 {
            yields += 1
            await Task.yield()
        }
        #expect(controller.runningTasks == 0)
        #expect(controller["post-1"]!.phase == .idle && !controller["post-1"]!.visible)
    }

    #if canImport(Observation)
        @Test func swiftUIIsToldOfEveryChange() async throws {
            guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
            let tester = try tester()
            let controller = tester.controller
            let changed = ChangeFlag()
            withObservationTracking {
                _ = controller["post-1"]?.visible
            } onChange: {
                changed.set()
            }
            #expect(!changed.isSet)
            try await tester.set("post-1", to: true)
            #expect(changed.isSet)
        }
    #endif

    /// Answering a request number that was never sent is a typed error,
    /// down to the lowest `Int`.
    @Test func unsentRequestsAreUnknown() {
        let network = ScriptedNetwork<String, Bool>()
        for id in [0, -1, Int.min, 1, Int.max] {
            #expect(throws: OptimisticStateTestingError.unknownRequest(id)) { try network.succeed(id, with: true) }
        }
    }

    @Test func durationsBecomeWholeMilliseconds() {
        guard #available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *) else { return }
        let timing = ControllerTiming(timeout: .milliseconds(1_500), retry: .seconds(-1), clock: ContinuousClock())
        #expect(timing.timeoutMilliseconds == 1_500)
        #expect(timing.retryMilliseconds == 0)
        let underASecond = ControllerTiming(
            timeout: .milliseconds(-500), retry: .nanoseconds(-1), clock: ContinuousClock())
        #expect(underASecond.timeoutMilliseconds == 0)
        #expect(underASecond.retryMilliseconds == 0)
        let huge = ControllerTiming(timeout: .seconds(Int64.max), retry: .microseconds(2_999), clock: SuspendingClock())
        #expect(huge.timeoutMilliseconds == .max)
        #expect(huge.retryMilliseconds == 2)
    }
}

/// A flag the Observation callback sets (it may run on any thread).
final class ChangeFlag: @unchecked Sendable {
    private var value = false
    func set() { value = true }
    var isSet: Bool { value }
}
