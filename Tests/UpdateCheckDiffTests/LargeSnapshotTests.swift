import Testing

@testable import UpdateCheckDiff

/// The hashing path (above 16 IDs) and its parallel lookups (from 65,536
/// IDs), checked against full verification and against the small path.
@Suite struct LargeSnapshotTests {
    /// A fixed-seed generator, so that failures reproduce.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// A pair of `n` IDs: some deleted, some inserted, some moved, shuffled or reversed.
    static func pair(_ n: Int, _ kind: Int, seed: UInt64) -> (old: [Int], new: [Int]) {
        var random = Generator(state: seed)
        let old = Array(0..<n).shuffled(using: &random)
        switch kind {
        case 0: return (old, old.reversed())
        case 1: return (old, old.shuffled(using: &random))
        default:
            // Kept IDs keep their offset as sort key unless they move; moved
            // and inserted IDs get random keys.
            var keyed: [(key: Double, id: Int)] = []
            for (offset, id) in old.enumerated() where Int.random(in: 0..<10, using: &random) != 0 {
                let moves = Int.random(in: 0..<20, using: &random) == 0
                keyed.append((moves ? Double.random(in: 0..<Double(n), using: &random) : Double(offset), id))
            }
            for inserted in n..<(n + n / 10) {
                keyed.append((Double.random(in: 0..<Double(n), using: &random), inserted))
            }
            return (old, keyed.sorted { $0.key < $1.key }.map(\.id))
        }
    }

