import BatchUpdate
import Foundation
import Testing
import UpdateCheckUIKit

@testable import UpdateCheckCLI

/// `updatecheck adapters` and `updatecheck adapters check`.
@Suite struct AdaptersCommandTests {
    /// The output with every `in 1.2 s` replaced by `in <t> s`.
    func timeless(_ text: String) -> String {
        text.replacingOccurrences(of: #"in [0-9]+\.[0-9] s"#, with: "in <t> s", options: .regularExpression)
    }

    @Test func help() throws {
        #expect(
            try BinaryRunner.run(["adapters", "--help"])
                == .init(
                    status: 0,
                    stdout: """
                        OVERVIEW: List the built-in adapters and prove them on their toolkit models.

                        Prints each adapter's toolkit semantics and policy: what it does with an item that
                        is both moved and changed, and whether a refresh keeps the cell. The adapter programs
                        of the manifest (--config FILE, or ./updatecheck.json when present) follow with
                        their model and command.
                        Exit codes: 0 listed; 64 bad usage; 65 the manifest is malformed; 66 the --config
                        file is missing.

                        USAGE: updatecheck adapters [<options>]

                        OPTIONS:
                          --config <file>         The manifest listing your adapter and store programs (default: ./updatecheck.json when present).
                          -h, --help              Show help information.

                        SUBCOMMANDS:
                          check                   Prove adapters with the conformance kit.

                          See 'updatecheck adapters <subcommand> --help' for detailed help.

                        """, stderr: ""))
        #expect(
            try BinaryRunner.run(["adapters", "check", "--help"])
                == .init(
                    status: 0,
                    stdout: """
                        OVERVIEW: Prove adapters with the conformance kit.

                        For every ordered pair of snapshots over up to k IDs (with every subset of kept
                        items marked changed when at most 4 are kept; otherwise none, all, the moved and the
                        unmoved ones) and for random pairs from a seed, the adapter's calls are replayed on
                        its toolkit model: they must show exactly the new snapshot, refresh every changed
                        item and no other, keep or replace cells as the adapter's policy says, and never
                        raise the toolkit's error. A failure names the smallest failing case and the calls.
                        Without names, the four default adapters and the adapter programs of the manifest
                        (--config FILE, or ./updatecheck.json when present) are checked; a name may be a
                        manifest adapter's. Runs on every core.
                        With --exec, the adapter is a program in any language speaking the adapter
                        protocol on stdin/stdout (docs/adapter-protocol.md), proven on the built-in model
                        --model names; a case it crashes on, hangs on or answers with garbage fails alone.
                        Cases equal up to renaming their IDs are asked once and the answer reused for each;
                        --every-case sends every case as it is, for a program whose answers depend on the
                        names it sees or on earlier cases.
                        --ids and --seed default as in 'updatecheck check'; --random defaults to 0, where
                        'check' runs 1000: random pairs of up to 1000 items find what only long lists show
                        and take seconds per adapter, so the quick loop of writing one leaves them to the
                        main job. ConformanceOptions() in Swift checks what this command checks without
                        options. --shard i/n takes the groups (old snapshots, hundreds of random pairs)
                        numbered i-1 modulo n of each adapter.
                        With --sections s, the sectioned adapters (all of them, or those named) are proven
                        on every pair of snapshots of up to s sections and --ids items (1 to 5, default 3;
                        s=2 k=3: 131 old snapshots, 17,161 pairs), each with nothing, every kept item and
                        every kept section changed; a case is an old snapshot with all its pairs. --random n
                        adds n random sectioned pairs of up to --max-items items (default 200, at most
                        255) in up to 8 sections, a case per hundred ('check' runs 100). With
                        --exec, a program on a sectioned model (uikit-sections, diffable-sections) is proven
                        so; a sectioned model needs --sections, and --sections with --exec a sectioned model.
                        Exit codes: 0 all passed; 1 an adapter failed (a manifest's program that does not
                        start or declares another policy fails its cases); 64 bad usage; 65 the --exec
                        program's handshake is invalid, or the manifest is malformed; 66 the --exec program
                        cannot be started, or the --config file is missing; 73 the report cannot be created;
                        74 writing it failed (a full disk);
                        129, 130 or 143 on SIGHUP, SIGINT or SIGTERM (its programs are ended first).

                        USAGE: updatecheck adapters check [<name> ...] [<options>]

                        ARGUMENTS:
                          <name> ...              Adapters to check (default: the four defaults and the manifest's).

                        OPTIONS:
                          --ids <k>               Distinct IDs of the exhaustive pairs, 0 to 6 (default 5).
                          --sections <s>          Prove the sectioned adapters on every pair of up to s sections (1 to 3) and --ids items.
                          --random <n>            Also check n random pairs, 0 to 1000000 (default 0; 'check' runs 1000).
                          --max-items <n>         The largest random snapshot, 0 to 100000 items (default 1000).
                          --seed <s>              Seed of the random parts (default 1).
                          --shard <i/n>           Run only shard i of n of the cases (default 1/1).
                          --exec <command>        Prove the adapter program COMMAND (run with /bin/sh -c).
                          --model <m>             The model of --exec: uikit, appkit, recyclerview, diffable, animatedlist; with --sections: uikit-sections, diffable-sections.
                          --timeout <s>           How long --exec may take to answer a case, 1 to 3600 s (default 10).
                          --every-case            Send --exec every case, not each distinct case once (programs with state).
                          --config <file>         The manifest listing your adapter and store programs (default: ./updatecheck.json when present).
                          --junit <file>          Also write the results as a JUnit XML report to <file>.
                          -h, --help              Show help information.

                        """, stderr: ""))
    }

    @Test func listsEveryAdapterWithItsSemantics() throws {
        let result = try BinaryRunner.run(["adapters"])
        #expect(result.status == 0 && result.stderr == "")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "Adapters (prove them with 'updatecheck adapters check'):")
        let names = lines.filter { !$0.isEmpty && !$0.hasPrefix(" ") && !$0.hasSuffix(":") }
        #expect(
            names == [
                "uikit", "appkit", "recyclerview", "diffable", "uikit-reload", "uikit-delete-insert",
                "recyclerview-no-payload", "diffable-reload", "animatedlist", "uikit-sections",
                "uikit-sections-reload", "diffable-sections", "diffable-reload-sections", "appkit-sections",
                "recyclerview-sections", "recyclerview-no-payload-sections", "animatedlist-sections",
            ])
        #expect(lines.contains("Variants (checked when named):"))
        #expect(lines.contains("Sectioned (checked with --sections):"))
        #expect(
            result.stdout.contains(
                "\nuikit-sections\n  performBatchUpdates with deleteSections, insertSections, moveSection and item calls in\n"
            ))
        #expect(
            result.stdout.contains(
                "\nanimatedlist-sections\n  Sections as header rows, each followed by its items, diffed as one flat list: a\n"
            ))
        #expect(
            result.stdout.hasSuffix(
                "  Policy: moved+changed: delete-and-insert, refresh: reconfigure, moves: replaces-cell.\n"))
        #expect(lines.contains("  Policy: moved+changed: delete-and-insert, refresh: reconfigure."))
        #expect(lines.contains("  Policy: moved+changed: move-then-refresh, refresh: reload."))
        #expect(lines.allSatisfy { $0.count <= 88 })
        #expect(
            result.stdout.contains(
                "\nuikit\n  UITableView/UICollectionView batch updates: deletes, reloads and move sources use\n"
                    + "  index paths before the update, inserts and move destinations index paths after it.\n"))
    }

    @Test func checksTheDefaultsAndWritesJUnit() throws {
        let files = try DiffTestFiles()
        let result = try files.run([
            "adapters", "check", "--ids", "3", "--random", "30", "--max-items", "80", "--seed", "9", "--junit",
            "report.xml",
        ])
        #expect(
            timeless(result.stdout) == """
                Proving uikit, appkit, recyclerview, diffable: every pair over 3 IDs (every changed subset up to 4 \
                kept items), 30 random pairs of up to 80 items (seed 9).
                uikit: passed 877 cases in <t> s
                appkit: passed 877 cases in <t> s
                recyclerview: passed 877 cases in <t> s
                diffable: passed 877 cases in <t> s
                All 4 adapters passed.

                """)
        #expect(result.status == 0 && result.stderr == "")
        let xml = try String(contentsOf: files.folder.appendingPathComponent("report.xml"), encoding: .utf8)
        #expect(xml.components(separatedBy: "<testcase ").count - 1 == 4 * (16 + 1))
        #expect(xml.contains(#"<testsuite name="adapter appkit shard 1/1" tests="17" failures="0""#))
        #expect(xml.contains(#"<testcase name="old [c, b, a]" classname="BatchUpdate.conformance.diffable""#))
        #expect(xml.contains(#"<property name="seed" value="9"/>"#))
    }

    @Test func namedVariantsAndShards() throws {
        let result = try BinaryRunner.run([
            "adapters", "check", "uikit-reload", "uikit-reload", "diffable-reload", "--ids", "2", "--shard", "2/2",
        ])
        #expect(
            timeless(result.stdout) == """
                Proving uikit-reload, diffable-reload: every pair over 2 IDs (every changed subset up to 4 kept items), \
                shard 2/2.
                uikit-reload: passed 16 cases in <t> s
                diffable-reload: passed 16 cases in <t> s
                All 2 adapters passed.

                """)
    }

    @Test func usageErrors() throws {
        let usage =
            "Usage: updatecheck adapters check [<name> ...] [<options>]\n"
            + "  See 'updatecheck adapters check --help' for more information.\n"
        for (arguments, message) in [
            (
                ["nope"],
                "Unknown adapter 'nope': expected one of uikit, appkit, recyclerview, diffable, uikit-reload, uikit-delete-insert, recyclerview-no-payload, diffable-reload, animatedlist."
            ),
            (["--ids", "7"], "Invalid value '7' for '--ids': expected a whole number from 0 to 6."),
            (
                ["--seed", "-1"],
                "Invalid value '-1' for '--seed': expected a whole number from 0 to 18446744073709551615."
            ),
            (["--shard", "3/2"], "Invalid value '3/2' for '--shard': expected i/n with 1 <= i <= n, e.g. 2/4."),
            (["--random", "x"], "Invalid value 'x' for '--random': expected a whole number from 0 to 1000000."),
        ] {
            let result = try BinaryRunner.run(["adapters", "check"] + arguments)
            #expect(result == .init(status: 64, stdout: "", stderr: "Error: \(message)\n" + usage))
        }
        let extra = try BinaryRunner.run(["adapters", "uikit"])
        #expect(extra.status == 64 && extra.stderr.hasPrefix("Error: Unexpected argument 'uikit'.\n"))
    }

    @Test func anUnwritableReportExits73BeforeProvingAnything() throws {
        let result = try BinaryRunner.run(["adapters", "check", "--ids", "1", "--junit", "/proc/none/folder/r.xml"])
        #expect(
            result
                == .init(
                    status: 73, stdout: "",
                    stderr:
                        "Error: /proc/none/folder/r.xml: cannot be written (the folder /proc/none/folder cannot be created).\n"
                ))
    }

    @Test func checkingNothingIsAUsageErrorNotAPass() throws {
        let result = try BinaryRunner.run(["adapters", "check", "--ids", "0", "--random", "0"])
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("Error: Nothing to check: give '--ids' from 1 or '--random' from 1.\n"))
    }

    /// Proves a flawed adapter: reloads in the same batch as the moves.
    struct ReloadsWithMoves: UpdateAdapter {
        typealias Model = UIKitBatchModel<Int>
        var name: String { "flawed" }
        var summary: String { "" }
        var policy: AdapterPolicy { AdapterPolicy(movedAndChanged: .moveThenRefresh, refresh: .reload) }
        func batches(for plan: UpdatePlan<Int>) -> [UpdateBatch<[Int], UIKitBatchCall>] {
            let calls = UIKitBatchAdapter<Int>(refresh: .reload).batches(for: plan).flatMap(\.calls).map { call in
                if case .reloadItems = call { return UIKitBatchCall.reloadItems(plan.refreshes.map(\.from)) }
                return call
            }
            return calls.isEmpty ? [] : [UpdateBatch(dataSource: plan.new, calls: calls)]
        }
    }

    @Test func aFailureNamesTheSmallestCaseOnTheConsoleAndInJUnit() throws {
        let report = ConformanceKit.check(ReloadsWithMoves(), options: ConformanceOptions(ids: 2))
        let smallest = try #require(report.smallestFailure)
        // b moves (a stays put) and is reloaded at its old path in the same batch.
        #expect(smallest.pair == "[a, b] → [b, a], changed [b]")
        let summary = timeless(report.summary())
        #expect(
            summary.hasPrefix(
                "flawed: FAILED \(report.failureCount) of \(report.casesChecked) cases in <t> s; smallest:\n  [a, b] → [b, a], changed [b]: batch 1 raised: attempt to perform a delete and a move from the same index path ({length = 2, path = 0 - 1}) (the path is reloaded, and a reload is a delete plus an insert)\n"
            ))
        #expect(summary.hasSuffix("\n    batch 1: moveItem(at: [0, 1], to: [0, 0]); reloadItems(at: [[0, 1]])\n"))
        let cases = AdapterConformanceSuite.cases(for: report)
        #expect(cases.map(\.name) == ["old []", "old [a]", "old [a, b]", "old [b]", "old [b, a]"])
        guard case .failure(let message, let type, let details) = cases[2].outcome else {
            Issue.record("expected old [a, b] to fail")
            return
        }
        #expect(type == "BatchUpdate.ConformanceFailure")
        let group = report.groups[2]
        #expect(group.failureCount == 3)
        #expect(
            message.hasPrefix(
                "3 of \(group.casesChecked) cases failed; smallest: [a, b] → [b, a], changed [b]: batch 1 raised: "))
        #expect(details == group.failures.map(\.description).joined(separator: "\n"))
        #expect(cases[0].outcome == .passed)
    }
}

