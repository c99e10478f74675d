import Testing

@testable import ListDiff

/// The linear verification: it passes every correct diff, agrees with the
/// standard library where both run, and catches corrupted diffs of every
/// size, large ones included (where the standard library does not run by
/// default), each by the check that owns the fault.
@Suite struct LinearVerificationTests {
    /// The check a verification failed, or `nil` when it passed.
    static func failedCheck<ID>(
        _ diff: SnapshotDiff<ID>, _ old: [ID], _ new: [ID], crossCheck: Bool = false
    ) -> VerificationCheck? {
        var verifier = PairVerifier<ID>(crossChecksStandardLibrary: crossCheck, standardLibraryLimit: .max)
        do {
            try verifier.check(diff, from: old, to: new)
            return nil
        } catch {
            guard case .verificationFailed(let failure) = error else { return nil }
            return failure.check
        }
    }

    /// A mixed pair of `n` IDs with deletions, insertions and moves.
    static func mixedPair(_ n: Int, seed: UInt64) -> (old: [Int], new: [Int]) {
        LargeSnapshotTests.pair(n, 2, seed: seed)
    }

    /// Correct diffs of every kind and size pass, with and without the
    /// standard library, and the two verdicts agree.
    @Test(arguments: [0, 1, 5, 17, 200, 3_000])
    func correctDiffsPass(n: Int) throws {
        for kind in 0..<3 {
            let (old, new) = LargeSnapshotTests.pair(n, kind, seed: UInt64(n &* 7 &+ kind))
            let result = try diff(from: old, to: new)
            #expect(Self.failedCheck(result, old, new) == nil)
            #expect(Self.failedCheck(result, old, new, crossCheck: true) == nil)
            #expect(Self.failedCheck(result.inverse(), new, old) == nil)
        }
    }

    /// Each corruption of a large diff is caught by the check that owns it.
    @Test(arguments: [300, 5_000])
    func corruptedLargeDiffsAreCaught(n: Int) throws {
        let (old, new) = Self.mixedPair(n, seed: UInt64(n))
        let good = try diff(from: old, to: new)
        try #require(good.moves.count >= 2 && good.insertions.count >= 2 && good.deletions.count >= 2)

        // A move lands one slot further on: the result differs from new.
        var shifted = good
        shifted.moves[0].to = (shifted.moves[0].to + 1) % new.count
        #expect(Self.failedCheck(shifted, old, new) == .reachesNew)

        // A deletion names the wrong ID.
        var misnamed = good
        misnamed.deletions[0].id = -1
        #expect(Self.failedCheck(misnamed, old, new) == .reachesNew)

        // Two deletions at one offset.
        var repeated = good
        repeated.deletions[1].offset = repeated.deletions[0].offset
        #expect(Self.failedCheck(repeated, old, new) == .reachesNew)

        // An insertion out of range, and a count that does not add up.
        var outside = good
        outside.insertions[0].offset = new.count
        #expect(Self.failedCheck(outside, old, new) == .reachesNew)
        var miscounted = good
        miscounted.newCount += 1
        #expect(Self.failedCheck(miscounted, old, new) == .reachesNew)

        // Insertions out of their documented order: placing by roles does
        // not care, applying with paired moves in offset order does.
        var unordered = good
        unordered.insertions.swapAt(0, 1)
        #expect(Self.failedCheck(unordered, old, new) == .pairedMovesReachNew)

        // A move taken apart into a deletion and an insertion of the same
        // ID reaches new, but is one move short of honest: not minimal
        // (found through the deleted IDs' hash table for large pairs).
        var split = good
        let move = split.moves.removeFirst()
        split.deletions.append(.init(offset: move.from, id: move.id))
        split.deletions.sort { $0.offset < $1.offset }
        split.insertions.append(.init(offset: move.to, id: move.id))
        split.insertions.sort { $0.offset < $1.offset }
        #expect(Self.failedCheck(split, old, new) == .minimalMoves)

        // A kept ID that stays put, written as a move too: not minimal.
        var padded = good
        let stays = Set(0..<new.count).subtracting(padded.insertions.map(\.offset)).subtracting(
            padded.moves.map(\.to)
        ).min()!
        let from = old.firstIndex(of: new[stays])!
        padded.moves.append(.init(id: new[stays], from: from, to: stays))
        padded.moves.sort { $0.to < $1.to }
        #expect(Self.failedCheck(padded, old, new) == .minimalMoves)
    }

    /// The message of a large failure still shows the arrays, computed on the
    /// slow path.
    @Test func largeFailureNamesTheArrays() throws {
        let old = Array(0..<200)
        let new = Array(old.reversed())
        var wrong = try diff(from: old, to: new)
        wrong.moves[0].to = 1
        wrong.moves[1].to = 0
        var verifier = PairVerifier<Int>()
        let error = #expect(throws: ListDiffError.self) { try verifier.check(wrong, from: old, to: new) }
        guard case .verificationFailed(let failure) = error else {
            Issue.record("expected a verification failure")
            return
        }
        #expect(failure.check == .reachesNew)
        #expect(failure.actual.hasPrefix("[198, 199, 197"))
    }

    /// The minimum move count of the linear check is the textbook one
    /// (kept IDs minus the longest increasing subsequence, by dynamic
    /// programming) on random pairs.
    @Test func minimumMatchesDynamicProgramming() throws {
        var random = LargeSnapshotTests.Generator(state: 11)
        for _ in 0..<300 {
            let universe = Array(0..<60)
            let old = Array(universe.shuffled(using: &random).prefix(Int.random(in: 0...40, using: &random)))
            let new = Array(universe.shuffled(using: &random).prefix(Int.random(in: 0...40, using: &random)))
            let offsets = new.compactMap { old.firstIndex(of: $0) }
            var lengths: [Int] = []
            for end in offsets.indices {
                lengths.append(
                    1 + (lengths.indices.filter { offsets[$0] < offsets[end] }.map { lengths[$0] }.max() ?? 0))
            }
            let minimum = offsets.count - (lengths.max() ?? 0)
            let result = try verifiedDiff(from: old, to: new)
            #expect(result.moves.count == minimum, "\(old) -> \(new)")
        }
    }
}
