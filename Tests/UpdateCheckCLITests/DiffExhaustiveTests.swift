import Foundation
import Testing

@testable import UpdateCheckCLI
@testable import UpdateCheckDiff

/// `updatecheck diff exhaustive`: the article's 65 × 65 run, shards, JUnit
/// output, failure reporting and usage errors.
@Suite struct DiffExhaustiveTests {
    /// The article's run through the CLI: 4,225 pairs, all passing, every
    /// one cross-checked by the standard library.
    @Test func articleRunPasses() throws {
        let result = try BinaryRunner.run(["diff", "exhaustive", "--ids", "4"])
        #expect(
            result
                == .init(
                    status: 0,
                    stdout: """
                        Verified 4225 pairs (65 old × 65 new snapshots of 4 IDs: a, b, c, d), shard 1/1: all passed.
                        Checked: reaches new, paired moves reach new, inverse restores old, minimal moves; 4225 pairs also by the standard library.

                        """, stderr: ""))
    }

    /// The JUnit report has one passing case per old snapshot.
    @Test func junitHasOneCasePerOldSnapshot() throws {
        let files = try DiffTestFiles()
        let result = try files.run(["diff", "exhaustive", "--ids", "4", "--junit", "report.xml"])
        #expect(result.status == 0)
        let xml = try String(contentsOf: files.folder.appendingPathComponent("report.xml"), encoding: .utf8)
        #expect(xml.contains(#"<testsuites name="updatecheck diff exhaustive" tests="65" failures="0""#))
        #expect(xml.components(separatedBy: "<testcase ").count - 1 == 65)
        #expect(xml.contains(#"<testcase name="old []" classname="UpdateCheckDiff.exhaustive.k4""#))
        #expect(xml.contains(#"<testcase name="old [d, c, b, a]" classname="UpdateCheckDiff.exhaustive.k4""#))
        #expect(xml.contains(#"<property name="pairs" value="4225"/>"#))
    }

    /// The three shards of 3 cover the 65 old snapshots exactly once.
    @Test func shardsCoverTheRun() throws {
        let files = try DiffTestFiles()
        var names: [String] = []
        for index in 1...3 {
            let result = try files.run(["diff", "exhaustive", "--ids=4", "--shard=\(index)/3", "--junit=s.xml"])
            #expect(result.status == 0)
            let xml = try String(contentsOf: files.folder.appendingPathComponent("s.xml"), encoding: .utf8)
            names += xml.components(separatedBy: "<testcase name=\"").dropFirst().map {
                String($0.prefix { $0 != "\"" })
            }
        }
        #expect(names.count == 65)
        #expect(Set(names).count == 65)
        // A shard past the old snapshots holds none of them, and says so.
        let empty = try files.run(["diff", "exhaustive", "--ids=2", "--shard=1000/1000"])
        #expect(
            empty
                == .init(
                    status: 0,
                    stdout: "Verified 0 pairs: shard 1000/1000 holds none of the 5 old snapshots (shard i of n takes "
                        + "those numbered i-1 modulo n).\n", stderr: ""))
    }

    /// `--sections 2 --ids 2`: every pair of the 33 sectioned snapshots passes.
    @Test func sectionedRunPasses() throws {
        let result = try BinaryRunner.run(["diff", "exhaustive", "--sections", "2", "--ids", "2"])
        #expect(
            result
                == .init(
                    status: 0,
                    stdout: """
                        Verified 1089 pairs (33 old × 33 new snapshots of up to 2 sections and 2 items), shard 1/1: all passed.
                        Checked: reaches new, inverse restores old, minimal section and item moves, only the absent deleted and inserted; 2 pairs also in flat form by the flat engine.

                        """, stderr: ""))
        // `--cross-check-every` sets how many of them the general verification checks again.
        let every = try BinaryRunner.run(
            ["diff", "exhaustive", "--sections", "2", "--ids", "2", "--cross-check-every", "1"])
        #expect(every.status == 0)
        #expect(every.stdout.contains("; 1089 pairs also in flat form by the flat engine."))
    }

    /// The three shards of `--sections 2 --ids 3` cover its 131 old
    /// snapshots exactly once, and every pair passes.
    @Test func sectionedShardsCoverTheRun() throws {
        let files = try DiffTestFiles()
        var names: [String] = []
        for index in 1...3 {
            let result = try files.run([
                "diff", "exhaustive", "--sections=2", "--ids=3", "--shard=\(index)/3", "--junit=s.xml",
            ])
            #expect(result.status == 0)
            let xml = try String(contentsOf: files.folder.appendingPathComponent("s.xml"), encoding: .utf8)
            #expect(xml.contains(#"classname="UpdateCheckDiff.exhaustive.s2k3""#))
            names += xml.components(separatedBy: "<testcase name=\"").dropFirst().map {
                String($0.prefix { $0 != "\"" })
            }
        }
        #expect(names.count == 131)
        #expect(Set(names).count == 131)
        #expect(names.contains("old [S: a b | T: c]"))
    }

    /// A broken engine (moves land one slot off) is reported pair by pair on
    /// the console and in the JUnit failure text.
    @Test func failuresAreReported() throws {
        let report = ExhaustiveCheck(idCount: 2).runFlat { old, new throws(ListDiffError) in
            var result = try diff(from: old, to: new)
            if !result.moves.isEmpty { result.moves[0].to = (result.moves[0].to + 1) % result.newCount }
            return result
        }
        #expect(
            DiffExhaustiveCommand.summary(of: report) == """
                FAIL [a, b] -> [b, a]: the diff reaches new failed: expected [b, a], got [a, b]
                FAIL [b, a] -> [a, b]: the diff reaches new failed: expected [a, b], got [b, a]
                Verified 25 pairs (5 old × 5 new snapshots of 2 IDs: a, b), shard 1/1: 2 pairs failed, from 2 old snapshots.
                Checked: reaches new, paired moves reach new, inverse restores old, minimal moves; 25 pairs also by the standard library.

                """)
        let cases = DiffExhaustiveSuite.cases(for: report)
        #expect(cases.map(\.name) == ["old []", "old [a]", "old [a, b]", "old [b]", "old [b, a]"])
        #expect(
            cases[2].outcome
                == .failure(
                    message: "1 of 5 pairs from [a, b] failed", type: "UpdateCheckDiff.VerificationFailure",
                    details: "[a, b] -> [b, a]: the diff reaches new failed: expected [b, a], got [a, b]"))
        #expect(cases.filter { $0.outcome == .passed }.count == 3)
    }

    /// Usage errors name the option; an unwritable report is exit 73.
    @Test func usageErrors() throws {
        let usage =
            "Usage: updatecheck diff exhaustive [<options>]\n  See 'updatecheck diff exhaustive --help' for more information.\n"
        #expect(
            try BinaryRunner.run(["diff", "exhaustive"])
                == .init(status: 64, stdout: "", stderr: "Error: Missing '--ids <k>'.\n" + usage))
        #expect(
            try BinaryRunner.run(["diff", "exhaustive", "--ids", "9"])
                == .init(
                    status: 64, stdout: "",
                    stderr: "Error: Invalid value '9' for '--ids': expected a whole number from 1 to 8.\n" + usage))
        #expect(
            try BinaryRunner.run(["diff", "exhaustive", "--ids", "3", "--shard", "0/2"])
                == .init(
                    status: 64, stdout: "",
                    stderr: "Error: Invalid value '0/2' for '--shard': expected i/n with 1 <= i <= n, e.g. 2/4.\n"
                        + usage))
        let unwritable = try BinaryRunner.run(["diff", "exhaustive", "--ids", "2", "--junit", "/proc/none/r.xml"])
        #expect(unwritable.status == 73)
        #expect(unwritable.stdout == "")
        #expect(
            unwritable.stderr
                == "Error: /proc/none/r.xml: cannot be written (the folder /proc/none cannot be created).\n")
    }
}
