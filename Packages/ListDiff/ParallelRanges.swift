import Dispatch

/// Splits `0..<count` into contiguous chunks and runs them on every core,
/// or inline when the work is too small to be worth the threads.
@usableFromInline
enum ParallelRanges {
    /// The smallest count that is split across cores.
    @inlinable
    static var parallelThreshold: Int { 1 << 16 }

    /// Calls `body` once per chunk of `0..<count`, chunks covering the range
    /// exactly once; in parallel for large counts. `body` must only write
    /// state that belongs to its own chunk.
    @inlinable
    static func forEach(count: Int, _ body: @Sendable (Range<Int>) -> Void) {
        guard count >= parallelThreshold else {
            body(0..<count)
            return
        }
        let chunkSize = 1 << 14
        let chunks = (count + chunkSize - 1) / chunkSize
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            let start = chunk * chunkSize
            body(start..<min(start + chunkSize, count))
        }
    }
}
