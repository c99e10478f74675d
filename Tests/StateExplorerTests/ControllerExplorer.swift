import OptimisticState
import OptimisticStateTesting

/// A breadth-first search over everything that can happen to a main-actor
/// controller on a scripted network and a test clock: taps, every answer to
/// every request still unanswered (in any order, late, after a timeout, after
/// a session switch), the clock reaching the next deadline, a session switch
/// and a reorder. Every step the controller takes is checked with the
/// explorer's invariant checker.
///
/// A controller is a reference with tasks in flight, so a state is named by
/// the action path that reaches it and replayed from a fresh controller to be
/// expanded. States are merged by what decides the future: the store with its
/// tickets renamed in order of appearance, the unanswered requests with their
/// renamed tickets, the timeouts still armed and the deadlines on the clock.
@MainActor
struct ControllerExplorer {
    /// One thing that can happen.
    enum Action: Hashable, Sendable, CustomStringConvertible {
        /// A tap asking for a value.
        case tap(String, Bool)
        /// The `ordinal`-th write of a record (from 0) answered with `answer`.
        case answerWrite(String, ordinal: Int, WriteAnswer)
        /// The `ordinal`-th re-read of a record answered with a value, or
        /// failing (`nil`).
        case answerRead(String, ordinal: Int, Bool?)
        /// The clock reaches the next deadline.
        case tick
        /// An account switch to session 2, every record false.
        case switchSession
        /// The list shown in reverse.
        case reorder

        var description: String {
            switch self {
            case .tap(let record, let value): "tap \(record) \(value)"
            case .answerWrite(let record, let ordinal, let answer): "write #\(ordinal + 1) of \(record) -> \(answer)"
            case .answerRead(let record, let ordinal, let value):
                "read #\(ordinal + 1) of \(record) -> \(value.map { "\($0)" } ?? "connection lost")"
            case .tick: "clock to the next deadline"
            case .switchSession: "switch to session 2"
            case .reorder: "reverse the list"
            }
        }
    }

    /// How a write is answered.
    enum WriteAnswer: Hashable, Sendable, CaseIterable, CustomStringConvertible {
        case confirmedFalse, confirmedTrue, rejected, conflictFalse, conflictTrue, connectionLost

        var description: String {
            switch self {
            case .confirmedFalse: "confirmed false"
            case .confirmedTrue: "confirmed true"
            case .rejected: "rejected"
            case .conflictFalse: "conflict false"
            case .conflictTrue: "conflict true"
            case .connectionLost: "connection lost"
            }
        }
    }

    /// The shortest action path that breaks an invariant, and the step that
    /// broke it.
    struct Counterexample: CustomStringConvertible {
        var actions: [Action]
        var step: ControllerStep<String, Bool>
        var violation: InvariantViolation<String>

        var description: String {
            actions.enumerated().map { "\($0.offset + 1). \($0.element)" }.joined(separator: "\n")
                + "\nstep: \(step)\n\(violation)"
        }
    }

    /// What a search found.
    struct Report {
        /// Distinct states reached (after merging), by depth.
        var statesByDepth: [Int]
        /// Actions applied.
        var transitions: Int
        /// Controller steps checked.
        var steps: Int
        /// Whether every state reached was expanded (no new state at the last depth).
        var reachedFixedPoint: Bool
        /// The shortest failing path, if any.
        var counterexample: Counterexample?
        /// The kinds of step seen, with the results the store gave them.
        var stepKinds: Set<String>
    }

    var records: [(String, Bool)]
    var maxDepth: Int
    var faults: ControllerFaults = []

    /// A fresh controller with every action of `path` applied.
    func replay(_ path: [Action]) async throws -> ControllerTester<String, Bool> {
        let tester = try ControllerTester(
            session: 1, records: records, timeoutMilliseconds: 10, retryMilliseconds: 5, faults: faults)
        for action in path { try await apply(action, to: tester) }
        return tester
    }

    /// Applies `action` and waits until the controller has dealt with it.
    func apply(_ action: Action, to tester: ControllerTester<String, Bool>) async throws {
        switch action {
        case .tap(let record, let value): try await tester.set(record, to: value)
        case .answerWrite(let record, let ordinal, let answer):
            let id = requests(.write, record, in: tester)[ordinal].id
            switch answer {
            case .confirmedFalse: try await tester.succeed(id, with: false)
            case .confirmedTrue: try await tester.succeed(id, with: true)
            case .rejected: try await tester.fail(id, with: ScriptedFailure<Bool>.rejected)
            case .conflictFalse: try await tester.fail(id, with: ScriptedFailure<Bool>.conflict(false))
            case .conflictTrue: try await tester.fail(id, with: ScriptedFailure<Bool>.conflict(true))
            case .connectionLost: try await tester.fail(id, with: ScriptedFailure<Bool>.connectionLost)
            }
        case .answerRead(let record, let ordinal, let value):
            let id = requests(.read, record, in: tester)[ordinal].id
            if let value {
                try await tester.succeed(id, with: value)
            } else {
                try await tester.fail(id, with: ScriptedFailure<Bool>.connectionLost)
            }
        case .tick:
            guard let next = tester.clock.sleepers.first else { return }
            try await tester.advance(by: next.deadline - tester.clock.now)
        case .switchSession:
            try await tester.switchSession(2, with: records.map { ($0.0, false) })
        case .reorder:
            tester.controller.reorder(tester.controller.records.reversed())
            try await tester.settle()
        }
    }

