import OptimisticScenario
import OptimisticState
import StateExplorer
import UpdateCheckSupport

/// The exhaustive exploration of the state machine as a suite: every
/// interleaving of events on the real store, to a fixed point, with the
/// seven invariants checked on every transition.
///
/// Each exploration gives one case per invariant (failed with its shortest
/// counterexample and the scenario file that replays it), then the fixed
/// point (skipped when a depth limit stopped the search first), which
/// carries the exploration's time. `updatecheck check` explores `--records`
/// records with two values, then one record with three; a shard runs an
/// exploration only when it holds one of that exploration's cases.
/// `updatecheck state explore` explores one configuration and reports its
/// figures as properties.
package enum StateExploreSuite {
    /// The suite's name in reports.
    package static let name = "state explore"
    /// The number of cases of one exploration: seven invariants and the fixed point.
    package static let caseCount = Invariant.allCases.count + 1

    /// The configurations `updatecheck check` explores for `records` records, in case order.
    package static func configurations(records: Int) -> [ExplorerConfiguration] {
        [ExplorerConfiguration(records: records, values: 2), ExplorerConfiguration(records: 1, values: 3)]
    }

    /// The suite of `updatecheck check`: `records` records (1 to 3) with
    /// two values, and one record with three.
    ///
    /// - Throws: exit 64 when the explorer does not support `records`.
    package static func make(records: Int) throws(CLIError) -> CheckSuite {
        try make(configurations(records: records), option: "records", value: records)
    }

    /// The suite exploring `configurations` in order.
    ///
    /// - Throws: exit 64 naming `--option` and `value` when the explorer
    ///   does not support a configuration.
    package static func make(_ configurations: [ExplorerConfiguration], option: String, value: Int)
        throws(CLIError) -> CheckSuite
    {
        var explorers: [ExplorerConfiguration: Explorer] = [:]
        for configuration in configurations {
            do {
                explorers[configuration] = try Explorer(configuration)
            } catch {
                throw .usage("Invalid value \(quoted: value) for '--\(option)': \(error)")
            }
        }
        let all = explorers
        return make(name: name, configurations: configurations, classPrefix: "state.explore") { body in
            body { .success(all[$0]!.run()) }
        }
    }

    /// The suite of a team's store in `updatecheck check`, `store <name>`:
    /// the explorations of `configurations` (those of the built-in store)
    /// whose values the store can hold, with a case for refinement after each exploration's
    /// invariants when the store asks for it. A store that does not start,
    /// crashes, hangs or answers garbage makes the cases of its explorations
    /// errors carrying what went wrong; the run goes on.
    package static func store(_ store: StoreEntry, configurations: [ExplorerConfiguration]) -> CheckSuite {
        make(
            name: "store \(store.name)", configurations: configurations.filter(store.holdsValues),
            classPrefix: "state.store.\(store.name)",
            refinement: store.refinement, replay: store.replay
        ) { body in
            let started: StoreEntry.Started
            do throws(CLIError) {
                started = try store.start()
            } catch {
                body { _ in .failure(.store(store: store.name, message: error.message)) }
                return
            }
            defer { started.stop() }
            body { configuration in
                Result { () throws(StateExplorerError) in
                    try StoreExplorer(configuration, refinement: store.refinement).run(started.driver)
                }
            }
        }
    }

    /// Explores one configuration on a started store.
    typealias Explore = (ExplorerConfiguration) -> Result<ExplorationReport, StateExplorerError>
    /// Starts a store, hands `body` the way to explore it, and ends the
    /// store when `body` returns.
    typealias Session = @Sendable (_ body: (Explore) -> Void) -> Void

    /// The suite `name` exploring `configurations` in order in one
    /// `session` of the store, and only those a shard needs: ``caseCount``
    /// cases per exploration (one more with `refinement`), class names
    /// `classPrefix.r2v2`, counterexamples replayed with `replay`.
    static func make(
        name: String, configurations: [ExplorerConfiguration], classPrefix: String, refinement: Bool = false,
        replay: String = "updatecheck state run", session: @escaping Session
    ) -> CheckSuite {
        let count = caseCount + (refinement ? 1 : 0)
        return CheckSuite(name: name, area: .state, caseCount: configurations.count * count) { selection in
            let positions = selection.positions(among: configurations.count * count)
            var cases: [CheckCase] = []
            session { explore in
                for (index, configuration) in configurations.enumerated() {
                    let wanted = positions.filter { $0 / count == index }
                    guard !wanted.isEmpty else { continue }
                    let className = "\(classPrefix).\(suffix(configuration))"
                    let watch = Stopwatch()
                    let explored =
                        switch explore(configuration) {
                        case .success(let report):
                            Self.cases(
                                report, className: className, seconds: watch.seconds, replay: replay,
                                refinement: refinement)
                        case .failure(let error):
                            errorCases(className: className, error, seconds: watch.seconds, refinement: refinement)
                        }
                    cases += wanted.map { explored[$0 - index * count] }
                }
            }
            return SuiteOutput(cases: cases)
        }
    }

    /// The suite of `updatecheck state explore`: one exploration, with its
    /// configuration as properties and the figures it reached (states,
    /// transitions, depth, fixed point) as measured properties.
    ///
    /// - Parameters:
    ///   - progress: called by the explorer as the search deepens.
    ///   - observe: called with the report and its wall-clock seconds when
    ///     the exploration ends.
    package static func single(
        _ explorer: Explorer, progress: @escaping @Sendable (ExplorationProgress) -> Void,
        observe: @escaping @Sendable (ExplorationReport, Double) -> Void
    ) -> CheckSuite {
        single(
            explorer.configuration, explore: { .success(explorer.run(progress: progress)) }, observe: observe,
            failed: { _ in })
    }

    /// The same for any exploration, such as a team's store program's:
    /// `explore` runs it; when it fails (a program that crashes, hangs or
    /// answers garbage), every case of the suite is an error carrying what
    /// went wrong, and `failed` is called with it.
    package static func single(
        _ configuration: ExplorerConfiguration,
        explore: @escaping @Sendable () -> Result<ExplorationReport, StateExplorerError>,
        observe: @escaping @Sendable (ExplorationReport, Double) -> Void,
        failed: @escaping @Sendable (StateExplorerError) -> Void
    ) -> CheckSuite {
        var properties = [
            SuiteProperty(name: "records", value: String(configuration.records)),
            SuiteProperty(name: "values", value: String(configuration.values)),
        ]
        if let maxDepth = configuration.maxDepth {
            properties.append(SuiteProperty(name: "max-depth", value: String(maxDepth)))
        }
        return CheckSuite(name: name, area: .state, caseCount: caseCount, properties: properties) { selection in
            let watch = Stopwatch()
            let report: ExplorationReport
            switch explore() {
            case .success(let explored): report = explored
            case .failure(let error):
                failed(error)
                let cases = errorCases(className: className(configuration), error, seconds: watch.seconds)
                return SuiteOutput(cases: selection.positions(among: caseCount).map { cases[$0] })
            }
            let seconds = watch.seconds
            observe(report, seconds)
            let explored = cases(report, className: className(configuration), seconds: seconds)
            var figures = [
                SuiteProperty(name: "states", value: String(report.states)),
                SuiteProperty(name: "transitions", value: String(report.transitions)),
                SuiteProperty(name: "depth", value: String(report.depth)),
                SuiteProperty(name: "fixed-point", value: String(report.reachedFixedPoint)),
            ]
            if report.roundTrips > 0 {
                figures.append(SuiteProperty(name: "round-trips", value: String(report.roundTrips)))
            }
            return SuiteOutput(cases: selection.positions(among: caseCount).map { explored[$0] }, properties: figures)
        }
    }

    /// Every case of an exploration that failed with `error`, as an error.
    static func errorCases(className: String, _ error: StateExplorerError, seconds: Double, refinement: Bool = false)
        -> [CheckCase]
    {
        caseNames(refinement: refinement).map { name in
            CheckCase(
                name: name, className: className, time: name == fixedPointName ? seconds : 0,
                outcome: .error(message: error.description, type: "store", details: error.description))
        }
    }

    /// The case names of one exploration: the invariants in number order,
    /// the refinement case when asked for, and the fixed point.
    static func caseNames(refinement: Bool) -> [String] {
        Invariant.allCases.map { "invariant \($0.rawValue) \($0.name)" } + (refinement ? [refinementName] : [])
            + [fixedPointName]
    }

    /// The name of the case that carries the exploration's time.
    static let fixedPointName = "fixed point"
    /// The name of the case that compares a store with the built-in store.
    static let refinementName = "refines the built-in store"

    /// `state.explore.r2v2`: the class name of a configuration's cases.
    package static func className(_ configuration: ExplorerConfiguration) -> String {
        "state.explore.\(suffix(configuration))"
    }

    /// `r2v2`: a configuration's records and values, as class names end.
    static func suffix(_ configuration: ExplorerConfiguration) -> String {
        "r\(configuration.records)v\(configuration.values)"
    }

    /// The cases of `report`, class name `className`, in the order of
    /// ``caseNames(refinement:)``; the fixed point carries the
    /// exploration's `seconds`, and each failure the scenario file that
    /// replays it with `replay`.
    package static func cases(
        _ report: ExplorationReport, className: String, seconds: Double, replay: String = "updatecheck state run",
        refinement: Bool = false
    ) -> [CheckCase] {
        let replayLine = "\n\nScenario file (replay with: \(replay) <file>):\n"
        var cases = Invariant.allCases.map { invariant in
            let name = "invariant \(invariant.rawValue) \(invariant.name)"
            guard let found = report.counterexample(for: invariant) else {
                return CheckCase(name: name, className: className)
            }
            return CheckCase(
                name: name, className: className,
                outcome: .failure(
                    message: found.violation.description, type: "invariant",
                    details: found.description + replayLine + found.scenarioFile))
        }
        if refinement {
            var refines = CheckCase(name: refinementName, className: className)
            if let divergence = report.divergence {
                refines.outcome = .failure(
                    message: String(divergence.description.prefix { $0 != "\n" }), type: "refinement",
                    details: divergence.description + replayLine + divergence.scenarioFile)
            } else if !report.counterexamples.isEmpty {
                // The search compares only transitions that break no invariant.
                refines.outcome = .skipped(
                    message: "not proven: the transitions that break an invariant are not compared")
            }
            cases.append(refines)
        }
        cases.append(
            report.reachedFixedPoint
                ? CheckCase(name: fixedPointName, className: className, time: seconds)
                : CheckCase(
                    name: fixedPointName, className: className, time: seconds,
                    outcome: .skipped(message: "stopped at depth \(report.depth) by the depth limit")))
        return cases
    }
}
