import Dispatch

/// Runs independent groups of work on every core and collects their
/// results in order.
@usableFromInline
enum ParallelGroups {
    /// Where the iterations write their results: slot *i* is written by
    /// iteration *i* only, so the writes never overlap.
    @usableFromInline
    struct Slots<Result>: @unchecked Sendable {
        @usableFromInline let base: UnsafeMutablePointer<Result?>

        @inlinable
        init(base: UnsafeMutablePointer<Result?>) { self.base = base }
    }

    /// `body(0) … body(count - 1)`, in parallel when `inParallel`, results in index order.
    @inlinable
    static func run<Result: Sendable>(count: Int, inParallel: Bool, _ body: @Sendable (Int) -> Result) -> [Result] {
        guard inParallel, count > 1 else { return (0..<count).map(body) }
        var results = [Result?](repeating: nil, count: count)
        results.withUnsafeMutableBufferPointer { buffer in
            let slots = Slots(base: buffer.baseAddress!)
            DispatchQueue.concurrentPerform(iterations: count) { index in
                (slots.base + index).pointee = body(index)
            }
        }
        return results.map { $0! }
    }
}
