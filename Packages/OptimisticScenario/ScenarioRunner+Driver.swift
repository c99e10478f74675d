import OptimisticState
import UpdateCheckSupport

/// Scenarios on a team's own store: a Swift `ExplorableStore` or a store
/// program, through a ``StoreDriver``.
extension ScenarioRunner {
    /// Runs a scenario that passed ``Scenario/validate()`` on the Swift store `store`.
    ///
    /// - Throws: ``OptimisticScenarioError/storeFailed(store:message:)`` when
    ///   the store cannot hold a record name or value of the scenario.
    public static func run<Store: ExplorableStore>(
        _ scenario: Scenario, on store: Store.Type
    ) throws(OptimisticScenarioError) -> ScenarioReport
    where Store.RecordID: LosslessStringConvertible, Store.Value: ScenarioValueConvertible {
        try run(scenario, driver: InProcessStoreDriver(store))
    }

    /// Runs a scenario that passed ``Scenario/validate()`` on the store
    /// behind `driver`, in one path: the seven invariants are checked on
    /// what the store shows around every event (`ObservedInvariantChecker`),
    /// then the step's expectations.
    ///
    /// What cannot be seen inside such a store is read from what it shows:
    /// an event's result is `sendWrite` or `sendReread` when the store
    /// returned a request, `nothing` when it changed what it shows, and
    /// `ignored` otherwise, so an expected `ignored busy` passes on any
    /// ignored event. The report's trace is empty: a trace names tickets
    /// and reasons only the built-in store has.
    ///
    /// - Throws: ``OptimisticScenarioError/storeFailed(store:message:)`` when
    ///   the driver fails.
    /// - Complexity: one path of s steps.
    public static func run(
        _ scenario: Scenario, driver: some StoreDriver
    ) throws(OptimisticScenarioError) -> ScenarioReport {
        var events: [PathEvent] = []
        var stepOfEvent: [Int] = []
        var bound: [String: (event: Int, record: String)] = [:]
        var unresolved: (step: Int, message: String)?
        for (offset, step) in scenario.steps.enumerated() {
            guard let event = step.event else { continue }
            guard let resolved = resolve(event, bound: bound, next: events.count) else {
                unresolved = (offset, "ticket \(quoted: event.answeredTicket ?? "") is not named by an earlier step")
                break
            }
            if let name = event.boundName, let record = resolved.record { bound[name] = (events.count, record) }
            events.append(resolved)
            stepOfEvent.append(offset)
        }
        let path = StorePath(
            session: scenario.session, records: scenario.records, events: events, reportsEveryStep: true)
        guard let result = try driver.run([path]).first, result.steps.count == events.count + 1 else {
            throw .storeFailed(store: driver.name, message: "answered with another number of steps than it was sent")
        }
        var check = DriverCheck(
            scenario: scenario, steps: result.steps, events: events, stepOfEvent: stepOfEvent, bound: bound)
        for (offset, step) in scenario.steps.enumerated() {
            if let unresolved, unresolved.step == offset {
                let failure = ScenarioFailure(
                    step: offset + 1, line: step.line, label: step.label, record: step.event?.namedRecord,
                    expected: unresolved.message, actual: nil)
                return check.report(stepsRun: offset + 1, failures: [failure])
            }
            let failures = check.perform(step, number: offset + 1)
            if !failures.isEmpty { return check.report(stepsRun: offset + 1, failures: failures) }
        }
        return check.report(stepsRun: scenario.steps.count, failures: [])
    }

    /// The path event of a scenario event, with tickets named by the event
    /// that bound them; `nil` for a ticket no earlier step names.
    static func resolve(
        _ event: ScenarioEvent, bound: [String: (event: Int, record: String)], next: Int
    ) -> PathEvent? {
        switch event {
        case .tap(let record, let value, _): return .tap(record: record, value: value)
        case .finish(let name, let route, let outcome, _):
            return bound[name].map { .answerWrite(record: route ?? $0.record, request: $0.event, outcome: outcome) }
        case .cancel(let name, let route, _):
            return bound[name].map { .cancelRequest(record: route ?? $0.record, request: $0.event) }
        case .resync(let name, let route, let value):
            return bound[name].map { .answerReread(record: route ?? $0.record, request: $0.event, value: value) }
        case .switchSession(let session, let loaded): return .switchSession(session, loaded)
        case .reorder(let order): return .reorder(order)
        }
    }

