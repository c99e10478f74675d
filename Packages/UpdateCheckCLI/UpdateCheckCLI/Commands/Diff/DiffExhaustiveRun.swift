import ListDiff

/// `updatecheck diff exhaustive`: verifies every ordered pair of ordered
/// selections of k IDs (or one shard of them) and reports the outcome.
package enum DiffExhaustiveRun {
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
        let check = ExhaustiveCheck(idCount: idCount, shard: shard, crossCheckStride: stride)
        let report = check.run()
        if let path = invocation.value("junit") {
            try JUnitOutput.write(DiffExhaustiveJUnit.report(for: report), to: path)
        }
        invocation.console.writeOut(summary(of: report))
        return report.passed ? .success : .checkFailed
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
