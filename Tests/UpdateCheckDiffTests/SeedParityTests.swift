import Testing
import UpdateCheckDiff

/// The fixed cases and the 65 × 65 exhaustive run of the list article, on UpdateCheckDiff.
@Suite struct SeedParityTests {
    /// The article's fixed pairs, each verified (reaches new, paired moves,
    /// inverse, standard-library cross-check, minimal moves).
    @Test(
        arguments: [
            ([], []),
            ([], ["a"]),
            (["a"], []),
            (["a", "b", "c"], ["c", "a", "d"]),
            (["a", "b", "c"], ["c", "b", "a"]),
        ] as [([String], [String])])
    func fixedCasesVerify(old: [String], new: [String]) throws {
        let result = try verifiedDiff(from: old, to: new)
        #expect(try result.apply(to: old) == new)
        #expect(old.applying(try #require(result.collectionDifference)) == new)
    }

    /// `[a, b, c] -> [c, a, d]` has exactly this diff: b deleted at old 1,
    /// d inserted at new 2, c moved (a stays put).
    @Test func mixedCaseHasTheExpectedParts() throws {
        let result = try diff(from: ["a", "b", "c"], to: ["c", "a", "d"])
        #expect(result.deletions == [.init(offset: 1, id: "b")])
        #expect(result.insertions == [.init(offset: 2, id: "d")])
        #expect(result.moves == [.init(id: "c", from: 2, to: 0)])
    }

    /// The full reversal of three keeps one ID in place and moves two.
    @Test func reversalMovesAllButOne() throws {
        let result = try diff(from: ["a", "b", "c"], to: ["c", "b", "a"])
        #expect(result.deletions.isEmpty && result.insertions.isEmpty)
        #expect(result.moves.map(\.id) == ["c", "b"])
        #expect(result.moves.map(\.to) == [0, 1])
    }

    /// `[a, a]` is rejected, naming the ID and both offsets.
    @Test func duplicatesAreRejected() {
        #expect(throws: ListDiffError.duplicateIDs(in: .old, duplicates: [DuplicateID(id: "a", offsets: [0, 1])])) {
            try diff(from: ["a", "a"], to: [])
        }
    }

    /// Four IDs give the article's 65 snapshots, and every one of the 4,225
    /// ordered pairs verifies.
    @Test func exhaustiveFourVerifies() throws {
        let snapshots = orderedSelections(of: ["a", "b", "c", "d"])
        #expect(snapshots.count == 65)
        var pairs = 0
        for old in snapshots {
            for new in snapshots {
                _ = try verifiedDiff(from: old, to: new)
                pairs += 1
            }
        }
        #expect(pairs == 4_225)
    }
}
