import BatchUpdate
import ListDiff

/// `updatecheck adapters check [NAME...]`: proves adapters with the
/// conformance kit and reports the outcome.
package enum AdaptersCheckCommand {
    /// The `adapters check` command.
    package static let command = Command(
        name: "check",
        abstract: "Prove adapters with the conformance kit.",
        discussion: """
            For every ordered pair of snapshots over up to k IDs (with every subset of kept
            items marked changed when at most 4 are kept; otherwise none, all, the moved and the
            unmoved ones) and for random pairs from a seed, the adapter's calls are replayed on
            its toolkit model: they must show exactly the new snapshot, refresh every changed
            item and no other, keep or replace cells as the adapter's policy says, and never
            raise the toolkit's error. A failure names the smallest failing case and the calls.
            Without names, the four default adapters are checked. Runs on every core.
            With --exec, the adapter is a program in any language speaking the adapter
            protocol on stdin/stdout (docs/adapter-protocol.md), proven on the built-in model
            --model names; a case it crashes on, hangs on or answers with garbage fails alone.
            Exit codes: 0 all passed; 1 an adapter failed; 64 bad usage; 65 the program's
            handshake is invalid; 66 the program cannot be started; 73 the report cannot be
            written.
            """,
        arguments: [
            ArgumentSpec(
                "name", help: "Adapters to check (default: the four defaults).", isOptional: true, isRepeating: true)
        ],
        options: [
            .value("ids", name: "k", help: "Every pair over up to k IDs, 0 to 6 (default 4; 5 = 106,276 pairs)."),
            .value("random", name: "n", help: "Also check n random pairs (default 0)."),
            .value("max-items", name: "n", help: "The largest random snapshot (default 1000)."),
            .value("seed", name: "s", help: "The seed of the random pairs (default 0)."),
            .value("shard", name: "i/n", help: "Run only shard i of n (by group); default 1/1."),
            .value("exec", name: "command", help: "Prove the adapter program COMMAND (run with /bin/sh -c)."),
            .value(
                "model", name: "m",
                help: "The model of --exec: \(ExternalAdapters.modelNames.joined(separator: ", "))."),
            .value("timeout", name: "s", help: "How long --exec may stay silent on a case (default 10)."),
            JUnitOutput.option,
        ],
        action: { invocation throws(CLIError) in try run(invocation) })

    /// Runs the command.
    ///
    /// - Throws: exit 64 for an unknown adapter or a bad option value; 65
    ///   or 66 for an adapter program with a bad handshake or that cannot be
    ///   started; exit 73 when the JUnit report cannot be written.
    /// - Returns: 0 when every adapter passed, 1 otherwise.
    package static func run(_ invocation: Invocation) throws(CLIError) -> ExitCode {
        let options = try options(invocation)
        let adapters: [AdapterEntry]
        let program: ExternalAdapters.Started?
        if let command = invocation.value("exec") {
            guard invocation.positionals.isEmpty else {
                throw .usage("Give either adapter names or '--exec', not both.")
            }
            guard let model = invocation.value("model") else {
                throw .usage(
                    "'--exec' needs '--model': one of \(ExternalAdapters.modelNames.joined(separator: ", ")).")
            }
            let timeout = try invocation.integer("timeout", in: 1...3600) ?? 10
            let started = try ExternalAdapters.start(command: command, model: model, timeout: Double(timeout))
            program = started
            adapters = [started.entry]
        } else if invocation.value("model") != nil || invocation.value("timeout") != nil {
            throw .usage("'--model' and '--timeout' go with '--exec'.")
        } else if invocation.positionals.isEmpty {
            adapters = BuiltInAdapters.defaults
            program = nil
        } else {
            var named: [AdapterEntry] = []
            for name in invocation.positionals where !named.contains(where: { $0.name == name }) {
                named.append(try BuiltInAdapters.named(name))
            }
            adapters = named
            program = nil
        }
        invocation.console.line("Proving \(adapters.map(\.name).joined(separator: ", ")): \(scope(options)).")
        let console = invocation.console
        let suites = adapters.map { adapter in
            AdapterConformanceSuite.command(adapter, options: options) { report in
                console.writeOut(summary(of: report))
            }
        }
        defer { program?.stop() }
        let run = try SuiteRunner(shard: options.shard, numbering: .withinEachSuite, console: console).run(suites)
        if let path = invocation.value("junit") {
            try SuiteReport.write(run, name: "updatecheck adapters check", to: path)
        }
        let failed = run.results.filter { $0.failureCount > 0 }.count
        console.line(
            failed == 0
                ? "All \(adapters.count) adapters passed."
                : "\(failed) of \(adapters.count) adapters failed.")
        return run.exitCode
    }

    /// The kit's options from `--ids`, `--random`, `--max-items`, `--seed` and `--shard`.
    static func options(_ invocation: Invocation) throws(CLIError) -> ConformanceOptions {
        var options = ConformanceOptions()
        options.ids = try invocation.integer("ids", in: 0...6) ?? 4
        options.randomPairs = try invocation.integer("random", in: 0...1_000_000) ?? 0
        options.maxRandomItems = try invocation.integer("max-items", in: 0...100_000) ?? 1000
        if let text = invocation.value("seed") {
            guard let seed = UInt64(text) else {
                throw .usage(
                    "Invalid value '\(text)' for '--seed': expected a whole number from 0 to \(UInt64.max).")
            }
            options.seed = seed
        }
        if let text = invocation.value("shard") {
            guard let shard = Shard(text) else {
                throw .usage("Invalid value '\(text)' for '--shard': expected i/n with 1 <= i <= n, e.g. 2/4.")
            }
            options.shard = shard
        }
        return options
    }

    /// `every pair over 5 IDs (every changed subset up to 4 kept items), 1000 random pairs of up to 1000 items (seed 42)`.
    static func scope(_ options: ConformanceOptions) -> String {
        var parts: [String] = []
        if options.ids > 0 {
            parts.append(
                "every pair over \(options.ids) IDs (every changed subset up to \(options.changedSubsetLimit) "
                    + "kept items)")
        }
        if options.randomPairs > 0 {
            parts.append(
                "\(options.randomPairs) random pairs of up to \(options.maxRandomItems) items (seed \(options.seed))")
        }
        if parts.isEmpty { parts.append("nothing to check") }
        if options.shard != .whole { parts.append("shard \(options.shard)") }
        return parts.joined(separator: ", ")
    }

    /// `uikit: passed 914721 cases in 2.1 s`, or the failure count and the smallest failing case.
    static func summary(of report: ConformanceReport) -> String {
        let time = String(format1: report.seconds)
        guard let smallest = report.smallestFailure else {
            return "\(report.adapter): passed \(report.casesChecked) cases in \(time) s\n"
        }
        let text = smallest.description.split(separator: "\n").map { "  \($0)" }.joined(separator: "\n")
        return "\(report.adapter): FAILED \(report.failureCount) of \(report.casesChecked) cases in \(time) s; "
            + "smallest:\n\(text)\n"
    }
}

extension String {
    /// `seconds` with one decimal, whatever the locale (`2.1`).
    init(format1 seconds: Double) {
        let tenths = Int((seconds * 10).rounded())
        self = "\(tenths / 10).\(tenths % 10)"
    }
}