    /// The requests of `kind` for `record`, in the order they were sent.
    func requests(
        _ kind: ScriptedRequestKind, _ record: String, in tester: ControllerTester<String, Bool>
    ) -> [ScriptedNetwork<String, Bool>.Request] {
        tester.network.requests.filter { $0.kind == kind && $0.record == record }
    }

    /// Every action possible in the state `tester` is in.
    func actions(in tester: ControllerTester<String, Bool>) -> [Action] {
        var actions: [Action] = []
        for (record, _) in records {
            actions += [.tap(record, false), .tap(record, true)]
            for (ordinal, request) in requests(.write, record, in: tester).enumerated()
            where tester.network.pending.contains(request) {
                actions += WriteAnswer.allCases.map { .answerWrite(record, ordinal: ordinal, $0) }
            }
            for (ordinal, request) in requests(.read, record, in: tester).enumerated()
            where tester.network.pending.contains(request) {
                actions += [false, true, nil].map { .answerRead(record, ordinal: ordinal, $0) }
            }
        }
        if !tester.clock.sleepers.isEmpty { actions.append(.tick) }
        if tester.controller.session == 1 { actions.append(.switchSession) }
        if records.count > 1 { actions.append(.reorder) }
        return actions
    }

    /// What decides the future of the state `tester` is in, with tickets
    /// renamed in order of appearance.
    func key(_ tester: ControllerTester<String, Bool>) -> String {
        var names: [Ticket: Int] = [:]
        func name(_ ticket: Ticket) -> String {
            let session = ticket.session == tester.controller.session ? "" : "old"
            if let known = names[ticket] { return "t\(known)\(session)" }
            names[ticket] = names.count
            return "t\(names.count - 1)\(session)"
        }
        let store = tester.controller.store
        var parts: [String] = [store.records.joined(separator: ",")]
        for (record, _) in records {
            let state = store[record]!
            parts.append("\(state.confirmed)/\(state.visible)/\(state.phaseKind)/" + name(state.phase.ticket ?? .none))
        }
        // Each request's ticket: the effects asked for, matched in order per record and kind.
        var tickets: [String: [Ticket]] = [:]
        for step in tester.steps {
            switch step.result.effect {
            case .sendWrite(let record, let ticket, _)?: tickets["write " + record, default: []].append(ticket)
            case .sendReread(let record, let ticket)?: tickets["read " + record, default: []].append(ticket)
            default: break
            }
        }
        for request in tester.network.pending {
            let ordinal = requests(request.kind, request.record, in: tester).firstIndex(of: request)!
            let ticket = tickets["\(request.kind) \(request.record)"]![ordinal]
            parts.append("\(request.kind) \(request.record) \(request.value.map { "\($0)" } ?? "") " + name(ticket))
        }
        let now = tester.clock.now
        parts.append(tester.clock.sleepers.map { "\($0.deadline - now)" }.joined(separator: ","))
        parts.append(tester.controller.armedTimeouts.map(name).sorted().joined(separator: ","))
        return parts.joined(separator: "|")
    }

    /// Runs the search level by level, stopping at the first violation.
    func run() async throws -> Report {
        var report = Report(
            statesByDepth: [1], transitions: 0, steps: 0, reachedFixedPoint: false, counterexample: nil, stepKinds: [])
        var seen: Set<String> = [key(try await replay([]))]
        var level: [[Action]] = [[]]
        for _ in 0..<maxDepth {
            var next: [[Action]] = []
            for path in level {
                let state = try await replay(path)
                for action in actions(in: state) {
                    let tester = try await replay(path)
                    let before = tester.steps.count
                    try await apply(action, to: tester)
                    report.transitions += 1
                    for step in tester.steps[before...] {
                        report.steps += 1
                        report.stepKinds.insert("\(step.event.kind) \(step.result.isApplied ? "applied" : "ignored")")
                        if let violation = step.firstViolation {
                            report.counterexample = Counterexample(
                                actions: path + [action], step: step, violation: violation)
                            report.statesByDepth.append(next.count)
                            return report
                        }
                    }
                    if seen.insert(key(tester)).inserted { next.append(path + [action]) }
                }
            }
            report.statesByDepth.append(next.count)
            if next.isEmpty {
                report.reachedFixedPoint = true
                break
            }
            level = next
        }
        return report
    }
}
