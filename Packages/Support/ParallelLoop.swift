import Dispatch
import Synchronization

/// UpdateCheck's one parallel loop: splits work on every core, or runs it
/// inline when it is too small to be worth the threads.
///
/// Three shapes: ``forEachChunk(count:_:)`` cuts `0..<count` into contiguous
/// chunks whose bodies write disjoint parts of shared buffers (the diff of a
/// large pair); ``map(count:inParallel:_:)`` runs independent iterations and
/// collects one result each, in index order (the rows of an exhaustive run,
/// the groups of the conformance kit); ``map(count:threads:_:)`` does the
/// same on a given number of threads (the levels of the state explorer).
@usableFromInline
package enum ParallelLoop {
    /// The smallest count that ``forEachChunk(count:_:)`` splits across cores.
    @inlinable
    package static var parallelThreshold: Int { 1 << 16 }

    /// The length of every chunk but the last: small enough that the chunks
    /// of a count just above ``parallelThreshold`` share out evenly over
    /// the cores (16 chunks at the threshold).
    @inlinable
    package static var chunkSize: Int { 1 << 12 }

    /// How many chunks ``forEachChunk(count:_:)`` splits `count` into.
    @inlinable
    package static func chunkCount(for count: Int) -> Int {
        count >= parallelThreshold ? (count + chunkSize - 1) / chunkSize : 1
    }

    /// Calls `body` once per chunk of `0..<count` with the chunk's number and
    /// range, the chunks covering the range exactly once; in parallel for
    /// large counts. `body` must only write state that belongs to its own chunk.
    @inlinable
    package static func forEachChunk(count: Int, _ body: @Sendable (Int, Range<Int>) -> Void) {
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
    package static func forEach(count: Int, _ body: @Sendable (Range<Int>) -> Void) {
        forEachChunk(count: count) { _, range in body(range) }
    }

    /// `[body(0), …, body(count - 1)]`, the iterations spread over every
    /// core when `inParallel` (and there are at least two), in order otherwise.
    ///
    /// Each iteration writes only its own result slot, so the result does not
    /// depend on the number of cores or the schedule.
    @inlinable
    package static func map<Result: Sendable>(
        count: Int, inParallel: Bool = true, _ body: @Sendable (Int) -> Result
    ) -> [Result] {
        guard inParallel, count > 1 else { return (0..<count).map(body) }
        var results = [Result?](repeating: nil, count: count)
        results.withUnsafeMutableBufferPointer { buffer in
            let slots = SharedPointer(buffer.baseAddress!)
            DispatchQueue.concurrentPerform(iterations: count) { index in
                (slots.pointer + index).pointee = body(index)
            }
        }
        return results.map { $0! }
    }
}

extension ParallelLoop {
    /// `[body(0), …, body(count - 1)]` computed on up to `threads` threads
    /// that each take the next iteration as they become free; in order on
    /// the calling thread when `threads` or `count` is at most 1.
    ///
    /// Each iteration writes only its own result slot, so the result does not
    /// depend on the number of threads or the schedule. `body` must only read
    /// shared state.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    package static func map<Result: Sendable>(
        count: Int, threads: Int, _ body: @Sendable (Int) -> Result
    ) -> [Result] {
        guard threads > 1, count > 1 else { return (0..<count).map(body) }
        let next = Atomic<Int>(0)
        var results = [Result?](repeating: nil, count: count)
        results.withUnsafeMutableBufferPointer { buffer in
            let slots = SharedPointer(buffer.baseAddress!)
            DispatchQueue.concurrentPerform(iterations: min(threads, count)) { _ in
                while true {
                    let index = next.add(1, ordering: .relaxed).oldValue
                    guard index < count else { return }
                    (slots.pointer + index).pointee = body(index)
                }
            }
        }
        return results.map { $0! }
    }
}

/// An unsafe pointer handed to the iterations of ``ParallelLoop``.
///
/// Sound only as used there: the memory outlives the parallel call, every
/// iteration reads shared input and writes only the elements of its own
/// chunk or slot.
@usableFromInline
package struct SharedPointer<Pointer>: @unchecked Sendable {
    /// The pointer.
    @usableFromInline package let pointer: Pointer

    /// Wraps `pointer`.
    @inlinable
    package init(_ pointer: Pointer) { self.pointer = pointer }
}
