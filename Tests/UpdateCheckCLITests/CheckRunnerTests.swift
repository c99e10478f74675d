import Foundation
import JUnitReporter
import OptimisticState
import StateExplorer
import Testing
import UpdateCheckDiff
import UpdateCheckPlatform

@testable import UpdateCheckCLI

extension Console {
    /// A console that prints nothing.
    static let discarding = Console(writeOut: { _ in }, writeErr: { _ in })
}

/// The suite runner of `updatecheck check`, in process with made-up suites:
/// case selection for shards, failures, exit codes, progress and the report.
@Suite struct CheckRunnerTests {
    /// A console that keeps what is printed.
    final class Captured: Sendable {
        let out = Lock("")
        let err = Lock("")

        func console(showsProgress: Bool = false) -> Console {
            Console(
                writeOut: { text in self.out.withLock { $0 += text } },
                writeErr: { text in self.err.withLock { $0 += text } }, showsProgress: showsProgress)
        }
    }

    /// A suite of `count` cases named `name 0`, `name 1`, …; the cases whose
    /// position is in `failing` fail.
    static func suite(_ name: String, count: Int, failing: Set<Int> = []) -> CheckSuite {
        CheckSuite(name: name, area: .diff, caseCount: count) { selection in
            SuiteOutput(
                cases: selection.positions(among: count).map { position in
                    CheckCase(
                        name: "\(name) \(position)", className: "made.up",
                        outcome: failing.contains(position)
                            ? .failure(message: "case \(position) broke", type: "made-up", details: "details")
                            : .passed)
                })
        }
    }

    @Test func theLocalShardSelectsExactlyTheSelectedPositions() {
        for count in 1...6 {
            for index in 1...count {
                for offset in 0..<15 {
                    let selection = CaseSelection(shard: Shard(index: index, count: count)!, offset: offset)
                    let local = selection.localShard
                    for position in 0..<20 {
                        #expect(local.contains(position) == selection.contains(position))
                        #expect(selection.contains(position) == ((offset + position) % count == index - 1))
                    }
                    #expect(selection.positions(among: 20) == (0..<20).filter(selection.contains))
                }
            }
        }
    }

    @Test func shardCountsNearIntMaxSelectWithoutOverflow() throws {
        for index in [1, Int.max - 1, Int.max] {
            for offset in [0, 7, 1_000_000] {
                let selection = CaseSelection(shard: Shard(index: index, count: .max)!, offset: offset)
                let local = selection.localShard
                #expect(selection.positions(among: 20) == (0..<20).filter(selection.contains))
                for position in 0..<20 { #expect(local.contains(position) == selection.contains(position)) }
            }
        }
        let files = try DiffTestFiles()
        let result = try files.run(["check", "--only", "state", "--shard", "\(Int.max)/\(Int.max)"])
        #expect(result.status == 0)
        #expect(result.stdout.hasSuffix("0 passed, 0 failed\n"), "\(result.stdout)")
    }

    @Test func shardsRunEveryCaseExactlyOnceAndSkipSuitesWithNothingSelected() throws {
        let suites = [
            Self.suite("one", count: 1), Self.suite("six", count: 6), Self.suite("none", count: 0),
            Self.suite("thirteen", count: 13), Self.suite("two", count: 2),
        ]
        let whole = try SuiteRunner(console: Captured().console()).run(suites).results
        #expect(whole.map(\.name) == ["one", "six", "thirteen", "two"])
        let all = whole.flatMap(\.cases).map(\.name)
        #expect(all.count == 22)
        for count in [2, 3, 5, 22, 30] {
            var union: [String] = []
            for index in 1...count {
                let results = try SuiteRunner(shard: Shard(index: index, count: count)!, console: Captured().console())
                    .run(suites).results
                #expect(results.allSatisfy { !$0.cases.isEmpty })
                let names = results.flatMap(\.cases).map(\.name)
                // Global case g goes to shard g mod n + 1.
                #expect(names == all.enumerated().filter { $0.offset % count == index - 1 }.map(\.element))
                union += names
            }
            #expect(union.sorted() == all.sorted())
        }
    }

    @Test func aFailingCaseIsListedCountedAndExitsOne() throws {
        let captured = Captured()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("check-\(UUID().uuidString).xml").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let options = CheckOptions(seed: 99, junitPath: path)
        let code = try CheckCommand.run(
            [Self.suite("good", count: 2), Self.suite("bad", count: 3, failing: [1])], options: options,
            console: captured.console())
        #expect(code == .checkFailed)
        let text = CheckCommandTests.maskingSeconds(captured.out.withLock { $0 })
        #expect(
            text == """
                [1/2] good: 2 cases, 0 failed, S.SS s
                [2/2] bad: 3 cases, 1 failed, S.SS s
                FAIL bad › bad 1: case 1 broke
                suite  cases  failures  seconds
                good       2         0 S.SS
                bad        3         1 S.SS
                total      5         1 S.SS
                seed 99, shard 1/1, ids 5, records 2
                4 passed, 1 failed

                """)
        #expect(captured.err.withLock { $0 } == "")
        let report = try ParsedCheckReport(contentsOf: URL(fileURLWithPath: path))
        #expect(report.root["tests"] == "5")
        #expect(report.root["failures"] == "1")
        #expect(report.cases[3].outcome == "failure: case 1 broke")
        #expect(report.suites.map(\.properties["seed"]) == ["99", "99"])
    }

