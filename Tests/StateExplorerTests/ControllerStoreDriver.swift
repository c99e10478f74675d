import Dispatch
import OptimisticScenario
import OptimisticState
import OptimisticStateTesting

/// The main-actor controller behind the store protocol's driver, so that the
/// explorer's own search runs over it: each path on a fresh controller wired
/// to a scripted network and a test clock.
///
/// The events of a path become what an app's controller meets:
/// - a tap is a tap;
/// - an answer to the write or re-read issued by step k is the scripted
///   network answering that request (confirmed with the value, a rejection,
///   a conflict with the server's value, or a lost connection for
///   uncertain), however late; an answer the network cannot give (the request
///   was answered already, is of the other kind, or belongs to another
///   record) is skipped: an async closure returns once, to its own request;
/// - a cancel of request k is its timeout on the test clock. Every request
///   waits the same time, so timeouts come in the order the requests were
///   sent: the cancel acts when k's timeout is the oldest still armed (the
///   clock is moved to it), and is skipped otherwise;
/// - a session switch and a reorder go to the controller.
///
/// The driver's calls are synchronous: each call runs its paths on the main
/// actor and waits for them, so it must not be called from the main actor.
/// The controller's closures and the test doubles all run on the main
/// actor, so the wait needs no other thread.
struct ControllerStoreDriver: StoreDriver {
    let name = "OptimisticController"
    var faults: ControllerFaults = []
    /// The time every request waits before it times out.
    static let timeout: UInt64 = 1_000

    typealias Tester = ControllerTester<String, ScenarioValue>

    /// The results of a run, handed from the main actor to the waiting thread.
    final class Handoff: @unchecked Sendable {
        var results: Result<[StorePathResult], OptimisticScenarioError> = .success([])
    }

    func run(_ paths: [StorePath]) throws(OptimisticScenarioError) -> [StorePathResult] {
        let handoff = Handoff()
        let done = DispatchSemaphore(value: 0)
        let faults = faults
        Task { @MainActor in
            do {
                var results: [StorePathResult] = []
                for path in paths { results.append(try await Self.run(path, faults: faults)) }
                handoff.results = .success(results)
            } catch {
                handoff.results = .failure(.storeFailed(store: "OptimisticController", message: "\(error)"))
            }
            done.signal()
        }
        done.wait()
        return try handoff.results.get()
    }

    /// One path: its events, then each branch on a fresh replay of them.
    @MainActor
    static func run(_ path: StorePath, faults: ControllerFaults) async throws -> StorePathResult {
        var replay = try Replay(path, faults: faults)
        var steps: [ObservedStep] = []
        if path.reportsEveryStep { steps.append(ObservedStep(replay.observation, issuedRequest: false)) }
        var issued = false
        for event in path.events {
            issued = try await replay.apply(event)
            if path.reportsEveryStep { steps.append(ObservedStep(replay.observation, issuedRequest: issued)) }
        }
        if !path.reportsEveryStep { steps.append(ObservedStep(replay.observation, issuedRequest: issued)) }
        var branches: [ObservedStep] = []
        for branch in path.branches {
            var trial = try Replay(path, faults: faults)
            for event in path.events { _ = try await trial.apply(event) }
            let issued = try await trial.apply(branch)
            branches.append(ObservedStep(trial.observation, issuedRequest: issued))
        }
        return StorePathResult(steps: steps, branches: branches)
    }

    /// A controller along one path: the request each step sent, and the
    /// ticket the controller gave it.
    @MainActor
    struct Replay {
        let tester: Tester
        /// The network request each step sent, by step.
        var requests: [Int?] = []
        /// The controller's ticket of each network request, by request number.
        var tickets: [Int: Ticket] = [:]
        /// The records loaded last, in load order.
        var names: [String]

        init(_ path: StorePath, faults: ControllerFaults) throws {
            tester = try Tester(
                session: path.session, records: path.records.map { ($0.id, $0.value) },
                timeoutMilliseconds: ControllerStoreDriver.timeout, retryMilliseconds: 1, faults: faults)
            names = path.records.map(\.id)
        }

        /// What the controller shows.
        var observation: StoreObservation<String, ScenarioValue> {
            let store = tester.controller.store
            var records: [String: ObservedRecord<ScenarioValue>] = [:]
            for name in names {
                if let state = store[name] {
                    records[name] = ObservedRecord(
                        confirmed: state.confirmed, visible: state.visible, phase: state.phaseKind)
                }
            }
            return StoreObservation(session: store.session, order: store.records, records: records)
        }

        /// Applies `event`; whether it made the controller send a request.
        mutating func apply(_ event: PathEvent) async throws -> Bool {
            let sent = tester.network.requests.count
            let stepped = tester.steps.count
            switch event {
            case .tap(let record, let value): try await tester.set(record, to: value)
            case .answerWrite(let record, let step, let outcome):
                if let id = pending(step, .write, record) {
                    switch outcome {
                    case .confirmed(let value): try await tester.succeed(id, with: value)
                    case .rejected: try await tester.fail(id, with: ScriptedFailure<ScenarioValue>.rejected)
                    case .conflict(let value): try await tester.fail(id, with: ScriptedFailure.conflict(value))
                    case .uncertain: try await tester.fail(id, with: ScriptedFailure<ScenarioValue>.connectionLost)
                    }
                }
            case .answerReread(let record, let step, let value):
                if let id = pending(step, .read, record) { try await tester.succeed(id, with: value) }
            case .cancelRequest(_, let step):
                if let id = requests.indices.contains(step) ? requests[step] : nil, let ticket = tickets[id],
                    oldestArmed == ticket
                {
                    while tester.controller.armedTimeouts.contains(ticket),
                        tester.clock.wakeNext(notAfter: .max) != nil
                    {
                        try await tester.settle()
                    }
                }
            case .switchSession(let session, let loaded):
                let result = try await tester.switchSession(session, with: loaded.map { ($0.id, $0.value) })
                if result.isApplied { names = loaded.map(\.id) }
            case .reorder(let order):
                tester.controller.reorder(order)
                try await tester.settle()
            }
            let new = tester.network.requests[sent...]
            precondition(new.count <= 1, "one event sent \(new.count) requests")
            requests.append(new.first?.id)
            if let request = new.first {
                // The ticket of the effect that sent it.
                tickets[request.id] = tester.steps[stepped...].compactMap(\.result.ticket).last
            }
            return new.first != nil
        }

        /// The unanswered request of `kind` for `record` sent by `step`, if any.
        func pending(_ step: Int, _ kind: ScriptedRequestKind, _ record: String) -> Int? {
            guard requests.indices.contains(step), let id = requests[step],
                let request = tester.network.pending.first(where: { $0.id == id }),
                request.kind == kind, request.record == record
            else { return nil }
            return id
        }

        /// The ticket of the oldest request whose timeout is still armed.
        var oldestArmed: Ticket? {
            let armed = Set(tester.controller.armedTimeouts)
            return tickets.sorted { $0.key < $1.key }.first { armed.contains($0.value) }?.value
        }
    }
}
