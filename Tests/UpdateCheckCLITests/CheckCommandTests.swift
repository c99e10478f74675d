import Foundation
import Testing

/// `updatecheck check` end to end through the built binary: help, option
/// errors, the summary table, the JUnit report and exit codes.
@Suite struct CheckCommandTests {
    /// The summary with every seconds value (and its padding, which depends on
    /// the widest value) replaced by ` S.SS`, and those of the per-suite lines
    /// by `S.SS s`.
    static func maskingSeconds(_ text: String) -> String {
        text.replacing(/\ +\d+\.\d\d(?=\n)/, with: " S.SS").replacing(/\d+\.\d\d s(?=\n)/, with: "S.SS s")
    }

    @Test func helpDescribesTheSuiteAndItsOptions() throws {
        let result = try BinaryRunner.run(["check", "--help"])
        #expect(
            result
                == .init(
                    status: 0,
                    stdout: """
                        OVERVIEW: Run the built-in suite: seed checks, state exploration, exhaustive diffs, adapter conformance.

                        Runs, with no input files: the favourite-button scenario (optimistic taps, failed
                        and uncertain writes); every interleaving of events on the real state machine, to a
                        fixed point, for --records records with two values and for one record with three;
                        the fixed pairs of the list-change rules and their 65 x 65 run; every pair of
                        ordered selections of --ids IDs; every pair of sectioned snapshots of 2 sections and up to 4 of the
                        --ids items, and of 3 sections and up to 3 (where one update can delete a section,
                        insert another and keep a third); the conformance kit for each default adapter (every pair of --ids
                        IDs, then 1000 random pairs of up to 1000 items from --seed, which also salts
                        the traces; 'adapters check' leaves the random pairs out unless --random is
                        given); the sectioned kit for each sectioned adapter (every pair of 3
                        sections and up to 3 items, then 100 random sectioned pairs). The built-in
                        adapters' pairs start from one old snapshot per renaming of its IDs, which
                        stands for every pair of an adapter that only compares IDs; a team's adapters
                        get every old snapshot (of 2 sections for sectioned ones). Prints a table of suites (cases, failures,
                        seconds) and a closing 'N passed, N failed' line. On a terminal a progress line
                        is drawn; in CI logs and pipes a line per suite is printed as it finishes. A
                        failing adapter case also writes a picture of its pair next to the JUnit
                        report, linked from its system-out.

                        --shard i/n numbers the cases of all suites in order and runs those whose
                        number is i-1 modulo n: the shards of one n run every case exactly once, and
                        'updatecheck junit merge' of their reports holds the cases of one whole run.
                        Every report carries the seed, shard, ids and records as suite properties.

                        The adapter programs of a manifest (--config FILE, or ./updatecheck.json when
                        present; without one, check says where it looked) run as suites after the
                        built-in adapters, proven like them (a program on a sectioned model like the
                        sectioned adapters); a program that does not start or declares another policy
                        than its manifest fails its own cases, and the run goes on.

                        --summary FILE appends a Markdown summary to FILE (on GitHub Actions,
                        "$GITHUB_STEP_SUMMARY"): the table, and each failing case with its smallest
                        case and calls. The folders of the JUnit report and the summary are created if
                        missing; a path that cannot be written stops the run before any check (exit 73).

                        Exit codes: 0 every case passed; 1 a case failed; 64 bad usage; 65 the manifest
                        is malformed; 66 the --config file is missing; 73 the JUnit report, the summary
                        or a picture cannot be created; 74 writing it failed (a full disk);
                        129, 130 or 143 on SIGHUP, SIGINT or SIGTERM (its programs are ended first).

                        USAGE: updatecheck check [<options>]

                        OPTIONS:
                          --ids <k>               Distinct IDs of the exhaustive pairs, 1 to 6 (default 5).
                          --records <r>           Records of the state exploration, 1 to 3 (default 2).
                          --shard <i/n>           Run only shard i of n of the cases (default 1/1).
                          --only <area>           Run only these areas: state, diff, adapters (repeatable or comma list).
                          --seed <s>              Seed of the random parts (default 1).
                          --config <file>         The manifest listing your adapter and store programs (default: ./updatecheck.json when present).
                          --junit <file>          Also write the results as a JUnit XML report to <file>.
                          --summary <file>        Also append a Markdown summary (the table, each failure's smallest case and calls) to <file>.
                          -h, --help              Show help information.

                        """, stderr: ""))
    }

    @Test(arguments: [
        (
            ["--only", "state,bogus"],
            "Invalid value 'state,bogus' for '--only': expected one or more of 'state', 'diff', 'adapters'."
        ),
        (["--only="], "Invalid value '' for '--only': expected one or more of 'state', 'diff', 'adapters'."),
        (["--shard", "3/2"], "Invalid value '3/2' for '--shard': expected i/n with 1 <= i <= n, e.g. 2/4."),
        (["--shard=0/2"], "Invalid value '0/2' for '--shard': expected i/n with 1 <= i <= n, e.g. 2/4."),
        (["--seed", "-1"], "Invalid value '-1' for '--seed': expected a whole number from 0 to 18446744073709551615."),
        (["--ids", "7"], "Invalid value '7' for '--ids': expected a whole number from 1 to 6."),
        (["--records", "4"], "Invalid value '4' for '--records': expected a whole number from 1 to 3."),
        (["extra"], "Unexpected argument 'extra'."),
    ])
    func badOptionsAreUsageErrors(arguments: [String], message: String) throws {
        let result = try BinaryRunner.run(["check"] + arguments)
        #expect(
            result
                == .init(
                    status: 64, stdout: "",
                    stderr: """
                        Error: \(message)
                        Usage: updatecheck check [<options>]
                          See 'updatecheck check --help' for more information.

                        """))
    }

    @Test func smallRunPrintsTheTableAndWritesTheReport() throws {
        let files = try DiffTestFiles()
        let result = try files.run(["check", "--ids", "2", "--records", "1", "--seed", "7", "--junit", "report.xml"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        // The folder has no manifest: check says where it looked, then runs the built-in suites.
        let noManifest =
            "No adapter manifest: \(files.folder.resolvingSymlinksInPath().path)/updatecheck.json does not exist "
            + "(--config FILE names one); the built-in suites only.\n"
        #expect(result.stdout.hasPrefix(noManifest))
        #expect(
            Self.maskingSeconds(String(result.stdout.dropFirst(noManifest.count))) == """
                [1/26] state seed: 1 case, 0 failed, S.SS s
                [2/26] state explore: 16 cases, 0 failed, S.SS s
                [3/26] diff seed: 6 cases, 0 failed, S.SS s
                [4/26] diff seed k=4: 65 cases, 0 failed, S.SS s
                [5/26] diff exhaustive k=2: 5 cases, 0 failed, S.SS s
                [6/26] diff sections s=2 k=2: 33 cases, 0 failed, S.SS s
                [7/26] diff sections s=3 k=2: 196 cases, 0 failed, S.SS s
                [8/26] adapters uikit: 13 cases, 0 failed, S.SS s
                [9/26] adapters appkit: 13 cases, 0 failed, S.SS s
                [10/26] adapters recyclerview: 13 cases, 0 failed, S.SS s
                [11/26] adapters diffable: 13 cases, 0 failed, S.SS s
                [12/26] adapters uikit-sections: 21 cases, 0 failed, S.SS s
                [13/26] adapters uikit-sections-reload: 21 cases, 0 failed, S.SS s
                [14/26] adapters diffable-sections: 21 cases, 0 failed, S.SS s
                [15/26] adapters diffable-reload-sections: 21 cases, 0 failed, S.SS s
                [16/26] adapters appkit-sections: 21 cases, 0 failed, S.SS s
                [17/26] adapters recyclerview-sections: 21 cases, 0 failed, S.SS s
                [18/26] adapters recyclerview-no-payload-sections: 21 cases, 0 failed, S.SS s
                [19/26] adapters animatedlist-sections: 21 cases, 0 failed, S.SS s
                [20/26] adapters uikit-bridge: 6 cases, 0 failed, S.SS s
                [21/26] adapters uikit-refresh-then-move-bridge: 6 cases, 0 failed, S.SS s
                [22/26] adapters appkit-bridge: 6 cases, 0 failed, S.SS s
                [23/26] adapters diffable-bridge: 6 cases, 0 failed, S.SS s
                [24/26] adapters uikit-sections-bridge: 33 cases, 0 failed, S.SS s
                [25/26] adapters diffable-sections-bridge: 33 cases, 0 failed, S.SS s
                [26/26] adapters appkit-sections-bridge: 33 cases, 0 failed, S.SS s
                suite                                      cases  failures  seconds
                state seed                                     1         0 S.SS
                state explore                                 16         0 S.SS
                diff seed                                      6         0 S.SS
                diff seed k=4                                 65         0 S.SS
                diff exhaustive k=2                            5         0 S.SS
                diff sections s=2 k=2                         33         0 S.SS
                diff sections s=3 k=2                        196         0 S.SS
                adapters uikit                                13         0 S.SS
                adapters appkit                               13         0 S.SS
                adapters recyclerview                         13         0 S.SS
                adapters diffable                             13         0 S.SS
                adapters uikit-sections                       21         0 S.SS
                adapters uikit-sections-reload                21         0 S.SS
                adapters diffable-sections                    21         0 S.SS
                adapters diffable-reload-sections             21         0 S.SS
                adapters appkit-sections                      21         0 S.SS
                adapters recyclerview-sections                21         0 S.SS
                adapters recyclerview-no-payload-sections     21         0 S.SS
                adapters animatedlist-sections                21         0 S.SS
                adapters uikit-bridge                          6         0 S.SS
                adapters uikit-refresh-then-move-bridge        6         0 S.SS
                adapters appkit-bridge                         6         0 S.SS
                adapters diffable-bridge                       6         0 S.SS
                adapters uikit-sections-bridge                33         0 S.SS
                adapters diffable-sections-bridge             33         0 S.SS
                adapters appkit-sections-bridge               33         0 S.SS
                total                                        665         0 S.SS
                seed 7, shard 1/1, ids 2, records 1
                665 passed, 0 failed

                """)
        let report = try ParsedCheckReport(contentsOf: files.folder.appendingPathComponent("report.xml"))
        #expect(report.root["name"] == "updatecheck check")
        #expect(report.root["tests"] == "665")
        #expect(report.root["failures"] == "0")
        #expect(
            report.suites.map(\.name) == [
                "state seed", "state explore", "diff seed", "diff seed k=4", "diff exhaustive k=2",
                "diff sections s=2 k=2", "diff sections s=3 k=2", "adapters uikit", "adapters appkit",
                "adapters recyclerview",
                "adapters diffable",
                "adapters uikit-sections", "adapters uikit-sections-reload", "adapters diffable-sections",
                "adapters diffable-reload-sections", "adapters appkit-sections", "adapters recyclerview-sections",
                "adapters recyclerview-no-payload-sections", "adapters animatedlist-sections",
                "adapters uikit-bridge", "adapters uikit-refresh-then-move-bridge", "adapters appkit-bridge",
                "adapters diffable-bridge", "adapters uikit-sections-bridge", "adapters diffable-sections-bridge",
                "adapters appkit-sections-bridge",
            ])
        for suite in report.suites {
            #expect(suite.properties["seed"] == "7", "suite \(suite.name)")
            #expect(suite.properties["shard"] == "1/1", "suite \(suite.name)")
            #expect(suite.properties["ids"] == "2", "suite \(suite.name)")
            #expect(suite.properties["records"] == "1", "suite \(suite.name)")
        }
        #expect(report.suites[0].properties["trace-salt"] == "7")
        #expect(report.suites[4].properties["pairs"] == "25")
        #expect(report.suites[5].properties["sections"] == "2")
        #expect(report.suites[5].properties["pairs"] == "1089")
        #expect(report.suites[6].properties["sections"] == "3")
        #expect(report.suites[6].properties["pairs"] == "38416")
        #expect(report.suites[7].properties["adapter"] == "uikit")
        #expect(report.suites[7].properties["random-pairs"] == "1000")
        #expect(report.suites[7].properties["old-snapshots"] == "one per renaming")
        #expect(report.suites[11].properties["adapter"] == "uikit-sections")
        #expect(report.suites[11].properties["sections"] == "3" && report.suites[11].properties["items"] == "2")
        #expect(report.suites[11].properties["old-snapshots"] == "one per renaming")
        #expect(
            report.cases.filter { $0.className == "BatchUpdate.conformance.uikit-sections" }.map(\.name).prefix(3)
                == ["old []", "old [S:]", "old [S: a]"])
        #expect(report.cases.filter { $0.className == "UpdateCheckDiff.exhaustive.s2k2" }.count == 33)
        #expect(report.cases.filter { $0.className == "UpdateCheckDiff.exhaustive.s3k2" }.count == 196)
        let uikit = report.cases.filter { $0.className == "BatchUpdate.conformance.uikit" }.map(\.name)
        // One old snapshot per renaming: [a] stands for [b], [a, b] for [b, a].
        #expect(uikit.prefix(4) == ["old []", "old [a]", "old [a, b]", "random pairs 0-99"])
        #expect(uikit.count == 13)
        let written = try FileManager.default.contentsOfDirectory(atPath: files.folder.path)
        #expect(written == ["report.xml"], "no pictures when every case passes")
        for className in ["state.explore.r1v2", "state.explore.r1v3"] {
            let explored = report.cases.filter { $0.className == className }.map(\.name)
            #expect(explored.count == 8, "\(className)")
            #expect(explored.first == "invariant 1 idleShowsConfirmed")
            #expect(explored.last == "fixed point")
        }
        #expect(report.cases.first?.name == "Favourite button: the article's checks")
        #expect(report.cases.filter { $0.className == "UpdateCheckDiff.exhaustive.k2" }.count == 5)
        #expect(report.cases.allSatisfy { $0.outcome == "passed" })
    }

    @Test func onlySelectsAreasAndTheSeedRowsShowWithIdsFour() throws {
        let state = try BinaryRunner.run(["check", "--only", "state", "--records=1"])
        #expect(
            Self.maskingSeconds(state.stdout) == """
                [1/2] state seed: 1 case, 0 failed, S.SS s
                [2/2] state explore: 16 cases, 0 failed, S.SS s
                suite          cases  failures  seconds
                state seed         1         0 S.SS
                state explore     16         0 S.SS
                total             17         0 S.SS
                seed 1, shard 1/1, ids 5, records 1, only state
                17 passed, 0 failed

                """)
        let diff = try BinaryRunner.run(["check", "--only=diff", "--only=diff,diff", "--ids=4", "--shard=2/2"])
        #expect(diff.status == 0)
        #expect(
            Self.maskingSeconds(diff.stdout) == """
                [1/4] diff seed: 3 cases, 0 failed, S.SS s
                [2/4] diff seed k=4: 32 cases, 0 failed, S.SS s
                [3/4] diff sections s=2 k=4: 327 cases, 0 failed, S.SS s
                [4/4] diff sections s=3 k=3: 489 cases, 0 failed, S.SS s
                suite                  cases  failures  seconds
                diff seed                  3         0 S.SS
                diff seed k=4             32         0 S.SS
                diff sections s=2 k=4    327         0 S.SS
                diff sections s=3 k=3    489         0 S.SS
                total                    851         0 S.SS
                seed 1, shard 2/2, ids 4, records 2, only diff
                851 passed, 0 failed

                """)
    }

    @Test func anUnwritableReportExits73BeforeAnyCheckRuns() throws {
        let files = try DiffTestFiles()
        let result = try files.run(["check", "--only", "state", "--records", "1", "--junit", "/proc/none/report.xml"])
        #expect(
            result
                == .init(
                    status: 73, stdout: "",
                    stderr:
                        "Error: /proc/none/report.xml: cannot be written (the folder /proc/none cannot be created).\n"))
        let folder = try files.run(["check", "--only", "diff", "--ids", "1", "--junit", "."])
        #expect(folder == .init(status: 73, stdout: "", stderr: "Error: .: cannot be written (it is a folder).\n"))
    }

    @Test func aReportInAMissingFolderGetsItsFoldersAndTimesMeanWallClock() throws {
        let files = try DiffTestFiles()
        let result = try files.run(["check", "--only", "diff", "--ids", "3", "--junit", "fresh/deeper/r.xml"])
        #expect(result.status == 0)
        let report = try ParsedCheckReport(contentsOf: files.folder.appendingPathComponent("fresh/deeper/r.xml"))
        #expect(report.root["tests"] == "1197")
        // The table's seconds (two decimals) and the report's (three) are the
        // same wall-clock times: each suite's, and the whole run's.
        let table = result.stdout.split(separator: "\n").filter { $0.hasPrefix("diff ") || $0.hasPrefix("total ") }
        let tableSeconds = table.map { Double($0.split(separator: " ").last!)! }
        let reportSeconds = report.suites.map { Double($0.attributes["time"]!)! } + [Double(report.root["time"]!)!]
        #expect(tableSeconds.count == 6 && reportSeconds.count == 6)
        // Half a hundredth apart at most (plus the binary fraction's error: 0.125 shows as 0.12 or 0.13).
        for (shown, written) in zip(tableSeconds, reportSeconds) { #expect(abs(shown - written) <= 0.005 + 1e-9) }
    }
}
