import Testing

@testable import UpdateCheckDiff

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

    /// Random corruptions of diffs of every size: the verdict is the one the
    /// literal applications give. A diff that fails applied by roles fails
    /// step 1; one that passes it but fails applied with moves paired (the
    /// emulation of the standard library's `applying`) fails step 2; the
    /// inverse applied by roles never fails after step 1 passed (step 3 is
    /// proven by step 1), and the standard library agrees with both.
    @Test func verdictsMatchTheLiteralApplications() throws {
        var random = LargeSnapshotTests.Generator(state: 29)
        var verdicts: [VerificationCheck?: Int] = [:]
        for round in 0..<1_500 {
            let n = [3, 8, 20, 70, 300][round % 5]
            let (old, new) = Self.mixedPair(n, seed: UInt64(round))
            var corrupted = try diff(from: old, to: new)
            for _ in 0..<Int.random(in: 1...2, using: &random) {
                let pick = Int.random(in: 0..<10, using: &random)
                let count = max(old.count, new.count, 1)
                let offset = Int.random(in: -1...count, using: &random)
                switch pick {
                case 0 where !corrupted.deletions.isEmpty:
                    corrupted.deletions[Int.random(in: corrupted.deletions.indices, using: &random)].offset = offset
                case 1 where !corrupted.insertions.isEmpty:
                    corrupted.insertions[Int.random(in: corrupted.insertions.indices, using: &random)].offset = offset
                case 2 where !corrupted.moves.isEmpty:
                    corrupted.moves[Int.random(in: corrupted.moves.indices, using: &random)].to = offset
                case 3 where !corrupted.moves.isEmpty:
                    corrupted.moves[Int.random(in: corrupted.moves.indices, using: &random)].from = offset
                case 4 where corrupted.insertions.count >= 2:
                    corrupted.insertions.swapAt(0, corrupted.insertions.count - 1)
                case 5 where corrupted.moves.count >= 2:
                    corrupted.moves.swapAt(0, Int.random(in: 1..<corrupted.moves.count, using: &random))
                case 6 where !corrupted.deletions.isEmpty:
                    corrupted.deletions[Int.random(in: corrupted.deletions.indices, using: &random)].id = n + 1_000
                case 7 where !corrupted.moves.isEmpty:
                    // A move written as a deletion and an insertion, in offset order.
                    let move = corrupted.moves.remove(at: Int.random(in: corrupted.moves.indices, using: &random))
                    corrupted.deletions.append(.init(offset: move.from, id: move.id))
                    corrupted.deletions.sort { $0.offset < $1.offset }
                    corrupted.insertions.append(.init(offset: move.to, id: move.id))
                    corrupted.insertions.sort { $0.offset < $1.offset }
                case 8 where !corrupted.insertions.isEmpty:
                    corrupted.insertions.removeLast()
                case 9:
                    corrupted.newCount += Int.random(in: -1...1, using: &random)
                default:
                    break
                }
            }
            let verdict = Self.failedCheck(corrupted, old, new)
            verdicts[verdict, default: 0] += 1
            let forward = (try? corrupted.apply(to: old)) == new
            var literal = PairVerifier<Int>()
            let paired =
                corrupted.oldCount == old.count && literal.applyPaired(corrupted, to: old) && literal.work == new
            let inverse = (try? corrupted.inverse().apply(to: new)) == old
            if !forward {
                #expect(verdict == .reachesNew, "round \(round)")
                continue
            }
            #expect(inverse, "round \(round): the inverse restores old once the diff reaches new")
            if !paired {
                #expect(verdict == .pairedMovesReachNew, "round \(round)")
                continue
            }
            #expect(verdict == nil || verdict == .minimalMoves, "round \(round)")
            let standard = try #require(corrupted.collectionDifference, "round \(round)")
            #expect(old.applying(standard) == new, "round \(round)")
            #expect(new.applying(standard.inverse()) == old, "round \(round)")
            #expect(Self.failedCheck(corrupted, old, new, crossCheck: true) == verdict, "round \(round)")
        }
        // Every verdict occurs, so the comparison above ran on each kind of fault.
        for check in [nil, .reachesNew, .pairedMovesReachNew, .minimalMoves] as [VerificationCheck?] {
            #expect(verdicts[check, default: 0] > 20, "\(String(describing: check)): \(verdicts)")
        }
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
