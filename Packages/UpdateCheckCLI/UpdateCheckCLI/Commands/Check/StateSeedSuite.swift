import JUnitReporter

/// The favourite-button article's checks as a suite of `updatecheck check`:
/// the built-in seed scenario, run exactly as `updatecheck state run --builtin`.
package enum StateSeedSuite {
    /// The suite's name in reports.
    package static let name = "state seed"

    /// The suite; its trace salt is the run's seed, so a failure's trace replays.
    ///
    /// - Throws: exit 65 if the embedded scenario were malformed (a test proves it is not).
    package static func make(seed: UInt64) throws(CLIError) -> CheckSuite {
        let source = try BuiltInScenarios.seedSource()
        return CheckSuite(
            name: name, area: .state, caseCount: 1,
            properties: [JUnitProperty(name: "trace-salt", value: String(seed))]
        ) { selection throws(CLIError) in
            guard selection.contains(0) else { return [] }
            return StateRun.execute([source], salt: seed, console: .discarding, printTrace: false).cases
        }
    }
}
