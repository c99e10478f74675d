import Testing
import UpdateCheckDiff

/// On every pair of ordered selections of up to five IDs, the engine's
/// moves are exactly the kept IDs off a longest increasing run.
@Suite struct ExhaustiveMinimalityTests {
    /// Every pair for k = 1…5 (106,276 pairs at k = 5): move count equals
    /// kept count minus the reference LIS length, the stay-put IDs keep their
    /// order, and applying the diff reaches `new`.
    @Test(arguments: 1...5)
    func movesAreMinimal(k: Int) throws {
        let snapshots = orderedSelections(of: Array(0..<k))
        var failures: [String] = []
        for old in snapshots {
            for new in snapshots {
                let result = try diff(from: old, to: new)
                let reached = try result.apply(to: old)
                let minimum =
                    ReferenceModel.keptCount(from: old, to: new)
                    - ReferenceModel.longestIncreasingRun(from: old, to: new)
                if result.moves.count != minimum || !ReferenceModel.stayersKeepOrder(result, old: old, new: new)
                    || reached != new
                {
                    failures.append("\(old) -> \(new): \(result.moves.count) moves, minimum \(minimum)")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }
}
