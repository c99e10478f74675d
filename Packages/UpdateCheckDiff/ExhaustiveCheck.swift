import UpdateCheckSupport

/// Verifies every ordered pair of ordered selections of *k* distinct IDs
/// (`a`, `b`, … ): k = 4 gives 65 snapshots and 4,225 pairs, k = 5 gives
/// 326 and 106,276, k = 6 gives 1,957 and 3,829,849, k = 7 gives 13,700 and
/// 187,690,000.
///
/// Every pair is diffed and fully verified by a ``PairVerifier`` (whole
/// arrays, paired moves, inverse, minimal moves) without heap allocation per
/// pair; the standard library's `applying` cross-checks every pair of small
/// runs and an evenly spread, deterministic subset of large ones (see
/// ``crossCheckStride``). Rows (old snapshots) run in parallel on every core
/// (`ParallelLoop`); the report does not depend on the number of cores.
public struct ExhaustiveCheck: Sendable {
    /// The number of distinct IDs, *k*.
    public let idCount: Int
    /// The part of the run to do.
    public let shard: Shard
    /// The standard library cross-checks the pairs whose index (old position
    /// × snapshot count + new position) is a multiple of this; 1 means every pair.
    public let crossCheckStride: Int

    /// The largest supported *k* (8 gives 109,601 snapshots, 12 billion pairs).
    public static let maximumIDCount = 8

    /// The default stride: every pair up to 16,384 pairs (k ≤ 4), then
    /// about 16,384 evenly spread pairs (the standard library needs tens of
    /// microseconds a pair, the fast verifier about one).
    public static func defaultCrossCheckStride(idCount: Int) -> Int {
        let snapshots = snapshotCount(idCount: idCount)
        return max(1, (snapshots * snapshots + 16_383) / 16_384)
    }

    /// The number of ordered selections of `idCount` distinct IDs.
    public static func snapshotCount(idCount: Int) -> Int {
        var total = 0
        var term = 1
        for length in 0...max(idCount, 0) {
            total += term
            term *= idCount - length
        }
        return total
    }

    /// The IDs of a run of *k* IDs: `a`, `b`, … .
    public static func ids(count: Int) -> [ExhaustiveID] {
        (0..<count).map { ExhaustiveID(UInt8($0)) }
    }

    /// Creates a run of `idCount` IDs (0 … ``maximumIDCount``).
    ///
    /// - Parameters:
    ///   - idCount: the number of distinct IDs, *k*.
    ///   - shard: the part of the run to do; the whole run by default.
    ///   - crossCheckStride: see ``crossCheckStride``; `nil` for the
    ///     default, 1 for every pair.
    public init(idCount: Int, shard: Shard = .whole, crossCheckStride: Int? = nil) {
        precondition((0...Self.maximumIDCount).contains(idCount), "idCount must be 0…\(Self.maximumIDCount)")
        self.idCount = idCount
        self.shard = shard
        self.crossCheckStride = max(1, crossCheckStride ?? Self.defaultCrossCheckStride(idCount: idCount))
    }

    /// Every snapshot of the run, in the order of ``orderedSelections(of:)``.
    public var snapshots: [[ExhaustiveID]] { orderedSelections(of: Self.ids(count: idCount)) }

    /// Runs the shard with UpdateCheckDiff's engine.
    public func run() -> ExhaustiveReport {
        run(engine: nil)
    }

    /// Runs the shard with `engine` in place of UpdateCheckDiff's (to prove the
    /// verification catches a broken engine), or UpdateCheckDiff's when `nil`.
    package func run(
        engine: (@Sendable ([ExhaustiveID], [ExhaustiveID]) throws(ListDiffError) -> SnapshotDiff<ExhaustiveID>)?
    ) -> ExhaustiveReport {
        let snapshots = self.snapshots
        // Every snapshot back to back, so that the inner loop reads IDs
        // without touching the reference counts of arrays every core shares.
        var ids: [ExhaustiveID] = []
        var starts = [0]
        starts.reserveCapacity(snapshots.count + 1)
        for snapshot in snapshots {
            ids.append(contentsOf: snapshot)
            starts.append(ids.count)
        }
        let positions = Array(shard.positions(among: snapshots.count))
        let stride = crossCheckStride
        let (allIDs, allStarts) = (ids, starts)
        let rows = ParallelLoop.map(count: positions.count) { index in
            Self.runRow(
                position: positions[index], snapshots: snapshots, ids: allIDs, starts: allStarts, stride: stride,
                engine: engine)
        }
        return ExhaustiveReport(idCount: idCount, shard: shard, snapshotCount: snapshots.count, rows: rows)
    }

    /// Verifies every pair from the old snapshot at `position`; `ids` holds
    /// every snapshot back to back, snapshot *i* at `starts[i]..<starts[i + 1]`.
    static func runRow(
        position: Int, snapshots: [[ExhaustiveID]], ids: [ExhaustiveID], starts: [Int], stride: Int,
        engine: (@Sendable ([ExhaustiveID], [ExhaustiveID]) throws(ListDiffError) -> SnapshotDiff<ExhaustiveID>)?
    ) -> ExhaustiveRow {
        let started = WallClock.seconds()
        var verifier = PairVerifier<ExhaustiveID>(crossChecksStandardLibrary: false)
        var failures: [VerificationFailure] = []
        var crossChecked = 0
        var pairIndex = position * snapshots.count
        ids.withUnsafeBufferPointer { ids in
            starts.withUnsafeBufferPointer { starts in
                let old = UnsafeBufferPointer(rebasing: ids[starts[position]..<starts[position + 1]])
                for newPosition in 0..<snapshots.count {
                    let new = UnsafeBufferPointer(rebasing: ids[starts[newPosition]..<starts[newPosition + 1]])
                    verifier.crossChecksStandardLibrary = pairIndex % stride == 0
                    if verifier.crossChecksStandardLibrary { crossChecked += 1 }
                    pairIndex += 1
                    do throws(ListDiffError) {
                        if let engine {
                            let (oldIDs, newIDs) = (snapshots[position], snapshots[newPosition])
                            try verifier.check(try engine(oldIDs, newIDs), from: oldIDs, to: newIDs)
                        } else {
                            try verifier.verify(old, new)
                        }
                    } catch {
                        failures.append(Self.failure(error, old: old, new: new))
                    }
                }
            }
        }
        return ExhaustiveRow(
            position: position, old: snapshots[position].map(\.description), pairCount: snapshots.count,
            crossCheckedCount: crossChecked, failures: failures, seconds: WallClock.seconds() - started)
    }

    /// The failure record of a pair whose diff or verification threw.
    static func failure(
        _ error: ListDiffError, old: UnsafeBufferPointer<ExhaustiveID>, new: UnsafeBufferPointer<ExhaustiveID>
    ) -> VerificationFailure {
        if case .verificationFailed(let failure) = error { return failure }
        return VerificationFailure(
            old: old.map(\.description), new: new.map(\.description), check: .reachesNew, expected: "a diff",
            actual: "an error: \(error)")
    }
}
