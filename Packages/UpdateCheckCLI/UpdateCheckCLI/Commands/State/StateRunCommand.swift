import ExternalAdapter
import UpdateCheckIO

/// `updatecheck state run`: runs scenario files (and the built-in seed
/// scenario) on the real store, checking the invariants after every step.
package enum StateRunCommand {
    /// The `state run` command.
    package static let command = Command(
        name: "run",
        abstract: "Run scenario files on the real state machine.",
        discussion: """
            Each scenario loads records, then plays events (tap, finish, cancel, resync,
            switchSession, reorder) and checks what it expects after each step. The seven
            invariants are checked after every event. A failure names the file, step, record,
            expected and actual value. The format is described in docs/scenario-format.md.

            With --exec, the scenarios run on a store program in any language over the
            store-program protocol (docs/store-protocol.md) instead: what cannot be seen inside
            it is read from what it shows (an expected 'ignored busy' passes on any ignored
            event), and a program that crashes, hangs or answers garbage fails the scenario
            with its stderr. --store runs them on a team's store by name: a store program of
            the manifest (--config FILE, or ./updatecheck.json), or a Swift store that a
            team's own CLI adds.

            Exit codes: 0 every scenario passed; 1 a scenario failed, or the store failed;
            64 bad usage; 65 a scenario file or the manifest is malformed, or the program's
            handshake is not the protocol's; 66 a file is missing or the program cannot be
            started; 73 the JUnit report cannot be created; 74 writing it failed;
            129, 130 or 143 on SIGHUP, SIGINT or SIGTERM (its programs are ended first).
            """,
        arguments: [ArgumentSpec("file", help: "Scenario files (JSON).", isOptional: true, isRepeating: true)],
        options: [
            builtin, trace, StateExploreCommand.exec.spec, StateExploreCommand.timeout.spec,
            StateExploreCommand.store.spec, Options.config.spec, Options.salt.spec,
            Options.junit.spec,
        ],
        action: { invocation throws(CLIError) in try run(invocation) })

    /// `--builtin`: the built-in scenario too.
    static let builtin = OptionSpec.flag("builtin", help: "Also run the built-in favourite-button scenario.")
    /// `--trace`: print the traces.
    static let trace = OptionSpec.flag("trace", help: "Print each scenario's trace (record IDs anonymised).")

    /// Loads every scenario first (so a bad file fails before any output),
    /// runs them, prints a line per scenario and a summary, and writes the
    /// JUnit report when asked.
    static func run(_ invocation: Invocation) throws(CLIError) -> ExitCode {
        let console = invocation.console
        guard !invocation.positionals.isEmpty || builtin.isGiven(in: invocation) else {
            throw .usage("Give at least one scenario file, or --builtin.")
        }
        let manifest = try Options.config.value(in: invocation).map { [$0] } ?? []
        try CLIError.mapping { () throws(IOError) in
            try InputFile.checkStreamsReadOnce(invocation.positionals + manifest)
        }
        let salt = try Options.salt.value(in: invocation) ?? UInt64.random(in: 0...UInt64.max)
        let junit = try Options.junit.value(in: invocation)
        if let junit {
            try invocation.prepareOutputs(
                [("junit", junit)], inputs: invocation.positionals + AdapterCatalog.manifestInputs(invocation))
        }
        var sources: [ScenarioSource] = []
        if builtin.isGiven(in: invocation) { sources.append(try BuiltInScenarios.seedSource()) }
        var budget = ScenarioSource.keptBytes
        for path in invocation.positionals {
            sources.append(try ScenarioSource.load(path, budget: &budget))
        }

        let printTrace = trace.isGiven(in: invocation)
        let started = try StoreEntry.named(in: invocation, refinement: false)?.start()
        defer { started?.stop() }
        let suite = StateRunSuite.make(
            name: "state run", sources: sources, salt: salt, driver: started?.driver,
            observe: { source, report in
                let steps = report.stepCount == 1 ? "1 step" : "\(report.stepCount) steps"
                if report.passed {
                    console.line("PASS \(source.name): \(steps)")
                } else {
                    console.line("FAIL \(source.name): \(report.failures[0])")
                    for failure in report.failures.dropFirst() { console.line("  \(failure)") }
                }
                if printTrace {
                    for entry in report.trace.entries { console.line("  trace \(entry)") }
                }
            },
            failed: { source, error in console.line("FAIL \(source.name): \(error)") })
        let run = try SuiteRunner(console: console).run(suite)
        let noun = sources.count == 1 ? "scenario" : "scenarios"
        console.line("\(sources.count) \(noun): \(run.caseCount - run.failureCount) passed, \(run.failureCount) failed")
        if let junit {
            try SuiteReport.write(run, name: "updatecheck state run", to: junit.path)
        }
        return run.exitCode
    }
}
