import UpdateCheckSupport

/// The sectioned run: every snapshot read from one packed layout
/// (``PackedLayouts``), each row's diffs written into one scratch.
extension ExhaustiveCheck {
    /// Runs the sectioned shard with `engine` in place of UpdateCheckDiff's
    /// (to prove the verification catches a broken engine), or
    /// UpdateCheckDiff's when `nil`.
    package func runSectioned(
        engine: (
            @Sendable (
                SectionedSnapshot<ExhaustiveSectionID, ExhaustiveID>,
                SectionedSnapshot<ExhaustiveSectionID, ExhaustiveID>
            )
                throws(ListDiffError) -> SectionedDiff<ExhaustiveSectionID, ExhaustiveID>
        )?
    ) -> ExhaustiveReport {
        guard let sectionCount else { preconditionFailure("runSectioned runs a sectioned check") }
        let snapshots = self.snapshots
        let positions = Array(shard.positions(among: snapshots.count))
        let stride = crossCheckStride
        let packed = PackedLayouts(snapshots)
        let rows = ParallelLoop.map(count: positions.count) { index in
            packed.withLayouts { layouts in
                SectionedDiffScratch.with(capacity: SectionedDiff<ExhaustiveSectionID, ExhaustiveID>.smallSnapshotLimit)
                {
                    scratch in
                    let started = WallClock.seconds()
                    let position = positions[index]
                    let old = snapshots[position]
                    let oldLayout = layouts.layout(position)
                    let oldFlat = layouts.flat(position)
                    let oldUnique = layouts.unique[position]
                    // The flat engine runs on the cross-checked pairs only, in `verify(from:to:)`.
                    var verifier = SectionedPairVerifier<ExhaustiveSectionID, ExhaustiveID>(
                        crossChecksFlatEngine: false)
                    var failures: [VerificationFailure] = []
                    var crossChecked = 0
                    // The pair index modulo the stride, counted along (no division per pair).
                    var phase = (position * snapshots.count) % stride
                    for newPosition in 0..<snapshots.count {
                        let crossChecks = phase == 0
                        phase += 1
                        if phase == stride { phase = 0 }
                        do throws(ListDiffError) {
                            if let engine {
                                let new = snapshots[newPosition]
                                let result = try engine(old, new)
                                try verifier.check(result, from: old, to: new)
                                if crossChecks { try result.verify(from: old, to: new) }
                            } else {
                                // The snapshots are only read on failure (autoclosures), so
                                // that the loop does not touch reference counts every core shares.
                                try verifier.verify(
                                    from: old, to: snapshots[newPosition], oldLayout: oldLayout,
                                    newLayout: layouts.layout(newPosition), oldFlat: oldFlat,
                                    newFlat: layouts.flat(newPosition),
                                    knownUnique: oldUnique && layouts.unique[newPosition], into: &scratch)
                                if crossChecks { try scratch.diff.verify(from: old, to: snapshots[newPosition]) }
                            }
                            if crossChecks { crossChecked += 1 }
                        } catch {
                            let new = snapshots[newPosition]
                            if case .verificationFailed(let failure) = error {
                                failures.append(failure)
                            } else {
                                failures.append(
                                    VerificationFailure(
                                        old: old.sectionTexts, new: new.sectionTexts, check: .reachesNew,
                                        expected: "a diff", actual: "an error: \(error)"))
                            }
                        }
                    }
                    return ExhaustiveRow(
                        position: position, old: old.sectionTexts, pairCount: snapshots.count,
                        crossCheckedCount: crossChecked, failures: failures, seconds: WallClock.seconds() - started)
                }
            }
        }
        return ExhaustiveReport(
            sectionCount: sectionCount, idCount: idCount, shard: shard, snapshotCount: snapshots.count,
            rows: rows)
    }
}
