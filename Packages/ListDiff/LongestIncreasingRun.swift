/// The longest increasing subsequence of the kept IDs' old offsets, taken in
/// new order: the IDs that stay put in a minimal-move diff.
@usableFromInline
enum LongestIncreasingRun {
    /// Marks, for each new offset, whether its ID lies on one longest
    /// increasing run of old offsets (inserted IDs, `-1`, are skipped).
    ///
    /// Patience sorting: the smallest tail of every run length is kept in a
    /// sorted array searched by bisection (with a fast path for appending),
    /// and a predecessor per offset rebuilds one longest run.
    ///
    /// - Returns: the marks and the run's length.
    /// - Complexity: O(*k* log *L*) for *k* kept IDs and a run of length *L*.
    @inlinable
    static func mark(_ oldOffsetOfNew: [Int32], keptCount: Int) -> (onRun: [Bool], length: Int) {
        let count = oldOffsetOfNew.count
        var onRun = [Bool](repeating: false, count: count)
        guard keptCount > 0 else { return (onRun, 0) }
        var tailValues = [Int32](repeating: 0, count: keptCount)
        var tailOffsets = [Int32](repeating: 0, count: keptCount)
        var predecessor = [Int32](repeating: -1, count: count)
        var length = 0
        oldOffsetOfNew.withUnsafeBufferPointer { values in
            tailValues.withUnsafeMutableBufferPointer { tails in
                tailOffsets.withUnsafeMutableBufferPointer { tailAt in
                    predecessor.withUnsafeMutableBufferPointer { previous in
                        for offset in 0..<count {
                            let value = values[offset]
                            if value < 0 { continue }
                            var position: Int
                            if length == 0 || tails[length - 1] < value {
                                position = length
                                length += 1
                            } else {
                                var low = 0
                                var high = length - 1
                                while low < high {
                                    let middle = (low + high) &>> 1
                                    if tails[middle] < value { low = middle + 1 } else { high = middle }
                                }
                                position = low
                            }
                            tails[position] = value
                            tailAt[position] = Int32(truncatingIfNeeded: offset)
                            previous[offset] = position > 0 ? tailAt[position - 1] : -1
                        }
                    }
                }
            }
        }
        var offset = Int(tailOffsets[length - 1])
        onRun.withUnsafeMutableBufferPointer { marks in
            predecessor.withUnsafeBufferPointer { previous in
                while offset >= 0 {
                    marks[offset] = true
                    offset = Int(previous[offset])
                }
            }
        }
        return (onRun, length)
    }
}
