import Dispatch

/// Splits `0..<count` into contiguous chunks and runs them on every core,
/// or inline when the work is too small to be worth the threads.
@usableFromInline
enum ParallelRanges {
    /// The smallest count that is split across cores.
    @inlinable
    static var parallelThreshold: Int { 1 << 16 }

    /// The length of every chunk but the last.
    @inlinable
    static var chunkSize: Int { 1 << 14 }

    /// How many chunks ``forEachChunk(count:_:)`` splits `count` into.
    @inlinable
    static func chunkCount(for count: Int) -> Int {
        count >= parallelThreshold ? (count + chunkSize - 1) / chunkSize : 1
    }

    /// Calls `body` once per chunk of `0..<count` with the chunk's number and
    /// range, the chunks covering the range exactly once; in parallel for
    /// large counts. `body` must only write state that belongs to its own chunk.
    @inlinable
    static func forEachChunk(count: Int, _ body: @Sendable (Int, Range<Int>) -> Void) {
        let chunks = chunkCount(for: count)
        guard chunks > 1 else {
            body(0, 0..<count)
            return
        }
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            let start = chunk * chunkSize
            body(chunk, start..<min(start + chunkSize, count))
        }
    }

    /// Calls `body` once per chunk of `0..<count`; see ``forEachChunk(count:_:)``.
    @inlinable
    static func forEach(count: Int, _ body: @Sendable (Range<Int>) -> Void) {
        forEachChunk(count: count) { _, range in body(range) }
    }
}
