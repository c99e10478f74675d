/// The longest increasing subsequence of the kept IDs' old offsets, taken in
/// new order: the IDs that stay put in a minimal-move diff.
@usableFromInline
enum LongestIncreasingRun {
    /// Marks, for each new offset, whether its ID lies on one longest
    /// increasing run of old offsets (inserted IDs, `-1`, are skipped).
    ///
    /// Patience sorting: the smallest tail of every run length is kept in a
    /// sorted array searched by ``firstTail(notBelow:in:length:)`` (with a fast path for appending),
    /// and a predecessor per offset rebuilds one longest run.
    ///
    /// - Parameters:
    ///   - values: for each new offset, the old offset of its ID or `-1`.
    ///   - tails, tailOffsets: scratch with room for one entry per kept ID.
    ///   - predecessor: scratch with room for one entry per new offset.
    ///   - onRun: one mark per new offset, all `false` on entry.
    /// - Returns: the run's length.
    /// - Complexity: O(*k* log *L*) for *k* kept IDs and a run of length *L*.
    @inlinable
    static func mark(
        _ values: UnsafeBufferPointer<Int32>, tails: UnsafeMutableBufferPointer<Int32>,
        tailOffsets: UnsafeMutableBufferPointer<Int32>, predecessor: UnsafeMutableBufferPointer<Int32>,
        onRun: UnsafeMutableBufferPointer<Bool>
    ) -> Int {
        var length = 0
        for offset in 0..<values.count {
            let value = values[offset]
            if value < 0 { continue }
            let position: Int
            if length == 0 || tails[length &- 1] < value {
                position = length
                length &+= 1
            } else {
                position = firstTail(notBelow: value, in: tails, length: length)
            }
            tails[position] = value
            tailOffsets[position] = Int32(truncatingIfNeeded: offset)
            predecessor[offset] = position > 0 ? tailOffsets[position &- 1] : -1
        }
        guard length > 0 else { return 0 }
        var offset = Int(tailOffsets[length &- 1])
        while offset >= 0 {
            onRun[offset] = true
            offset = Int(predecessor[offset])
        }
        return length
    }

    /// Counts the non-negative `values` (kept IDs) and the length of a
    /// longest strictly increasing run among them, by patience sorting
    /// without marks: the verifiers' count of minimal moves (`kept - run`),
    /// kept apart from ``mark(_:tails:tailOffsets:predecessor:onRun:)``,
    /// with which the engine chooses its run.
    ///
    /// - Parameter tails: scratch with room for one entry per kept value.
    /// - Complexity: O(*k* log *L*) for *k* kept values and a run of length *L*.
    @inlinable
    static func count(
        _ values: UnsafeBufferPointer<Int32>, tails: UnsafeMutableBufferPointer<Int32>
    ) -> (kept: Int, run: Int) {
        var kept = 0
        var length = 0
        for offset in 0..<values.count {
            let value = values[offset]
            if value < 0 { continue }
            kept &+= 1
            if length == 0 || tails[length &- 1] < value {
                tails[length] = value
                length &+= 1
                continue
            }
            tails[firstTail(notBelow: value, in: tails, length: length)] = value
        }
        return (kept, length)
    }

    /// The position of the first of the sorted `tails[0..<length]` that is not
    /// below `value`, given that the last one is not.
    ///
    /// Quartering without branches (shuffled offsets would mispredict them,
    /// and one comparison a step is compiled to a branch): three probes split
    /// the window into quarters, and how many of them are below `value` picks
    /// the quarter. The last quarter may be the longest, so each new window is
    /// as long as the last quarter, which still holds the answer when an
    /// earlier quarter is picked.
    ///
    /// - Complexity: O(log *length*).
    @inlinable
    static func firstTail(notBelow value: Int32, in tails: UnsafeMutableBufferPointer<Int32>, length: Int) -> Int {
        var low = 0
        var size = length
        while size >= 4 {
            let quarter = size &>> 2
            let first = tails[low &+ quarter &- 1] < value ? 1 : 0
            let second = tails[low &+ 2 &* quarter &- 1] < value ? 1 : 0
            let third = tails[low &+ 3 &* quarter &- 1] < value ? 1 : 0
            low &+= (first &+ second &+ third) &* quarter
            size &-= 3 &* quarter
        }
        if size > 1 {
            low &+= (tails[low] < value ? 1 : 0) &+ (size > 2 && tails[low &+ 1] < value ? 1 : 0)
        }
        return low
    }
}