    /// Reversed, shuffled and mixed pairs of several sizes verify fully
    /// (with the standard library cross-check).
    @Test(arguments: [17, 100, 1_000])
    func largePairsVerify(n: Int) throws {
        for kind in 0..<3 {
            let (old, new) = Self.pair(n, kind, seed: UInt64(n * 3 + kind))
            let result = try verifiedDiff(from: old, to: new)
            #expect(result.oldCount == n)
            if kind == 0 { #expect(result.moves.count == n - 1) }
        }
    }

    /// Above the parallel threshold every workload verifies fully, the
    /// reversal and the shuffle (all moves) included; the diff also applies
    /// both ways through the public API.
    @Test func parallelPairsVerify() throws {
        let n = 70_000
        for kind in 0..<3 {
            let (old, new) = Self.pair(n, kind, seed: UInt64(kind))
            let result = try verifiedDiff(from: old, to: new)
            #expect(try result.apply(to: old) == new)
            #expect(try result.inverse().apply(to: new) == old)
            if kind == 0 { #expect(result.moves.count == n - 1) }
        }
    }

    /// For random pairs of up to 16 IDs, the comparison path and the hashing
    /// path give identical diffs.
    @Test func smallAndHashingPathsAgree() throws {
        var random = Generator(state: 7)
        for _ in 0..<2_000 {
            let universe = Array(0..<20)
            let old = Array(universe.shuffled(using: &random).prefix(Int.random(in: 0...16, using: &random)))
            let new = Array(universe.shuffled(using: &random).prefix(Int.random(in: 0...16, using: &random)))
            let small = try diff(from: old, to: new)
            let hashed = SnapshotDiff(old: old, new: new, matching: try IDMatching.match(old: old, new: new))
            #expect(small == hashed, "\(old) -> \(new)")
        }
    }

    /// Snapshots made of runs kept in order and runs reversed (where the
    /// matcher's guess of the neighbouring old offset hits), with deletions
    /// and insertions between them, match every new ID to the same old
    /// offset as a dictionary does, below and above the parallel threshold.
    @Test(arguments: [300, 70_000])
    func guessedMatchesEqualDictionaryMatches(n: Int) throws {
        var random = Generator(state: UInt64(n))
        for _ in 0..<4 {
            let old = Array(0..<n)
            var runs: [[Int]] = []
            var start = 0
            while start < n {
                let run = old[start..<min(n, start + Int.random(in: 1...40, using: &random))]
                start = run.endIndex
                switch Int.random(in: 0..<4, using: &random) {
                case 0: runs.append(Array(run))
                case 1: runs.append(run.reversed())
                case 2: runs.append(run.filter { $0 % 3 != 0 }.reversed())
                default: runs.append([-start - 1] + run.dropFirst())
                }
            }
            runs.shuffle(using: &random)
            let new = Array(runs.joined())
            let position = Dictionary(uniqueKeysWithValues: old.enumerated().map { ($0.element, $0.offset) })
            let matching = try IDMatching.match(old: old, new: new)
            #expect(matching.oldOffsetOfNew == new.map { Int32(position[$0] ?? -1) })
            #expect(matching.keptCount == new.filter { $0 >= 0 }.count)
        }
        let reversedTwice = Array((0..<n).reversed()) + [0]
        #expect(
            throws: ListDiffError.duplicateIDs(in: .new, duplicates: [DuplicateID(id: "0", offsets: [n - 1, n])])
        ) { try IDMatching.match(old: Array(0..<n), new: reversedTwice) }
    }

    /// Duplicates are found on the hashing path too, wherever they are: in
    /// the old snapshot, twice among kept IDs, twice among inserted IDs.
    @Test(arguments: [40, 70_000])
    func duplicatesOnTheHashingPath(n: Int) {
        let base = Array(0..<n)
        var old = base
        old[n - 1] = 5
        #expect(throws: ListDiffError.duplicateIDs(in: .old, duplicates: [DuplicateID(id: "5", offsets: [5, n - 1])])) {
            try diff(from: old, to: base)
        }
        var keptTwice = base
        keptTwice[n / 2] = 1
        #expect(
            throws: ListDiffError.duplicateIDs(in: .new, duplicates: [DuplicateID(id: "1", offsets: [1, n / 2])])
        ) { try diff(from: base, to: keptTwice) }
        var insertedTwice = base
        insertedTwice[3] = -7
        insertedTwice[n - 2] = -7
        #expect(
            throws: ListDiffError.duplicateIDs(in: .new, duplicates: [DuplicateID(id: "-7", offsets: [3, n - 2])])
        ) { try diff(from: base, to: insertedTwice) }
    }

    /// IDs whose hash values collide everywhere still diff correctly.
    @Test func collidingHashesStillWork() throws {
        struct Clash: Hashable, Sendable {
            var value: Int
            func hash(into hasher: inout Hasher) { hasher.combine(value % 3) }
        }
        let old = (0..<300).map(Clash.init)
        let new = old.reversed().filter { $0.value % 7 != 0 } + (300..<330).map(Clash.init)
        let result = try verifiedDiff(from: old, to: Array(new))
        #expect(result.deletions.count == 43)
        #expect(result.insertions.count == 30)
    }

    /// An ID that hashes through `Hasher`, wrapping an integer: the general
    /// hashing path, against which the integer path is compared.
    struct Wrapped<Value: Hashable & Sendable>: Hashable, Sendable {
        var value: Value
    }

    /// Integer IDs of every type that hashes without `Hasher`, including
    /// values alike in their low or high bits, give exactly the diffs of the
    /// same values hashed through `Hasher`, on the sequential and the
    /// parallel paths.
    @Test(arguments: [1_000, 70_000])
    func integerHashingAgreesWithHasher(n: Int) throws {
        func check<Value: Hashable & Sendable>(_ old: [Value], _ new: [Value]) throws {
            let direct = try verifiedDiff(from: old, to: new)
            let wrapped = try diff(from: old.map(Wrapped.init), to: new.map(Wrapped.init))
            #expect(direct.deletions.map(\.offset) == wrapped.deletions.map(\.offset))
            #expect(direct.insertions.map(\.offset) == wrapped.insertions.map(\.offset))
            #expect(direct.moves.map { [$0.from, $0.to] } == wrapped.moves.map { [$0.from, $0.to] })
            #expect(!direct.isEmpty)
        }
        for kind in 0..<3 {
            let (old, new) = Self.pair(n, kind, seed: UInt64(n + kind))
            try check(old, new)
            try check(old.map { $0 << 40 }, new.map { $0 << 40 })
            try check(old.map { Int64(-1 - $0) }, new.map { Int64(-1 - $0) })
            try check(old.map { UInt64($0) << 32 | 7 }, new.map { UInt64($0) << 32 | 7 })
            try check(old.map { UInt($0) * 4_096 }, new.map { UInt($0) * 4_096 })
            try check(old.map { Int32.min + Int32($0) }, new.map { Int32.min + Int32($0) })
            try check(old.map { UInt32.max - UInt32($0) }, new.map { UInt32.max - UInt32($0) })
        }
    }

    /// The tail search of patience sorting finds the first tail not below
    /// the value for every length and every value up to the last tail.
    @Test func firstTailSearch() {
        var random = Generator(state: 11)
        for length in 1...70 {
            var values = Set<Int32>()
            while values.count < length { values.insert(Int32.random(in: 0...400, using: &random)) }
            var tails = values.sorted()
            tails.withUnsafeMutableBufferPointer { tails in
                for value in 0...tails[length - 1] {
                    let expected = tails.firstIndex { $0 >= value }!
                    #expect(
                        LongestIncreasingRun.firstTail(notBelow: value, in: tails, length: length) == expected,
                        "length \(length), value \(value)")
                }
            }
        }
    }

    /// One diff and one verifier reused across pairs of every size (large,
    /// small, parallel, empty, large again) give exactly the fresh results:
    /// emptying the parts, large or small, and the scratch space of the
    /// checks, on the stack or the heap, leave nothing behind.
    @Test func reusedDiffAndVerifierMatchFreshOnes() throws {
        var changes = SnapshotDiff<Int>(oldCount: 0, newCount: 0, deletions: [], insertions: [], moves: [])
        var verifier = PairVerifier<Int>()
        var pairs = [
            Self.pair(1_000, 1, seed: 21), Self.pair(12, 2, seed: 22), Self.pair(70_000, 2, seed: 23),
            (old: [Int](), new: [Int]()), Self.pair(5, 0, seed: 24), Self.pair(3_000, 0, seed: 25),
        ]
        pairs.append((old: pairs[0].new, new: pairs[0].old))
        for (old, new) in pairs {
            let fresh = try diff(from: old, to: new)
            try changes.formDiff(from: old, to: new)
            #expect(changes == fresh)
            try verifier.verify(from: old, to: new)
            #expect(verifier.diff == fresh)
        }
    }
}
