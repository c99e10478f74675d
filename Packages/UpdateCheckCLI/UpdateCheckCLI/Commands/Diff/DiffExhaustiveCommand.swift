import ListDiff
import Synchronization

/// `updatecheck diff exhaustive`: verifies every ordered pair of ordered
/// selections of k IDs (or one shard of them) and reports the outcome.
package enum DiffExhaustiveCommand {
    /// The `diff exhaustive` command.
    package static let command = Command(
        name: "exhaustive",
        abstract: "Verify every ordered pair of ordered selections of k IDs.",
        discussion: """
            k=4: 65 snapshots, 4,225 pairs; k=5: 326 and 106,276; k=6: 1,957 and 3,829,849.
            Every pair is checked: the diff reaches new, the diff with paired moves reaches
            new, the inverse restores old, the moves are minimal. The standard library's
            applying cross-checks every pair up to 16,384 pairs, then about 16,384 pairs
            spread evenly. Runs on every core. Exit codes: 0 all passed; 1 a pair failed.
            """,
        options: [
            .value("ids", name: "k", help: "The number of distinct IDs, 1 to 8 (required)."),
            .value("shard", name: "i/n", help: "Run only shard i of n (by old snapshot); default 1/1."),
            .value(
                "cross-check-every", name: "n",
                help: "Cross-check every n-th pair with the standard library (1: every pair)."),
            JUnitOutput.option,
        ],
        action: { invocation throws(CLIError) in try run(invocation) })

    /// How many failing pairs are printed on the console; the JUnit report has all of them.
    package static let printedFailureLimit = 20

    /// Runs the command.
    ///
    /// - Throws: exit 64 for a missing or bad `--ids`, `--shard` or
    ///   `--cross-check-every`; exit 73 when the JUnit report cannot be written.
    package static func run(_ invocation: Invocation) throws(CLIError) -> ExitCode {
        guard let idCount = try invocation.integer("ids", in: 1...ExhaustiveCheck.maximumIDCount) else {
            throw .usage("Missing '--ids <k>'.")
        }
        var shard = Shard.whole
        if let text = invocation.value("shard") {
            guard let parsed = Shard(text) else {
                throw .usage("Invalid value '\(text)' for '--shard': expected i/n with 1 <= i <= n, e.g. 2/4.")
            }
            shard = parsed
        }
        let stride = try invocation.integer("cross-check-every", in: 1...Int(Int32.max))
        let observed = Mutex<ExhaustiveReport?>(nil)
        let suite = DiffExhaustiveSuite.command(idCount: idCount, shard: shard, crossCheckStride: stride) { report in
            observed.withLock { $0 = report }
        }
        let run = try SuiteRunner(shard: shard, console: invocation.console).run(suite)
        if let path = invocation.value("junit") {
            try SuiteReport.write(run, name: "updatecheck diff exhaustive", to: path)
        }
        if let report = observed.withLock({ $0 }) { invocation.console.writeOut(summary(of: report)) }
        return run.exitCode
    }

    /// The console text: every failing pair (up to ``printedFailureLimit``),
    /// then one summary line.
    ///
    ///     Verified 4225 pairs (65 old × 65 new snapshots of 4 IDs: a, b, c, d), shard 1/1: all passed.
    ///     Checked: reaches new, paired moves reach new, inverse restores old, minimal moves; 4225 pairs also by the standard library.
    package static func summary(of report: ExhaustiveReport) -> String {
        var lines: [String] = []
        let failures = report.failures
        for failure in failures.prefix(printedFailureLimit) { lines.append("FAIL \(failure)") }
        if failures.count > printedFailureLimit {
            lines.append("… and \(failures.count - printedFailureLimit) more failing pairs (--junit lists them all).")
        }
        let names = ExhaustiveCheck.ids(count: report.idCount).map(\.description).joined(separator: ", ")
        let scope =
            "\(report.pairCount) pairs (\(report.rows.count) old × \(report.snapshotCount) new snapshots "
            + "of \(report.idCount) IDs: \(names)), shard \(report.shard)"
        if report.passed {
            lines.append("Verified \(scope): all passed.")
        } else {
            let failedRows = report.rows.filter { !$0.failures.isEmpty }.count
            lines.append(
                "Verified \(scope): \(failures.count) pairs failed, from \(failedRows) old snapshots.")
        }
        lines.append(
            "Checked: reaches new, paired moves reach new, inverse restores old, minimal moves; "
                + "\(report.crossCheckedCount) pairs also by the standard library.")
        return lines.joined(separator: "\n") + "\n"
    }
}
