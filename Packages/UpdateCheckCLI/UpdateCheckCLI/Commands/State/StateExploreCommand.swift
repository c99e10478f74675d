import ExternalAdapter
import StateExplorer
import UpdateCheckIO
import UpdateCheckPlatform
import UpdateCheckSupport

/// `updatecheck state explore`: explores every interleaving of events on the
/// real store for a small list, and proves the seven invariants on all of them.
package enum StateExploreCommand {
    /// The `state explore` command.
    package static let command = Command(
        name: "explore",
        abstract: "Explore every interleaving of events on the real state machine.",
        discussion: """
            Starts from every assignment of loaded values and applies, in every state, every
            event that can happen: taps, every answer for every ticket ever issued (current,
            stale, duplicate, earlier session), re-read answers, cancels, reorders and an
            account switch. The seven invariants are checked after every transition; states
            are deduplicated with tickets renamed by order of issue, so the search ends at a
            fixed point. States that differ only by a renaming of the records or of the
            values are explored once, on every core (--no-symmetry explores each of them).
            Prints the states, transitions, depth reached, the verdict of each invariant and
            the (phase, event) pairs exercised.

            On a violation, prints the shortest event sequence that shows it; with
            --counterexample it is also written as a scenario file that
            'updatecheck state run' replays to the same failure.

            With --exec, explores a store program in any language instead, over the
            store-program protocol (docs/store-protocol.md): the same search, invariants and
            counterexamples, which 'updatecheck state run --exec' replays on the same
            program. --store explores a team's store by name: a store program of the
            manifest (--config FILE, or ./updatecheck.json), or a Swift store that a team's
            own CLI adds. --refinement also requires the store to show what the built-in
            store shows after every event, and reports the first difference.

            Exit codes: 0 every invariant held; 1 an invariant was broken, or the store
            program failed (crashed, hung, answered garbage); 64 bad usage; 65 the program's
            handshake is not the protocol's; 66 the program cannot be started; 73 an output
            file cannot be created; 74 writing it failed (a full disk);
            129, 130 or 143 on SIGHUP, SIGINT or SIGTERM (its programs are ended first).
            """,
        options: [
            Options.records.spec, values.spec, maxDepth.spec, counterexample.spec,
            noSymmetry, exec.spec, timeout.spec, store.spec, Options.config.spec, refinement,
            Options.junit.spec,
        ],
        action: { invocation throws(CLIError) in try run(invocation) })

    /// `--no-symmetry`: every state, not one per renaming.
    static let noSymmetry = OptionSpec.flag(
        "no-symmetry", help: "Explore every state, not one per renaming of records and values.")
    /// `--values <n>`: values per record.
    static let values = Options.choice(
        "values", name: "n", from: ["2", "3"], help: "Values per record: 2 (false, true) or 3 (0, 1, 2) (default 2).")
    /// `--max-depth <d>`: where the search stops.
    static let maxDepth = Options.integer(
        "max-depth", name: "d", in: 0...10_000,
        help: "Stop after d events, 0 to 10000 (default: search to a fixed point).")
    /// `--counterexample <file>`: where the shortest counterexample goes.
    static let counterexample = Options.output(
        "counterexample", help: "Write the shortest counterexample as a scenario file.")

    /// `--exec <command>`: a store program, run with `/bin/sh -c`.
    static let exec = TypedOption<String>(
        "exec", name: "command", help: "Use the store program COMMAND (run with /bin/sh -c).",
        expected: "a command"
    ) { $0.isEmpty ? nil : $0 }

    /// `--store <name>`: a team's store, by name.
    static let store = TypedOption<String>(
        "store", name: "name", help: "Use the team's store NAME (of the manifest, or added by your own CLI).",
        expected: "a store name"
    ) { $0.isEmpty ? nil : $0 }

    /// `--refinement`: the store must show what the built-in store shows.
    static let refinement = OptionSpec.flag(
        "refinement", help: "With --exec or --store: the store must show what the built-in store shows.")
    /// `--timeout <s>`: how long a store program may take to answer one request line (its whole line).
    static let timeout = Options.integer(
        "timeout", name: "s", in: 1...3600,
        help: "How long --exec may take to answer a request, 1 to 3600 s (default 10).")

    /// Reads the options, checks the outputs, and explores.
    static func run(_ invocation: Invocation) throws(CLIError) -> ExitCode {
        let records = try Options.records.value(in: invocation) ?? Options.defaultRecords
        let values = try Self.values.value(in: invocation).flatMap { Int($0) } ?? 2
        let maxDepth = try Self.maxDepth.value(in: invocation)
        let counterexample = try Self.counterexample.value(in: invocation)
        let junit = try Options.junit.value(in: invocation)
        let outputs = [("counterexample", counterexample), ("junit", junit)].compactMap { option, path in
            path.map { (option: option, path: $0) }
        }
        // The manifest, read for --store, is an input no output may overwrite.
        try invocation.prepareOutputs(outputs, inputs: AdapterCatalog.manifestInputs(invocation))
        let symmetry: ExplorerSymmetry = noSymmetry.isGiven(in: invocation) ? [] : .all
        let configuration = ExplorerConfiguration(
            records: records, values: values, maxDepth: maxDepth, symmetry: symmetry)
        if let store = try StoreEntry.named(in: invocation, refinement: refinement.isGiven(in: invocation)) {
            return try execute(
                store, configuration: configuration, console: invocation.console,
                counterexamplePath: counterexample?.path, junitPath: junit?.path)
        }
        if refinement.isGiven(in: invocation) { throw .usage("--refinement needs --exec or --store.") }
        return try execute(
            configuration, console: invocation.console, counterexamplePath: counterexample?.path,
            junitPath: junit?.path)
    }

    /// Explores a team's store: the body of `state explore --exec` and
    /// `state explore --store`.
    static func execute(
        _ store: StoreEntry, configuration: ExplorerConfiguration, console: Console, counterexamplePath: String?,
        junitPath: String?
    ) throws(CLIError) -> ExitCode {
        let explorer: StoreExplorer
        do {
            explorer = try StoreExplorer(configuration, refinement: store.refinement)
        } catch {
            throw .usage("Unsupported exploration: \(error).")
        }
        let started = try store.start()
        defer { started.stop() }
        let program = started.driver
        let explored = Lock<(report: ExplorationReport, seconds: Double)?>(nil)
        let suite = StateExploreSuite.single(
            configuration,
            explore: {
                Result { () throws(StateExplorerError) in
                    try explorer.run(program) { progress in
                        guard console.showsProgress else { return }
                        console.progress(
                            "depth \(progress.depth): \(StateExploreText.grouped(progress.states)) states, "
                                + "\(StateExploreText.grouped(progress.transitions)) transitions…")
                    }
                }
            },
            observe: { report, seconds in explored.withLock { $0 = (report, seconds) } },
            failed: { error in
                if console.showsProgress { console.clearProgress() }
                console.line("Error: \(error)")
            })
        let run = try SuiteRunner(console: console).run(suite)
        if let path = junitPath { try SuiteReport.write(run, name: "updatecheck state explore", to: path) }
        guard let (report, seconds) = explored.withLock({ $0 }) else { return .checkFailed }
        if console.showsProgress { console.clearProgress() }
        console.writeOut(StateExploreText.report(report, seconds: seconds))
        console.line("  \(StateExploreText.grouped(report.roundTrips)) round trips to \(store.name)")
        let replay = store.replay
        if let found = report.counterexample {
            console.line()
            console.line("Shortest counterexample:")
            console.line(found.description)
            try writeScenario(found.scenarioFile, to: counterexamplePath, replay: replay, console: console)
        } else if let divergence = report.divergence {
            console.line()
            console.line("First difference from the built-in store:")
            console.line(divergence.description)
            try writeScenario(divergence.scenarioFile, to: counterexamplePath, replay: replay, console: console)
        }
        return report.passed ? .success : .checkFailed
    }

    /// Writes a found scenario to `path` when given, and says how to replay it.
    static func writeScenario(_ text: String, to path: String?, replay: String, console: Console) throws(CLIError) {
        if let path {
            try OutputFile.write(text, to: path)
            console.line("Wrote it to \(path); replay it with: \(replay) \(MessageText.shellWord(path))")
        } else {
            console.line("Write it as a scenario file with --counterexample <file>, then replay it with:")
            console.line("\(replay) <file>")
        }
    }

    /// Explores `configuration`, prints the report on `console`, and writes
    /// the counterexample and the JUnit report when asked: the body of the
    /// command, open to tests that switch store faults on.
    ///
    /// - Returns: exit 0 when every invariant held, 1 otherwise.
    /// - Throws: exit 64 for an unsupported configuration; exit 73 when an
    ///   output file cannot be written (the report is printed first).
    package static func execute(
        _ configuration: ExplorerConfiguration, console: Console, counterexamplePath: String?, junitPath: String?
    ) throws(CLIError) -> ExitCode {
        let explorer: Explorer
        do {
            explorer = try Explorer(configuration)
        } catch {
            throw .usage("Unsupported exploration: \(error).")
        }
        let explored = Lock<(report: ExplorationReport, seconds: Double)?>(nil)
        let suite = StateExploreSuite.single(
            explorer,
            progress: { progress in
                guard console.showsProgress else { return }
                console.progress(
                    "depth \(progress.depth): \(StateExploreText.grouped(progress.states)) states, "
                        + "\(StateExploreText.grouped(progress.transitions)) transitions…")
            },
            observe: { report, seconds in explored.withLock { $0 = (report, seconds) } })
        let run = try SuiteRunner(console: console).run(suite)
        guard let (report, seconds) = explored.withLock({ $0 }) else { return run.exitCode }
        if console.showsProgress { console.clearProgress() }
        console.writeOut(StateExploreText.report(report, seconds: seconds))
        if let found = report.counterexample {
            console.line()
            console.line("Shortest counterexample:")
            console.line(found.description)
            if let path = counterexamplePath {
                try OutputFile.write(found.scenarioFile, to: path)
                console.line(
                    "Wrote it to \(path); replay it with: updatecheck state run \(MessageText.shellWord(path))")
            } else {
                console.line("Write it as a scenario file with --counterexample <file>, then replay it with:")
                console.line("updatecheck state run <file>")
            }
        }
        if let path = junitPath {
            try SuiteReport.write(run, name: "updatecheck state explore", to: path)
        }
        return report.passed ? .success : .checkFailed
    }
}
