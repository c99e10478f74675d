import Testing
import UpdateCheckDiff

/// The parts, application, inverse and standard-library conversion of diffs.
@Suite struct SnapshotDiffTests {
    /// Deletions and insertions are ascending in their own snapshot's
    /// offsets; moves are ascending by destination.
    @Test func partsAreOrdered() throws {
        let old = Array(0..<20)
        let new = [19, 30, 3, 2, 1, 0, 31, 10, 11, 5, 12, 13, 32, 7]
        let result = try diff(from: old, to: new)
        #expect(result.deletions.map(\.offset) == result.deletions.map(\.offset).sorted())
        #expect(result.insertions.map(\.offset) == [1, 6, 12])
        #expect(result.moves.map(\.to) == result.moves.map(\.to).sorted())
        #expect(try result.apply(to: old) == new)
        #expect(try result.inverse().apply(to: new) == old)
    }

    /// For every pair of four IDs, the inverse lists its parts in the same
    /// orders (moves by destination), undoes the diff, and inverts back to it.
    @Test func inverseIsOrderedAndInvolutive() throws {
        let snapshots = orderedSelections(of: ["a", "b", "c", "d"])
        for old in snapshots {
            for new in snapshots {
                let result = try diff(from: old, to: new)
                let inverse = result.inverse()
                #expect(inverse.moves.map(\.to) == inverse.moves.map(\.to).sorted(), "\(old) -> \(new)")
                #expect(inverse.deletions.map(\.offset) == result.insertions.map(\.offset))
                #expect(inverse.inverse() == result)
                #expect(try inverse.apply(to: new) == old)
            }
        }
    }

    /// Identical snapshots give an empty diff.
    @Test func identicalSnapshotsGiveEmptyDiff() throws {
        let result = try diff(from: ["x", "y"], to: ["x", "y"])
        #expect(result.isEmpty)
        #expect(result.keptCount == 2)
    }