/// The conformance kit's defaults in Swift are the command line's.
@Suite struct ConformanceDefaultsTests {
    static let console = Console(writeOut: { _ in }, writeErr: { _ in })

    @Test func adaptersCheckWithoutOptionsChecksWhatConformanceOptionsDefaultsTo() throws {
        let invocation = Invocation(path: ["updatecheck", "adapters", "check"], console: Self.console)
        let options = try AdaptersCheckCommand.options(invocation)
        #expect(options == ConformanceOptions())
        #expect(options.ids == 5 && options.seed == 1 && options.randomPairs == 0 && options.maxRandomItems == 1000)
        #expect(
            AdaptersCheckCommand.scope(options) == "every pair over 5 IDs (every changed subset up to 4 kept items)")
    }

    @Test func aSectionedRunWithoutIDsTakesTheSectionedDefault() throws {
        let invocation = Invocation(
            path: ["updatecheck", "adapters", "check"], values: ["sections": ["2"]], console: Self.console)
        let proof = try AdaptersCheckCommand.sectioned(invocation, sectionCount: 2, junit: nil)
        #expect(ConformanceOptions().sectionedIDs == 3 && ConformanceOptions().sections == 2)
        #expect(proof.description.hasPrefix("every pair of up to 2 sections and 3 items (131 old snapshots;"))
    }

    @Test func checkAddsOnlyTheRandomPairs() {
        var expected = ConformanceOptions(randomPairs: AdapterConformanceSuite.randomPairs)
        expected.maxRandomItems = AdapterConformanceSuite.randomItems
        #expect(AdapterConformanceSuite.options(ids: Options.defaultIDs, seed: Options.defaultSeed) == expected)
        #expect(expected.randomPairs == 1000)
    }
}
