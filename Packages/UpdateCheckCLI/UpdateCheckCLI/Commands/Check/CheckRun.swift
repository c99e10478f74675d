/// `updatecheck check`: runs the built-in suite (or one shard of it), prints
/// the summary and writes the JUnit report when asked.
package enum CheckRun {
    /// Runs the command.
    ///
    /// - Returns: exit 0 when every case passed, 1 otherwise.
    /// - Throws: exit 64 for a bad option; exit 73 when the JUnit report
    ///   cannot be written (the summary is printed first).
    package static func run(_ invocation: Invocation) throws(CLIError) -> ExitCode {
        let options = try CheckOptions(invocation)
        return try run(BuiltInSuites.make(options), options: options, console: invocation.console)
    }

    /// Runs `suites` with `options`: the body of the command, open to tests
    /// that bring their own suites.
    package static func run(_ suites: [CheckSuite], options: CheckOptions, console: Console) throws(CLIError)
        -> ExitCode
    {
        let clock = ContinuousClock.now
        let results = try CheckRunner.run(suites, shard: options.shard, console: console)
        let seconds = CheckClock.seconds(since: clock)
        console.writeOut(CheckSummary.text(results, seconds: seconds, options: options))
        if let path = options.junitPath {
            try JUnitOutput.write(CheckReport.report(results, options: options), to: path)
        }
        return results.allSatisfy { $0.failureCount == 0 } ? .success : .checkFailed
    }
}
