import OptimisticState
import UpdateCheckSupport

/// Runs scenarios on the real store: applies each step's event, checks the
/// seven invariants around it, then the step's expectations. The run stops
/// after the first failing step and reports all of that step's failures.
public enum ScenarioRunner {
    /// Runs a scenario that passed ``Scenario/validate()``; record IDs in the
    /// trace are hashed with `salt`.
    ///
    /// - Complexity: O(s + r) in the number of steps and records (a session
    ///   switch or reorder also costs the records it carries).
    public static func run(_ scenario: Scenario, salt: UInt64 = 0) -> ScenarioReport {
        run(scenario, salt: salt, faults: [])
    }

    /// Runs a scenario on a store with `faults` switched on (tests and the
    /// explorer's replays of counterexamples).
    package static func run(_ scenario: Scenario, salt: UInt64, faults: StoreFaults) -> ScenarioReport {
        var run = Run(scenario: scenario, salt: salt, faults: faults)
        for (offset, step) in scenario.steps.enumerated() {
            let failures = run.perform(step, number: offset + 1)
            if !failures.isEmpty {
                return ScenarioReport(
                    name: scenario.name, stepCount: scenario.steps.count, stepsRun: offset + 1, failures: failures,
                    trace: run.traced.trace)
            }
        }
        return ScenarioReport(
            name: scenario.name, stepCount: scenario.steps.count, stepsRun: scenario.steps.count, failures: [],
            trace: run.traced.trace)
    }

    /// The state of one run: the traced store and the named tickets.
    struct Run {
        typealias Store = OptimisticStore<String, ScenarioValue>

        /// A named ticket: the record it was minted for, and the ticket, or
        /// why the step that should have minted it did not.
        enum Binding {
            case minted(record: String, ticket: Ticket)
            case notMinted(step: Int, why: String)
        }

        var traced: TracedStore<String, ScenarioValue>
        /// The store faults every event runs with (empty for the real store).
        let faults: StoreFaults
        var tickets: [String: Binding] = [:]
        /// The name each minted ticket was bound to (a ticket is minted once).
        var names: [Ticket: String] = [:]

        init(scenario: Scenario, salt: UInt64, faults: StoreFaults) {
            // A store with duplicate records is rejected by validation; an
            // unvalidated one starts empty rather than trapping.
            let store =
                (try? Store(session: scenario.session, loaded: scenario.records))
                ?? (try! Store(session: scenario.session, loaded: []))
            traced = TracedStore(store, salt: salt)
            self.faults = faults
        }

        mutating func perform(_ step: ScenarioStep, number: Int) -> [ScenarioFailure] {
            func failure(_ record: String?, _ expected: String, _ actual: String?, _ invariant: Invariant? = nil)
                -> ScenarioFailure
            {
                ScenarioFailure(
                    step: number, line: step.line, label: step.label, record: record, invariant: invariant,
                    expected: expected, actual: actual)
            }
            var result: EventResult<String, ScenarioValue>?
            var stepRecord: String?
            if let event = step.event {
                let resolved: StoreEvent<String, ScenarioValue>
                switch resolve(event) {
                case .success(let found): resolved = found
                case .failure(let problem): return [failure(event.namedRecord, problem.message, nil)]
                }
                stepRecord = resolved.record
                // An event on one record is checked on the store narrowed to
                // it (O(1)); a session switch or a reorder, which carries
                // every record, on the whole store.
                let before = resolved.record.map { traced.store.narrowed(to: $0) } ?? traced.store
                let applied = traced.apply(resolved, faults: faults)
                let after = resolved.record.map { traced.store.narrowed(to: $0) } ?? traced.store
                result = applied
                if let name = event.boundName {
                    if let ticket = applied.ticket, let record = resolved.record {
                        tickets[name] = .minted(record: record, ticket: ticket)
                        names[ticket] = name
                    } else {
                        let why = applied.ignoredReason.map { "ignored (\($0))" } ?? "applied without minting a ticket"
                        tickets[name] = .notMinted(step: number, why: why)
                    }
                }
                let violations = InvariantChecker.violations(
                    before: before, event: resolved, result: applied, after: after)
                if !violations.isEmpty {
                    return violations.map { failure($0.record, $0.detail, nil, $0.invariant) }
                }
            }
            var failures: [ScenarioFailure] = []
            for expectation in step.expectations {
                let record = expectation.record ?? stepRecord
                if let expected = expectation.result, let result {
                    let actual = Self.describe(result)
                    if expected.description != actual { failures.append(failure(nil, "result \(expected)", actual)) }
                }
                guard expectation.checksRecord, let record else { continue }
                guard let state = traced.store[record] else {
                    failures.append(failure(record, "the record in the current session", "no such record"))
                    continue
                }
                let mismatches = expectation.recordMismatches(
                    confirmed: state.confirmed, visible: state.visible, phase: state.phaseKind,
                    ticket: { state.phase.ticket.map { ticketName(for: $0) } ?? "no ticket in flight" })
                for (expected, actual) in mismatches { failures.append(failure(record, expected, actual)) }
            }
            return failures
        }

        /// The name bound to `ticket`, quoted, or its number when unnamed.
        func ticketName(for ticket: Ticket) -> String {
            names[ticket].map { "\(quoted: $0)" } ?? "unnamed ticket \(ticket)"
        }

        struct Problem: Error { var message: String }

        /// The store event for a scenario event, with tickets looked up by name.
        func resolve(_ event: ScenarioEvent) -> Result<StoreEvent<String, ScenarioValue>, Problem> {
            func ticket(_ name: String, _ override: String?) -> Result<(String, Ticket), Problem> {
                switch tickets[name] {
                case .minted(let record, let ticket): .success((override ?? record, ticket))
                case .notMinted(let step, let why):
                    .failure(Problem(message: "ticket \(quoted: name) was never minted: step \(step) was \(why)"))
                case nil: .failure(Problem(message: "ticket \(quoted: name) is not named by an earlier step"))
                }
            }
            switch event {
            case .tap(let record, let value, _):
                return .success(.begin(record, desired: value))
            case .finish(let name, let override, let outcome, _):
                return ticket(name, override).map { .finish($0.0, ticket: $0.1, outcome: outcome) }
            case .cancel(let name, let override, _):
                return ticket(name, override).map { .cancel($0.0, ticket: $0.1) }
            case .resync(let name, let override, let value):
                return ticket(name, override).map { .resync($0.0, ticket: $0.1, value: value) }
            case .switchSession(let session, let loaded):
                return .success(.replaceSession(session, loaded))
            case .reorder(let order):
                return .success(.reorder(order))
            }
        }

        /// `sendWrite`, `nothing` or `ignored busy`.
        static func describe(_ result: EventResult<String, ScenarioValue>) -> String {
            switch result {
            case .applied(let effect): effect.kind.rawValue
            case .ignored(let reason): "ignored \(reason.rawValue)"
            }
        }
    }
}
