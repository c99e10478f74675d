import BatchUpdate
import Foundation
import JUnitReporter
import Testing
import UpdateCheckDiff

@testable import UpdateCheckCLI

/// Shards of `updatecheck check`: the union of the n shards' cases is the
/// unsharded run's, in process and through the binary with `junit merge`.
@Suite struct CheckShardTests {
    /// A case without its time: suite, class, name and outcome.
    struct Key: Hashable, Comparable {
        var suite: String
        var className: String
        var name: String
        var outcome: String

        static func < (lhs: Key, rhs: Key) -> Bool {
            (lhs.suite, lhs.className, lhs.name, lhs.outcome) < (rhs.suite, rhs.className, rhs.name, rhs.outcome)
        }
    }

    static func keys(_ results: [SuiteResult]) -> [Key] {
        results.flatMap { result in
            result.cases.map { testCase in
                Key(
                    suite: result.name, className: testCase.className, name: testCase.name,
                    outcome: "\(testCase.outcome)")
            }
        }
    }

    @Test(arguments: [3, 7])
    func theUnionOfTheShardsIsTheWholeRun(count: Int) throws {
        // Every built-in suite at two IDs, with fewer random pairs per adapter to keep it quick.
        let adapters = BuiltInSuites.adapterSuites(
            BuiltInAdapters.defaults + BuiltInAdapters.sectioned,
            options: CheckOptions(ids: 2, areas: [.adapters], seed: 5),
            randomPairs: 250)
        let suites: [CheckSuite] =
            try BuiltInSuites.make(CheckOptions(ids: 2, records: 1, areas: [.state, .diff])) + adapters
        let whole = Self.keys(try SuiteRunner(console: .discarding).run(suites).results)
        // Each sectioned adapter: 33 old snapshots, then a group of 100 random sectioned pairs.
        #expect(whole.count == 93 + 33 + 196 + 4 * 8 + 8 * 34)
        #expect(Set(whole).count == whole.count)
        var union: [Key] = []
        for index in 1...count {
            let shard = Shard(index: index, count: count)!
            let part = Self.keys(try SuiteRunner(shard: shard, console: .discarding).run(suites).results)
            #expect(abs(part.count - whole.count / count) <= 1, "shard \(shard) is unbalanced: \(part.count)")
            union += part
        }
        #expect(union.sorted() == whole.sorted())
    }

    @Test func mergedShardReportsHoldTheCasesOfOneRun() throws {
        let files = try DiffTestFiles()
        let whole = try files.run(["check", "--ids", "2", "--records", "1", "--junit", "whole.xml"])
        #expect(whole.status == 0)
        var reports: [String] = []
        for index in 1...3 {
            let name = "shard-\(index).xml"
            let result = try files.run([
                "check", "--ids", "2", "--records", "1", "--shard", "\(index)/3", "--junit", name,
            ])
            #expect(result.status == 0)
            reports.append(name)
        }
        let merge = try files.run(["junit", "merge"] + reports + ["-o", "merged.xml"])
        #expect(merge.status == 0, "\(merge.stderr)")
        let expected = try ParsedCheckReport(contentsOf: files.folder.appendingPathComponent("whole.xml"))
        let merged = try ParsedCheckReport(contentsOf: files.folder.appendingPathComponent("merged.xml"))
        #expect(merged.cases.count == 665)
        #expect(merged.cases.sorted() == expected.cases.sorted())
        #expect(merged.root["tests"] == expected.root["tests"])
        #expect(merged.root["failures"] == expected.root["failures"])
        #expect(Set(merged.suites.map(\.name)) == Set(expected.suites.map(\.name)))
        #expect(Set(merged.suites.compactMap { $0.properties["shard"] }) == ["1/3", "2/3", "3/3"])

        let combine = try files.run(["junit", "merge", "--combine-suites"] + reports + ["-o", "combined.xml"])
        #expect(combine.status == 0, "\(combine.stderr)")
        let combined = try ParsedCheckReport(contentsOf: files.folder.appendingPathComponent("combined.xml"))
        #expect(combined.suites.map(\.name).sorted() == expected.suites.map(\.name).sorted())
        #expect(combined.cases.sorted() == expected.cases.sorted())
    }
}