    /// Cases that ran in parallel add up to more than their suite took: the
    /// report's suite and root times are the runner's wall-clock times, as in
    /// the table, never sums of cases.
    @Test func suiteAndRootTimesAreWallClockNotSumsOfCases() throws {
        let parallel = CheckSuite(name: "parallel", area: .diff, caseCount: 4) { selection in
            SuiteOutput(
                cases: selection.positions(among: 4).map { CheckCase(name: "c\($0)", className: "k", time: 30) })
        }
        let run = try SuiteRunner(console: .discarding).run([parallel, Self.suite("other", count: 2)])
        #expect(run.results.count == 2)
        #expect(run.seconds >= run.results.reduce(0) { $0 + $1.seconds })
        let report = SuiteReport.junit(run, name: "r")
        #expect(report.totals.milliseconds == JUnitTimeFormat.milliseconds(run.seconds))
        #expect(report.totals.milliseconds < 120_000)
        #expect(
            report.suites.map(\.totals.milliseconds) == run.results.map { JUnitTimeFormat.milliseconds($0.seconds) })
        #expect(report.suites[0].cases.map(\.time) == [30, 30, 30, 30])
        #expect(report.suites.map(\.totals.tests) == [4, 2])
    }

    @Test func onlyTheFirstTwentyFailuresAreListed() throws {
        let captured = Captured()
        let code = try CheckCommand.run(
            [Self.suite("bad", count: 25, failing: Set(0..<25))], options: CheckOptions(), console: captured.console())
        #expect(code == .checkFailed)
        let lines = captured.out.withLock { $0 }.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("FAIL ") }.count == 20)
        #expect(lines.contains("… and 5 more failing cases (--junit lists them all)."))
        #expect(lines.last == "0 passed, 25 failed")
    }

    /// A failure whose details start with its smallest case is listed with
    /// that case's indented lines (an adapter's calls), at most eight; other
    /// details stay in the report.
    @Test func aFailuresSmallestCaseIsListedWithItsCalls() throws {
        let smallest = "[a] → [], changed []: batch 1 raised: boom"
        let calls = (1...10).map { "  batch \($0): deleteItems(at: [[0, 0]])" }
        let adapter = CheckCase(
            name: "old [a]", className: "k",
            outcome: .failure(
                message: "1 of 2 cases failed; smallest: \(smallest)", type: "conformance",
                details: ([smallest] + calls + ["[a] → [b]: batch 1 raised: boom", "  batch 1: other"])
                    .joined(separator: "\n")))
        let invariant = CheckCase(
            name: "invariant 1", className: "k",
            outcome: .failure(
                message: "invariant 1 violated", type: "invariant",
                details: "invariant 1 violated\nafter 1 event:\n  1. tap r1 for true"))
        let suite = CheckSuite(name: "s", area: .adapters, caseCount: 2) { _ in
            SuiteOutput(cases: [adapter, invariant])
        }
        let run = try SuiteRunner(console: .discarding).run([suite])
        let lines = SuiteSummary.text(run, replay: "r").split(separator: "\n").map(String.init)
        #expect(
            Array(lines.prefix(11))
                == ["FAIL s › old [a]: 1 of 2 cases failed; smallest: \(smallest)"] + calls.prefix(8)
                + ["  … 2 more lines (--junit has them all)", "FAIL s › invariant 1: invariant 1 violated"])
        #expect(lines[11].hasPrefix("suite "))
    }

    @Test func progressIsALiveLineOnATerminalAndALinePerSuiteElsewhere() throws {
        let suites = [Self.suite("one", count: 1), Self.suite("two", count: 2)]
        let quiet = Captured()
        _ = try CheckCommand.run(suites, options: CheckOptions(), console: quiet.console(showsProgress: false))
        #expect(quiet.err.withLock { $0 } == "")
        let quietLines = CheckCommandTests.maskingSeconds(quiet.out.withLock { $0 }).split(separator: "\n")
        #expect(
            quietLines.prefix(2) == ["[1/2] one: 1 case, 0 failed, S.SS s", "[2/2] two: 2 cases, 0 failed, S.SS s"])
        let terminal = Captured()
        _ = try CheckCommand.run(suites, options: CheckOptions(), console: terminal.console(showsProgress: true))
        #expect(
            terminal.err.withLock { $0 }
                == "\r\u{1B}[2K[1/2] one: 1 case…\r\u{1B}[2K[2/2] two: 2 cases…\r\u{1B}[2K")
        #expect(
            CheckCommandTests.maskingSeconds(terminal.out.withLock { $0 }).split(separator: "\n")
                == Array(quietLines.dropFirst(2)))
    }

    @Test func theBuiltInSuitesFollowTheAreasAndIds() throws {
        #expect(
            try BuiltInSuites.make(CheckOptions()).map(\.name)
                == [
                    "state seed", "state explore", "diff seed", "diff seed k=4", "diff exhaustive k=5",
                    "diff sections s=2 k=4", "diff sections s=3 k=3", "adapters uikit", "adapters appkit",
                    "adapters recyclerview", "adapters diffable", "adapters uikit-sections",
                    "adapters uikit-sections-reload",
                    "adapters diffable-sections", "adapters diffable-reload-sections", "adapters appkit-sections",
                    "adapters recyclerview-sections", "adapters recyclerview-no-payload-sections",
                    "adapters animatedlist-sections", "adapters uikit-bridge",
                    "adapters uikit-refresh-then-move-bridge",
                    "adapters appkit-bridge", "adapters diffable-bridge", "adapters uikit-sections-bridge",
                    "adapters diffable-sections-bridge", "adapters appkit-sections-bridge",
                ])
        #expect(
            try BuiltInSuites.make(CheckOptions(ids: 4, areas: [.adapters])).map(\.caseCount)
                == [15, 15, 15, 15] + Array(repeating: 36, count: 8) + [66, 66, 66, 66, 33, 33, 33])
        #expect(
            try BuiltInSuites.make(CheckOptions(ids: 2, areas: [.adapters])).dropFirst(4).map(\.caseCount)
                == Array(repeating: 21, count: 8) + [6, 6, 6, 6, 33, 33, 33])
        #expect(
            try BuiltInSuites.make(CheckOptions(ids: 4, areas: [.diff])).map(\.name) == [
                "diff seed", "diff seed k=4", "diff sections s=2 k=4", "diff sections s=3 k=3",
            ])
        #expect(try BuiltInSuites.make(CheckOptions(areas: [.state])).map(\.caseCount) == [1, 16])
        #expect(
            StateExploreSuite.configurations(records: 3).map(\.description) == [
                "3 records, 2 values", "1 record, 3 values",
            ])
        #expect(
            try BuiltInSuites.make(CheckOptions(ids: 6, areas: [.diff])).map(\.caseCount) == [6, 65, 1957, 653, 979])
        #expect(try BuiltInSuites.make(CheckOptions(ids: 1, areas: [.diff])).map(\.caseCount) == [6, 65, 2, 11, 49])
    }

    @Test func aBrokenStoreFailsItsInvariantCasesWithAReplayableScenario() throws {
        var broken = ExplorerConfiguration(records: 1, values: 2)
        broken.faults = .rollbackToDesiredOnReject
        let suite = try StateExploreSuite.make(
            [ExplorerConfiguration(records: 1, values: 2), broken], option: "records", value: 1)
        #expect(suite.caseCount == 16)
        let cases = try suite.run(.all).cases
        #expect(cases.count == 16)
        #expect(cases.prefix(8).allSatisfy { $0.outcome == .passed })
        let failing = cases.dropFirst(8).filter { $0.outcome != .passed }
        #expect(!failing.isEmpty)
        for testCase in failing {
            guard case .failure(_, _, let details) = testCase.outcome else {
                Issue.record("\(testCase.name) did not fail: \(testCase.outcome)")
                continue
            }
            #expect(details.contains("Scenario file (replay with: updatecheck state run <file>):\n{"))
        }
        // Shard 9 of 16 holds one case: the second exploration's first.
        let one = try suite.run(CaseSelection(shard: Shard(index: 9, count: 16)!, offset: 0)).cases
        #expect(
            one
                == [cases[8]].map {
                    var copy = $0; copy.time = one.first?.time ?? 0; return copy
                })
    }

    @Test func anUnsupportedRecordCountIsAUsageError() {
        #expect(
            throws: CLIError.usage(
                "Invalid value '4' for '--records': records must be from 1 to 3, not 4")
        ) {
            try StateExploreSuite.make(records: 4)
        }
    }
}