    /// The checks of a driver run, step by step over what the store showed.
    struct DriverCheck {
        let scenario: Scenario
        let steps: [ObservedStep]
        let events: [PathEvent]
        let stepOfEvent: [Int]
        let bound: [String: (event: Int, record: String)]
        var book = RequestBook()
        var nextEvent = 0

        init(
            scenario: Scenario, steps: [ObservedStep], events: [PathEvent], stepOfEvent: [Int],
            bound: [String: (event: Int, record: String)]
        ) {
            self.scenario = scenario
            self.steps = steps
            self.events = events
            self.stepOfEvent = stepOfEvent
            self.bound = bound
        }

        func report(stepsRun: Int, failures: [ScenarioFailure]) -> ScenarioReport {
            ScenarioReport(
                name: scenario.name, stepCount: scenario.steps.count, stepsRun: stepsRun, failures: failures,
                trace: Trace(salt: 0))
        }

        /// The name bound to the request issued by event `index`.
        func name(ofEvent index: Int) -> String? {
            bound.first { $0.value.event == index }?.key
        }

        mutating func perform(_ step: ScenarioStep, number: Int) -> [ScenarioFailure] {
            func failure(_ record: String?, _ expected: String, _ actual: String?, _ invariant: Invariant? = nil)
                -> ScenarioFailure
            {
                ScenarioFailure(
                    step: number, line: step.line, label: step.label, record: record, invariant: invariant,
                    expected: expected, actual: actual)
            }
            let now = steps[nextEvent].observation
            var resultText: String?
            var stepRecord: String?
            if step.event != nil {
                let index = nextEvent
                let event = events[index]
                let before = steps[index].observation
                let after = steps[index + 1].observation
                let issued = steps[index + 1].issuedRequest
                stepRecord = event.record
                if let request = event.request, book.issuedFor[request] == nil {
                    let why =
                        steps[request + 1].observation != steps[request].observation
                        ? "applied without minting a ticket" : "ignored"
                    let name = self.name(ofEvent: request) ?? "?"
                    return [
                        failure(
                            event.record,
                            "ticket \(quoted: name) was never minted: step \(stepOfEvent[request] + 1) was \(why)",
                            nil)
                    ]
                }
                let observed = ObservedEvent(
                    kind: event.kind, record: event.record, carriesServerValue: event.carriesServerValue,
                    isStale: book.isStale(event, before: before), issuedRequest: issued)
                book.note(event, step: index, issued: issued, sessionChanged: after.session != before.session)
                nextEvent += 1
                let violations = ObservedInvariantChecker.violations(before: before, event: observed, after: after)
                if !violations.isEmpty { return violations.map { failure($0.record, $0.detail, nil, $0.invariant) } }
                resultText =
                    issued
                    ? (event.kind == .tap ? EffectKind.sendWrite.rawValue : EffectKind.sendReread.rawValue)
                    : after != before ? EffectKind.nothing.rawValue : "ignored"
            }
            let shown = step.event != nil ? steps[nextEvent].observation : now
            var failures: [ScenarioFailure] = []
            for expectation in step.expectations {
                if let expected = expectation.result, let resultText {
                    let matches =
                        switch expected {
                        case .applied(let kind): kind.rawValue == resultText
                        case .ignored: resultText == "ignored"
                        }
                    if !matches { failures.append(failure(nil, "result \(expected)", resultText)) }
                }
                guard expectation.checksRecord, let record = expectation.record ?? stepRecord else { continue }
                guard let state = shown.records[record] else {
                    failures.append(failure(record, "the record in the current session", "no such record"))
                    continue
                }
                let mismatches = expectation.recordMismatches(
                    confirmed: state.confirmed, visible: state.visible, phase: state.phase,
                    ticket: {
                        guard state.phase != .idle, let held = book.held[record] else { return "no ticket in flight" }
                        return self.name(ofEvent: held.step).map { "\(quoted: $0)" } ?? "an unnamed ticket"
                    })
                for (expected, actual) in mismatches { failures.append(failure(record, expected, actual)) }
            }
            return failures
        }
    }
}
