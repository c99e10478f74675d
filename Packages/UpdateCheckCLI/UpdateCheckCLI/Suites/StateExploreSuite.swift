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
        var explorers: [Explorer] = []
        for configuration in configurations {
            do {
                explorers.append(try Explorer(configuration))
            } catch {
                throw .usage("Invalid value '\(value)' for '--\(option)': \(error)")
            }
        }
        let all = explorers
        return CheckSuite(name: name, area: .state, caseCount: all.count * caseCount) { selection in
            let positions = selection.positions(among: all.count * caseCount)
            var cases: [CheckCase] = []
            for (index, explorer) in all.enumerated() {
                let range = index * caseCount..<(index + 1) * caseCount
                let wanted = positions.filter(range.contains)
                guard !wanted.isEmpty else { continue }
                let watch = Stopwatch()
                let report = explorer.run()
                let explored = Self.cases(report, seconds: watch.seconds)
                cases += wanted.map { explored[$0 - range.lowerBound] }
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
                let cases = errorCases(configuration, error, seconds: watch.seconds)
                return SuiteOutput(cases: selection.positions(among: caseCount).map { cases[$0] })
            }
            let seconds = watch.seconds
            observe(report, seconds)
            let explored = cases(report, seconds: seconds)
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
    static func errorCases(_ configuration: ExplorerConfiguration, _ error: StateExplorerError, seconds: Double)
        -> [CheckCase]
    {
        let className = className(configuration)
        let names = Invariant.allCases.map { "invariant \($0.rawValue) \($0.name)" } + ["fixed point"]
        return names.map { name in
            CheckCase(
                name: name, className: className, time: name == "fixed point" ? seconds : 0,
                outcome: .error(message: error.description, type: "store", details: error.description))
        }
    }

    /// `state.explore.r2v2`: the class name of a configuration's cases.
    package static func className(_ configuration: ExplorerConfiguration) -> String {
        "state.explore.r\(configuration.records)v\(configuration.values)"
    }

    /// The cases of `report`, invariants in number order, then the fixed
    /// point, which carries the exploration's `seconds`.
    package static func cases(_ report: ExplorationReport, seconds: Double) -> [CheckCase] {
        let className = className(report.configuration)
        var cases = Invariant.allCases.map { invariant in
            let name = "invariant \(invariant.rawValue) \(invariant.name)"
            guard let found = report.counterexample(for: invariant) else {
                return CheckCase(name: name, className: className)
            }
            return CheckCase(
                name: name, className: className,
                outcome: .failure(
                    message: found.violation.description, type: "invariant",
                    details: found.description + "\n\nScenario file (replay with 'updatecheck state run <file>'):\n"
                        + found.scenarioFile))
        }
        let fixedPoint = "fixed point"
        cases.append(
            report.reachedFixedPoint
                ? CheckCase(name: fixedPoint, className: className, time: seconds)
                : CheckCase(
                    name: fixedPoint, className: className, time: seconds,
                    outcome: .skipped(message: "stopped at depth \(report.depth) by the depth limit")))
        return cases
    }
}
