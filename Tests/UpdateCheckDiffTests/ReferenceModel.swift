@testable import UpdateCheckDiff

/// Small, obviously-correct reference computations the engine is checked
/// against (quadratic, written independently of the engine).
enum ReferenceModel {
    /// The length of the longest increasing subsequence of the kept IDs' old
    /// offsets in new order, by exhaustive dynamic programming.
    static func longestIncreasingRun<ID: Hashable>(from old: [ID], to new: [ID]) -> Int {
        let sequence = new.compactMap { id in old.firstIndex(of: id) }
        var best = [Int](repeating: 1, count: sequence.count)
        for end in sequence.indices {
            for start in 0..<end where sequence[start] < sequence[end] {
                best[end] = max(best[end], best[start] + 1)
            }
        }
        return best.max() ?? 0
    }

    /// The number of IDs present in both snapshots.
    static func keptCount<ID: Hashable>(from old: [ID], to new: [ID]) -> Int {
        new.filter(old.contains).count
    }

    /// Whether the IDs that are neither deleted nor moved form an increasing
    /// run in both snapshots (the stay-put IDs keep their relative order).
    static func stayersKeepOrder<ID: Hashable>(_ result: SnapshotDiff<ID>, old: [ID], new: [ID]) -> Bool {
        let leaving = Set(result.deletions.map(\.id)).union(result.moves.map(\.id))
        let arriving = Set(result.insertions.map(\.id)).union(result.moves.map(\.id))
        return old.filter { !leaving.contains($0) } == new.filter { !arriving.contains($0) }
    }
}
