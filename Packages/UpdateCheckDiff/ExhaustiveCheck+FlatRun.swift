import UpdateCheckSupport

/// The flat run: the flat engine's own path, every snapshot back to back.
extension ExhaustiveCheck {
    /// Runs the flat shard with `engine` in place of UpdateCheckDiff's (to
    /// prove the verification catches a broken engine), or UpdateCheckDiff's
    /// when `nil`.
    package func runFlat(
        engine: (@Sendable ([ExhaustiveID], [ExhaustiveID]) throws(ListDiffError) -> SnapshotDiff<ExhaustiveID>)?
    ) -> ExhaustiveReport {
        precondition(sectionCount == nil, "runFlat runs a flat check")
        let snapshots = Self.flatSnapshots(idCount: idCount)
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