    /// Every duplicate of the new snapshot is named with all its offsets,
    /// kept IDs and inserted IDs alike, in order of first occurrence.
    @Test func everyDuplicateIsNamed() {
        let expected = ListDiffError.duplicateIDs(
            in: .new,
            duplicates: [DuplicateID(id: "b", offsets: [0, 2, 5]), DuplicateID(id: "z", offsets: [1, 4])])
        #expect(throws: expected) { try diff(from: ["a", "b"], to: ["b", "z", "b", "a", "z", "b"]) }
        #expect(throws: expected) { try diff(from: [], to: ["b", "z", "b", "a", "z", "b"]) }
        #expect(
            expected.description
                == "The new snapshot has 2 duplicate IDs: \"b\" at offsets 0, 2, 5; \"z\" at offsets 1, 4.")
    }

    /// Duplicates in the old snapshot are reported before those of the new one.
    @Test func oldDuplicatesComeFirst() {
        #expect(throws: ListDiffError.duplicateIDs(in: .old, duplicates: [DuplicateID(id: "7", offsets: [0, 1])])) {
            try diff(from: [7, 7], to: [8, 8])
        }
    }

    /// A diff applied to a snapshot it was not computed from is refused,
    /// naming the offset and both IDs.
    @Test func applyRefusesAForeignSnapshot() throws {
        let result = try diff(from: ["a", "b", "c"], to: ["c", "a", "d"])
        #expect(
            throws: ListDiffError.doesNotFit(reason: "the deletion names b at old offset 1, but the snapshot has x.")
        ) {
            try result.apply(to: ["a", "x", "c"])
        }
        #expect(throws: ListDiffError.doesNotFit(reason: "it expects 3 IDs in the old snapshot, got 2.")) {
            try result.apply(to: ["a", "b"])
        }
    }

    /// Converting to a `CollectionDifference` pairs each move, and converting
    /// back gives the same diff.
    @Test func collectionDifferenceRoundTrips() throws {
        let old = ["a", "b", "c", "d", "e"]
        let new = ["e", "a", "f", "c", "b"]
        let result = try diff(from: old, to: new)
        let standard = try #require(result.collectionDifference)
        #expect(old.applying(standard) == new)
        #expect(new.applying(standard.inverse()) == old)
        let moved = standard.removals.filter { if case .remove(_, _, _?) = $0 { true } else { false } }
        #expect(moved.count == result.moves.count)
        #expect(SnapshotDiff(standard, oldCount: old.count) == result)
        #expect(try SnapshotDiff(standard)?.apply(to: old) == new)
    }

    /// The standard library's own difference (without inferred moves) converts
    /// to a diff whose removal/insertion pairs of one ID become moves.
    @Test func standardDifferenceConverts() throws {
        let old = ["a", "b", "c"]
        let new = ["c", "a", "d"]
        let converted = try #require(SnapshotDiff(new.difference(from: old), oldCount: old.count))
        #expect(try converted.apply(to: old) == new)
        #expect(converted.moves.count == 1)
        try converted.verify(from: old, to: new)
    }

    /// Offsets outside the old count are refused.
    @Test func conversionRefusesOffsetsOutOfRange() {
        let standard = CollectionDifference<String>([.remove(offset: 3, element: "x", associatedWith: nil)])!
        #expect(SnapshotDiff(standard, oldCount: 2) == nil)
        #expect(SnapshotDiff(standard)?.oldCount == 4)
    }

    /// A hand-made diff with impossible counts or offsets gets an answer
    /// (an error, `nil`), never a trap: negative and extreme counts, clashing
    /// offsets, offsets at the top of `Int`.
    @Test func impossibleHandMadeDiffsAreRefused() {
        let negative = SnapshotDiff<Int>(
            oldCount: 0, newCount: .min, deletions: [], insertions: [.init(offset: 0, id: 1)], moves: [])
        let refusal = ListDiffError.doesNotFit(
            reason: "it counts 0 old and \(Int.min) new IDs; a count cannot be negative.")
        #expect(throws: refusal) { try negative.apply(to: []) }
        #expect(throws: ListDiffError.self) { try negative.verify(from: [], to: []) }
        #expect(throws: ListDiffError.self) { try negative.inverse().apply(to: []) }
        let belowZero = SnapshotDiff<Int>(
            oldCount: .min, newCount: 0, deletions: [.init(offset: 0, id: 1)], insertions: [], moves: [])
        #expect(belowZero.keptCount == Int.max)
        #expect(throws: ListDiffError.self) { try belowZero.inverse().apply(to: []) }
        let clashing = SnapshotDiff<Int>(
            oldCount: 2, newCount: 0, deletions: [.init(offset: 0, id: 1), .init(offset: 0, id: 2)], insertions: [],
            moves: [])
        #expect(clashing.collectionDifference == nil)
        let atTheTop = CollectionDifference<Int>([.remove(offset: .max, element: 1, associatedWith: nil)])!
        #expect(SnapshotDiff(atTheTop) == nil)
        let inserted = CollectionDifference<Int>([.insert(offset: 0, element: 1, associatedWith: nil)])!
        #expect(SnapshotDiff(inserted, oldCount: .max) == nil)
        #expect(SnapshotDiff(inserted, oldCount: 0)?.newCount == 1)
    }

    /// A diff whose moves are not minimal fails verification naming the pair and counts.
    @Test func verificationCatchesNonMinimalMoves() throws {
        let old = ["a", "b"]
        let new = ["a", "b"]
        let padded = SnapshotDiff<String>(
            oldCount: 2, newCount: 2, deletions: [], insertions: [], moves: [.init(id: "a", from: 0, to: 0)])
        #expect(try padded.apply(to: old) == new)
        #expect(
            throws: ListDiffError.verificationFailed(
                VerificationFailure(
                    old: old, new: new, check: .minimalMoves, expected: "0 moves", actual: "1 moves"))
        ) { try padded.verify(from: old, to: new) }
    }

    /// A diff that reaches the wrong snapshot fails the first check, naming expected and actual arrays.
    @Test func verificationCatchesWrongResult() throws {
        let wrong = try diff(from: ["a", "b"], to: ["b", "a"])
        let error = #expect(throws: ListDiffError.self) { try wrong.verify(from: ["a", "b"], to: ["a", "b"]) }
        #expect(
            error?.description
                == "[a, b] -> [a, b]: the diff reaches new failed: expected [a, b], got [b, a]")
    }
}
