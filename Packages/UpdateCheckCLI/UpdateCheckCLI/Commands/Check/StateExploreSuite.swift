import JUnitReporter
import OptimisticState
import StateExplorer

/// The exhaustive exploration of the state machine as a suite of
/// `updatecheck check`: every interleaving of events on the real store, to a
/// fixed point, with the seven invariants checked on every transition.
///
/// Two explorations: `--records` records with two values, then one record
/// with three. Each gives the cases of `updatecheck state explore --junit`:
/// one per invariant (failed with its shortest counterexample and the
/// scenario file that replays it), then the fixed point. A shard runs an
/// exploration only when it holds one of that exploration's cases.
package enum StateExploreSuite {
    /// The suite's name in reports.
    package static let name = "state explore"

    /// The configurations explored for `records` records, in case order.
    package static func configurations(records: Int) -> [ExplorerConfiguration] {
        [ExplorerConfiguration(records: records, values: 2), ExplorerConfiguration(records: 1, values: 3)]
    }

    /// The suite exploring `records` records (1 to 3) with two values, and one record with three.
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
        let perExploration = StateExploreJUnit.caseCount
        return CheckSuite(name: name, area: .state, caseCount: all.count * perExploration) { selection in
            let positions = selection.positions(among: all.count * perExploration)
            var cases: [JUnitTestCase] = []
            for (index, explorer) in all.enumerated() {
                let range = index * perExploration..<(index + 1) * perExploration
                let wanted = positions.filter(range.contains)
                guard !wanted.isEmpty else { continue }
                let clock = ContinuousClock.now
                let report = explorer.run()
                let explored = StateExploreJUnit.cases(report, seconds: CheckClock.seconds(since: clock))
                cases += wanted.map { explored[$0 - range.lowerBound] }
            }
            return cases
        }
    }
}
