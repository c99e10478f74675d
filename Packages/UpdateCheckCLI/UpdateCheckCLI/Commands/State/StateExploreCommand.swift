import StateExplorer
import Synchronization
import UpdateCheckIO

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

            Exit codes: 0 every invariant held; 1 an invariant was broken; 64 bad usage;
            73 an output file cannot be created; 74 writing it failed (a full disk).
            """,
        options: [
            Options.records.spec, values.spec, maxDepth.spec, counterexample.spec,
            noSymmetry,
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
        "max-depth", name: "d", in: 0...10_000, help: "Stop after d events (default: search to a fixed point).")
    /// `--counterexample <file>`: where the shortest counterexample goes.
    static let counterexample = Options.output(
        "counterexample", help: "Write the shortest counterexample as a scenario file.")

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
        try CLIError.mapping { () throws(IOError) in try OutputPath.prepare(outputs, inputs: []) }
        let symmetry: ExplorerSymmetry = noSymmetry.isGiven(in: invocation) ? [] : .all
        return try execute(
            ExplorerConfiguration(records: records, values: values, maxDepth: maxDepth, symmetry: symmetry),
            console: invocation.console, counterexamplePath: counterexample?.path, junitPath: junit?.path)
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
        let explored = Mutex<(report: ExplorationReport, seconds: Double)?>(nil)
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
                console.line("Wrote it to \(path); replay it with 'updatecheck state run \(path)'.")
            } else {
                console.line("Write it as a scenario file with --counterexample <file>, then replay it with")
                console.line("'updatecheck state run <file>'.")
            }
        }
        if let path = junitPath {
            try SuiteReport.write(run, name: "updatecheck state explore", to: path)
        }
        return report.passed ? .success : .checkFailed
    }
}
