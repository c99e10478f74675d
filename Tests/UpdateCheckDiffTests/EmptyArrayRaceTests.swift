import Dispatch
import Testing
import UpdateCheckDiff
import UpdateCheckSupport

/// Large diffs with empty parts: their arrays are made without writing to
/// the one empty-array object every thread reads.
///
/// The standard library's `Array(unsafeUninitializedCapacity: 0, …)` stores
/// the count 0 into that shared object, so a diff with no deletions (or
/// insertions, or moves) raced with every thread reading any empty array's
/// count. ``emptyPartsDoNotRaceWithReaders()`` fails under ThreadSanitizer
/// (`Scripts/sanitize thread`, run by `.ci/run`) if the write comes back.
@Suite struct EmptyArrayRaceTests {
    /// Enough IDs for the diff's parallel paths.
    static let count = ParallelLoop.parallelThreshold + 1_000

    /// `Array(uninitializedCount:)` hands `body` a buffer of exactly the
    /// count and keeps what it wrote; for 0 it runs `body` once on an empty
    /// buffer and returns an empty array.
    @Test func uninitializedCountKeepsWhatTheBodyWrote() {
        var calls = 0
        let filled = [Int](uninitializedCount: 5) { buffer in
            calls += 1
            #expect(buffer.count == 5)
            for offset in buffer.indices { (buffer.baseAddress! + offset).initialize(to: offset * offset) }
        }
        #expect(filled == [0, 1, 4, 9, 16])
        let empty = [String](uninitializedCount: 0) { buffer in
            calls += 1
            #expect(buffer.isEmpty)
        }
        #expect(empty.isEmpty)
        #expect(calls == 2)
    }

    /// Large pairs whose diffs have empty parts are still right: identical
    /// lists, a list to nothing, nothing to a list, for integer and text IDs.
    @Test func largeDiffsWithEmptyPartsAreRight() throws {
        let numbers = Array(0..<Self.count)
        let same = try diff(from: numbers, to: numbers)
        #expect(same.deletions.isEmpty && same.insertions.isEmpty && same.moves.isEmpty)
        let words = numbers.map { "row-\($0)" }
        let gone = try diff(from: words, to: [])
        #expect(gone.deletions.count == Self.count && gone.insertions.isEmpty && gone.moves.isEmpty)
        #expect(gone.deletions.last?.id == "row-\(Self.count - 1)")
        let arrived = try diff(from: [], to: words)
        #expect(arrived.insertions.count == Self.count && arrived.deletions.isEmpty && arrived.moves.isEmpty)
        #expect(arrived.insertions.first?.offset == 0)
    }

    /// One thread diffs large pairs with empty parts while another reads
    /// the counts of empty arrays: nothing is written that the reader reads.
    @Test func emptyPartsDoNotRaceWithReaders() throws {
        let numbers = Array(0..<Self.count)
        let words = numbers.map { "row-\($0)" }
        let empties = EmptyArrays(arrays: (0..<64).map { _ in [Int]() })
        DispatchQueue.concurrentPerform(iterations: 2) { task in
            if task == 0 {
                for _ in 0..<4 {
                    _ = try? diff(from: numbers, to: numbers)
                    _ = try? diff(from: words, to: [])
                    _ = try? diff(from: [], to: words)
                }
            } else {
                var total = 0
                for round in 0..<200_000 { total &+= empties.count(at: round) }
                empties.record(total)
            }
        }
        #expect(empties.recorded == 0)
    }
}

/// Empty arrays read from another thread, through a call the optimizer
/// cannot fold into a constant.
private final class EmptyArrays: @unchecked Sendable {
    let arrays: [[Int]]
    /// The sum of the counts read, written once the reader is done.
    private(set) var recorded = -1

    init(arrays: [[Int]]) { self.arrays = arrays }

    @inline(never)
    func count(at round: Int) -> Int { arrays[round % arrays.count].count }

    func record(_ total: Int) { recorded = total }
}
