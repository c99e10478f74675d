import UpdateCheckDiff
import UpdateCheckIO
import UpdateCheckPlatform
import UpdateCheckSupport

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
            spread evenly. Runs on every core. A case is an old snapshot with all its pairs:
            --shard i/n runs the old snapshots numbered i-1 modulo n. --ids has no default,
            as the run grows from 65 to 3.8 million pairs between 4 and 6 IDs.
            Exit codes: 0 all passed; 1 a pair failed; 64 bad usage; 73 the report cannot be
            created; 74 writing it failed (a full disk).
            """,
        options: [
            ids.spec, sections.spec, Options.shard.spec, crossCheckEvery.spec, Options.junit.spec,
        ],
        action: { invocation throws(CLIError) in try run(invocation) })

    /// `--ids <k>`: required, as the run grows from 65 to 3.8 million pairs between 4 and 6 IDs.
    static let ids = Options.ids(in: 1...ExhaustiveCheck.maximumIDCount, required: true)
    /// `--sections <s>`: sectioned snapshots of up to s sections instead of flat ones.
    static let sections = Options.integer(
        "sections", name: "s", in: 0...ExhaustiveCheck.maximumSectionCount,
        help: "Sectioned snapshots of up to s sections (S, T, U) and k items (1 to 5): s=2 k=3 is 17,161 pairs.")
    /// `--cross-check-every <n>`: how often a second route checks a pair too.
    static let crossCheckEvery = Options.integer(
        "cross-check-every", name: "n", in: 1...Int(Int32.max),
        help: "Cross-check every n-th pair with the standard library, or with --sections the general "
            + "verification (1: every pair).")

    /// How many failing pairs are printed on the console; the JUnit report has all of them.
    package static let printedFailureLimit = 20

    /// Runs the command.
    ///
    /// - Throws: exit 64 for a missing or bad `--ids`, `--shard` or
    ///   `--cross-check-every`; exit 73 when the JUnit report cannot be written.
    package static func run(_ invocation: Invocation) throws(CLIError) -> ExitCode {
        guard let idCount = try ids.value(in: invocation) else { throw .usage("Missing '--ids <k>'.") }
        let shard = try Options.shard.value(in: invocation) ?? .whole
        let stride = try crossCheckEvery.value(in: invocation)
        let junit = try Options.junit.value(in: invocation)
        let sectionCount = try sections.value(in: invocation)
        if sectionCount != nil, idCount > ExhaustiveCheck.maximumSectionedIDCount {
            throw .usage(
                "Invalid value \(quoted: idCount) for '--ids' with '--sections': expected a whole number from 1 to "
                    + "\(ExhaustiveCheck.maximumSectionedIDCount).")
        }
        if let junit {
            try invocation.prepareOutputs([("junit", junit)], inputs: [])
        }
        let observed = Lock<ExhaustiveReport?>(nil)
        let observe: @Sendable (ExhaustiveReport) -> Void = { report in observed.withLock { $0 = report } }
        let suite = DiffExhaustiveSuite.command(
            sectionCount: sectionCount, idCount: idCount, shard: shard, crossCheckStride: stride, observe: observe)
        let run = try SuiteRunner(shard: shard, console: invocation.console).run(suite)
        if let junit {
            try SuiteReport.write(run, name: "updatecheck diff exhaustive", to: junit.path)
        }
        if let report = observed.withLock({ $0 }) {
            invocation.console.writeOut(summary(of: report))
        } else {
            // The runner skips a suite whose shard holds none of its groups.
            let snapshots = ExhaustiveCheck.snapshotCount(sectionCount: sectionCount, idCount: idCount)
            invocation.console.writeOut(
                "Verified 0 pairs: shard \(shard) holds none of the \(snapshots) old snapshots (shard i of n takes "
                    + "those numbered i-1 modulo n).\n")
        }
        return run.exitCode
    }

    /// The console text of a run, flat or sectioned: every failing pair (up
    /// to ``printedFailureLimit``), then one summary line and what was checked.
    ///
    ///     Verified 4225 pairs (65 old × 65 new snapshots of 4 IDs: a, b, c, d), shard 1/1: all passed.
    ///     Checked: reaches new, paired moves reach new, inverse restores old, minimal moves; 4225 pairs also by the standard library.
    ///
    ///     Verified 17161 pairs (131 old × 131 new snapshots of up to 2 sections and 3 items), shard 1/1: all passed.
    ///     Checked: reaches new, inverse restores old, minimal section and item moves, only the absent deleted and inserted; 17 pairs also in flat form by the flat engine.
    package static func summary(of report: ExhaustiveReport) -> String {
        let scope: String
        let checked: String
        if let sectionCount = report.sectionCount {
            scope = "of up to \(sectionCount) sections and \(report.idCount) items"
            checked =
                "Checked: reaches new, inverse restores old, minimal section and item moves, "
                + "only the absent deleted and inserted; \(report.crossCheckedCount) pairs also in flat form "
                + "by the flat engine."
        } else {
            let names = ExhaustiveCheck.ids(count: report.idCount).map(\.description).joined(separator: ", ")
            scope = "of \(report.idCount) IDs: \(names)"
            checked =
                "Checked: reaches new, paired moves reach new, inverse restores old, minimal moves; "
                + "\(report.crossCheckedCount) pairs also by the standard library."
        }
        return summary(
            failures: report.failures, failedRows: report.rows.filter { !$0.failures.isEmpty }.count,
            scope: "\(report.pairCount) pairs (\(report.rows.count) old × \(report.snapshotCount) new snapshots "
                + "\(scope)), shard \(report.shard)",
            checked: checked)
    }

    /// The lines of a summary: `FAIL …` for each failing pair up to
    /// ``printedFailureLimit`` and how many more there are, then `Verified
    /// <scope>: all passed.` or how many pairs failed from how many old
    /// snapshots, then what was `checked`.
    static func summary(
        failures: [some CustomStringConvertible], failedRows: Int, scope: String, checked: String
    ) -> String {
        var lines = failures.prefix(printedFailureLimit).map { "FAIL \($0)" }
        if failures.count > printedFailureLimit {
            lines.append("… and \(failures.count - printedFailureLimit) more failing pairs (--junit lists them all).")
        }
        lines.append(
            failures.isEmpty
                ? "Verified \(scope): all passed."
                : "Verified \(scope): \(failures.count) pairs failed, from \(failedRows) old snapshots.")
        lines.append(checked)
        return lines.joined(separator: "\n") + "\n"
    }
}
