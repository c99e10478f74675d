import Testing
import UpdateCheckDiff

@testable import BatchUpdate

@Suite struct ConformanceKitTests {
    let small = ConformanceOptions(ids: 4, randomPairs: 200, maxRandomItems: 200, seed: 7)

    @Test func theCorrectAdapterPasses() {
        let report = ConformanceKit.check(StepAdapter(), options: small)
        #expect(report.passed, "\(report)")
        #expect(report.casesChecked == 26_669 + 200)
        #expect(report.groups.count == 65 + 2)
        #expect(report.groups.first?.name == "old []")
        #expect(report.groups[1].name == "old [a]")
        #expect(report.groups.last?.name == "random pairs 100-199")
        #expect(report.exhaustiveCasesChecked == 26_669 && report.randomCasesChecked == 200)
        #expect(report.description == "steps: passed 26869 cases (26669 exhaustive, 200 random)")
        #expect(report.smallestFailure == nil)
    }

    @Test func theArticleMistakeIsCaughtOnTheSmallestPair() throws {
        let report = ConformanceKit.check(StepAdapter(flaw: .insertAtNewThenDeleteAtOld), options: small)
        #expect(!report.passed)
        let smallest = try #require(report.smallestFailure)
        #expect(smallest.old == ["a"] && smallest.new == ["b"] && smallest.changed == [])
        #expect(smallest.problem == .wrongRows(expected: ["b"], shown: ["a"]))
        #expect(smallest.calls == [["insert 0 (count 1)", "remove 0 (count 1)"]])
        #expect(
            smallest.description == """
                [a] → [b], changed []: the toolkit shows [a] instead of [b]
                  batch 1: insert 0 (count 1); remove 0 (count 1)
                """)
        #expect(
            report.description.hasPrefix(
                "steps: \(report.failureCount) of \(report.casesChecked) cases (26669 exhaustive, 200 random) failed; "
                    + "smallest: [a] → [b]"))

        // The article's own pair: the insert of d is deleted again.
        let article = try #require(
            try ConformanceKit.check(StepAdapter(flaw: .insertAtNewThenDeleteAtOld), old: [0, 1, 2], new: [2, 0, 3]))
        #expect(article.problem == .wrongRows(expected: ["2", "0", "3"], shown: ["2", "1", "2"]))
    }

    @Test func missingAndExtraRefreshesAreCaught() throws {
        let forgets = ConformanceKit.check(StepAdapter(flaw: .forgetsRefresh), options: ConformanceOptions(ids: 3))
        let missing = try #require(forgets.smallestFailure)
        #expect(missing.pair == "[a] → [a], changed [a]")
        #expect(missing.problem == .notRefreshed(id: "a", row: 0))
        #expect(missing.problem.description == "a (row 0) changed but was not refreshed")

        let everything = ConformanceKit.check(
            StepAdapter(flaw: .refreshesEverything), options: ConformanceOptions(ids: 3))
        let extra = try #require(everything.smallestFailure)
        #expect(extra.pair == "[a] → [a], changed []")
        #expect(extra.problem == .refreshedWithoutChange(id: "a", row: 0))
    }

    @Test func eachGroupKeepsItsSmallestFailuresFirst() {
        let report = ConformanceKit.check(StepAdapter(flaw: .forgetsRefresh), options: ConformanceOptions(ids: 4))
        for group in report.groups where !group.passed {
            #expect(group.failures.count == min(3, group.failureCount))
            let keys = group.failures.map(\.sizeKey)
            #expect(keys == keys.sorted { $0.lexicographicallyPrecedes($1) })
        }
        #expect(report.groups.reduce(0) { $0 + $1.failureCount } == report.failureCount)
    }

    @Test func randomFailuresAreReducedToASmallCase() throws {
        let options = ConformanceOptions(ids: 0, randomPairs: 40, maxRandomItems: 400, seed: 3)
        let report = ConformanceKit.check(StepAdapter(flaw: .refreshesOnlyBelow(30)), options: options)
        let smallest = try #require(report.smallestFailure)
        // The bug needs a changed item at position 30: 31 new items, one of
        // them changed; deleted items play no part and are gone.
        #expect(smallest.new.count == 31)
        #expect(smallest.changed == [smallest.new[30]])
        #expect(smallest.problem == .notRefreshed(id: smallest.new[30], row: 30))
        #expect(Set(smallest.old).isSubset(of: smallest.new))
        #expect(smallest.old.first == "a")
        #expect(smallest.origin?.hasPrefix("random pair ") == true)
        #expect(smallest.origin?.contains(" of seed 3, reduced from ") == true)
    }

    @Test func randomPairsAreDeterministicPerIndex() {
        for index in [0, 1, 17, 999] {
            let pair = RandomPairs.pair(index, seed: 5, maxItems: 300)
            #expect(pair == RandomPairs.pair(index, seed: 5, maxItems: 300))
            #expect(pair.old.count <= 300 && pair.new.count <= 300)
            #expect(Set(pair.old).count == pair.old.count && Set(pair.new).count == pair.new.count)
            #expect(Set(pair.changed).isSubset(of: Set(pair.old).intersection(pair.new)))
        }
        #expect(RandomPairs.pair(1, seed: 5, maxItems: 300) != RandomPairs.pair(1, seed: 6, maxItems: 300))
        let sizes = (0..<200).map { RandomPairs.pair($0, seed: 1, maxItems: 1000).old.count }
        #expect(sizes.max()! > 900 && sizes.min()! < 100)
    }

    /// A seed's pairs are a promise: a report names `random pair 17 of seed
    /// 42` and anyone rebuilds it. A digest of 40 pairs, long enough to span
    /// many chunks of the generator's edits, pins them (recorded before the
    /// generator moved to chunked edits).
    @Test func randomPairsStayTheSameForASeed() {
        var digest: UInt64 = 0xCBF2_9CE4_8422_2325
        for index in 0..<40 {
            let pair = RandomPairs.pair(index, seed: 7, maxItems: 9_000)
            for value in pair.old + [-1] + pair.new + [-2] + pair.changed + [-3] {
                digest = (digest ^ UInt64(bitPattern: Int64(value))) &* 0x100_0000_01B3
            }
        }
        #expect(digest == 14_527_071_003_935_270_818)
    }

    @Test func shardsTogetherCoverTheWholeRun() {
        let whole = ConformanceKit.check(StepAdapter(flaw: .forgetsRefresh), options: small)
        var parts: [ConformanceGroup] = []
        for index in 1...3 {
            var options = small
            options.shard = Shard(index: index, count: 3)!
            parts += ConformanceKit.check(StepAdapter(flaw: .forgetsRefresh), options: options).groups
        }
        #expect(Set(parts.map(\.name)) == Set(whole.groups.map(\.name)))
        #expect(parts.count == whole.groups.count)
        #expect(parts.reduce(0) { $0 + $1.failureCount } == whole.failureCount)
    }

    @Test func sequentialAndParallelRunsAgree() {
        var serial = small
        serial.runsInParallel = false
        let one = ConformanceKit.check(StepAdapter(flaw: .refreshesEverything), options: serial)
        let many = ConformanceKit.check(StepAdapter(flaw: .refreshesEverything), options: small)
        #expect(one.groups.map(\.failures) == many.groups.map(\.failures))
        #expect(one.failureCount == many.failureCount)
    }

    @Test func changedSubsets() throws {
        let plan = try UpdatePlan(from: [0, 1, 2, 3, 4], to: [4, 0, 1, 2, 3])
        let kept = Array(0..<5)
        let moved = kept.filter { plan.isMoved(new: $0) }
        #expect(moved == [0])
        #expect(ConformanceKit.changedMasks(plan: plan, kept: kept, limit: 4) == [0, 0b11111, 0b00001, 0b11110])
        #expect(ConformanceKit.changedMasks(plan: plan, kept: kept, limit: 5).count == 32)
        let same = try UpdatePlan(from: [0, 1, 2, 3, 4], to: [0, 1, 2, 3, 4])
        #expect(ConformanceKit.changedMasks(plan: same, kept: kept, limit: 4) == [0, 0b11111])
    }

    @Test func labels() {
        #expect((0..<3).map(ConformanceKit.label) == ["a", "b", "c"])
        #expect(ConformanceKit.label(25) == "z" && ConformanceKit.label(26) == "x26")
    }
}

@Suite struct ConformanceGroupCountTests {
    @Test func groupsAreOldSnapshotsThenRandomChunks() {
        #expect((0...6).map { ConformanceKit.snapshotCount(ids: $0) } == [0, 2, 5, 16, 65, 326, 1957])
        #expect(ConformanceKit.groupCount(options: ConformanceOptions(ids: 5, randomPairs: 1000)) == 336)
        #expect(ConformanceKit.groupCount(options: ConformanceOptions(ids: 0, randomPairs: 101)) == 2)
        var options = ConformanceOptions(ids: 2, randomPairs: 30, maxRandomItems: 20, randomGroupSize: 10)
        options.shard = Shard(index: 2, count: 4)!
        // Groups 0-4 are the old snapshots [], [a], [a, b], [b], [b, a]; 5-7 the random chunks.
        let names = ConformanceKit.check(StepAdapter(), options: options).groups.map(\.name)
        #expect(names == ["old [a]", "random pairs 0-9"])
    }
}
