import Testing

@testable import UpdateCheckDiff

/// The exhaustive run: counts, shards, determinism, and that it catches a broken engine.
@Suite struct ExhaustiveCheckTests {
    /// k = 4 is the article's run: 65 rows of 65 pairs, all passing, every
    /// pair cross-checked by the standard library.
    @Test func fourIDsIsTheArticleRun() {
        let report = ExhaustiveCheck(idCount: 4).run()
        #expect(report.snapshotCount == 65)
        #expect(report.rows.count == 65)
        #expect(report.pairCount == 4_225)
        #expect(report.crossCheckedCount == 4_225)
        #expect(report.passed)
        #expect(report.rows.map(\.old) == orderedSelections(of: ["a", "b", "c", "d"]))
    }

    /// The documented snapshot counts and default cross-check strides.
    @Test func countsAndStrides() {
        #expect((0...6).map { ExhaustiveCheck.snapshotCount(idCount: $0) } == [1, 2, 5, 16, 65, 326, 1_957])
        #expect(ExhaustiveCheck.defaultCrossCheckStride(idCount: 4) == 1)
        #expect(ExhaustiveCheck.defaultCrossCheckStride(idCount: 5) == 7)
        #expect(ExhaustiveCheck.defaultCrossCheckStride(idCount: 6) == 234)
        #expect(ExhaustiveID(2).description == "c")
        #expect(ExhaustiveCheck.defaultCrossCheckStride(sectionCount: 2, idCount: 3) == 1_024)
    }

    /// A flat run's snapshots are its ordered selections, each as the one
    /// section `S`; its rows name them flat.
    @Test func flatSnapshotsAreOneSectionEach() {
        let check = ExhaustiveCheck(idCount: 3)
        let flat = ExhaustiveCheck.flatSnapshots(idCount: 3)
        #expect(flat.count == ExhaustiveCheck.snapshotCount(idCount: 3))
        #expect(check.snapshots.map(\.sectionIDs) == Array(repeating: [ExhaustiveSectionID(0)], count: flat.count))
        #expect(check.snapshots.map { $0.sections[0].items } == flat)
        #expect(check.run().rows.map(\.old) == flat.map { $0.map(\.description) })
    }

    /// The shards of k = 5 into 3 are disjoint, their rows add up to the
    /// whole run, and their pair counts sum to 106,276.
    @Test func shardsCoverTheWholeRun() {
        let whole = ExhaustiveCheck(idCount: 3).run()
        var positions: [Int] = []
        var pairs = 0
        for index in 1...3 {
            let part = ExhaustiveCheck(idCount: 3, shard: Shard(index: index, count: 3)!).run()
            positions += part.rows.map(\.position)
            pairs += part.pairCount
            #expect(part.rows.allSatisfy { $0.position % 3 == index - 1 })
        }
        #expect(positions.sorted() == Array(0..<16))
        #expect(pairs == whole.pairCount)
        #expect(ExhaustiveCheck(idCount: 5, shard: Shard(index: 2, count: 2)!).run().pairCount == 163 * 326)
    }

    /// Four shards of k = 5 (the matrix layout of a k = 7 run) take every
    /// old snapshot exactly once and add up to the whole run's pairs,
    /// cross-checks and failures.
    @Test func fourShardsMergeToTheWholeRun() {
        let whole = ExhaustiveCheck(idCount: 5).run()
        let parts = (1...4).map { ExhaustiveCheck(idCount: 5, shard: Shard(index: $0, count: 4)!).run() }
        let rows = parts.flatMap(\.rows).sorted { $0.position < $1.position }
        #expect(rows.map(\.position) == Array(0..<326))
        #expect(rows.map(\.old) == whole.rows.map(\.old))
        #expect(parts.map(\.pairCount).reduce(0, +) == 106_276)
        #expect(parts.map(\.pairCount).reduce(0, +) == whole.pairCount)
        #expect(parts.map(\.crossCheckedCount).reduce(0, +) == whole.crossCheckedCount)
        #expect(parts.allSatisfy(\.passed) && whole.passed)
        #expect(ExhaustiveCheck.snapshotCount(idCount: 7) == 13_700)
    }

    /// An engine that forgets the last move of each diff fails on exactly the
    /// pairs that have moves, each named with the check that caught it.
    @Test func brokenEngineIsCaught() {
        let report = ExhaustiveCheck(idCount: 3).runFlat { old, new throws(ListDiffError) in
            var result = try diff(from: old, to: new)
            if let last = result.moves.popLast() {
                result.insertions.append(.init(offset: last.to, id: last.id))
                result.insertions.sort { $0.offset < $1.offset }
                result.deletions.append(.init(offset: last.from, id: last.id))
                result.deletions.sort { $0.offset < $1.offset }
            }
            return result
        }
        var expected = 0
        for old in orderedSelections(of: [0, 1, 2]) {
            for new in orderedSelections(of: [0, 1, 2]) where !(try! diff(from: old, to: new)).moves.isEmpty {
                expected += 1
            }
        }
        #expect(report.failures.count == expected)
        #expect(report.failures.allSatisfy { $0.check == .minimalMoves })
        #expect(
            report.failures.first?.description
                == "[a, b] -> [b, a]: the moves are minimal failed: expected 1 moves, got 0 moves")
    }

    /// An engine whose moves land one slot off is caught by the first check.
    @Test func misplacedMoveIsCaught() {
        let report = ExhaustiveCheck(idCount: 2).runFlat { old, new throws(ListDiffError) in
            var result = try diff(from: old, to: new)
            if !result.moves.isEmpty { result.moves[0].to = (result.moves[0].to + 1) % result.newCount }
            return result
        }
        #expect(
            report.failures.map(\.description) == [
                "[a, b] -> [b, a]: the diff reaches new failed: expected [b, a], got [a, b]",
                "[b, a] -> [a, b]: the diff reaches new failed: expected [a, b], got [b, a]",
            ])
    }
}
