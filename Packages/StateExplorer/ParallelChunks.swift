import Dispatch
import Synchronization

/// Runs numbered pieces of work on several threads and returns their results
/// in the order of their numbers, whichever thread ran each piece and
/// whenever it finished: the results do not depend on the number of threads.
enum ParallelChunks {
    /// `body(0) ..< body(count)`, computed on up to `threads` threads that
    /// take the next piece as they become free.
    ///
    /// `body` must only read shared state.
    static func map<Result: Sendable>(count: Int, threads: Int, _ body: @Sendable (Int) -> Result) -> [Result] {
        if threads <= 1 || count <= 1 { return (0..<count).map(body) }
        let slots = ResultSlots<Result>(count: count)
        DispatchQueue.concurrentPerform(iterations: min(threads, count)) { _ in
            while true {
                let piece = slots.next.add(1, ordering: .relaxed).oldValue
                guard piece < count else { return }
                slots.store(body(piece), at: piece)
            }
        }
        return slots.results()
    }
}

/// One slot per piece of work, each written by exactly one thread, and the
/// counter that hands out the pieces.
private final class ResultSlots<Result>: @unchecked Sendable {
    /// The next piece to hand out.
    let next = Atomic<Int>(0)
    /// The slots; each is written once, by the thread that ran its piece.
    private let slots: UnsafeMutablePointer<Result?>
    /// The number of slots.
    private let count: Int

    init(count: Int) {
        self.count = count
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil, count: count)
    }

    deinit {
        slots.deinitialize(count: count)
        slots.deallocate()
    }

    /// Stores the result of piece `index`.
    func store(_ result: Result, at index: Int) { slots[index] = result }

    /// Every result, in order; call after every piece has run.
    func results() -> [Result] { (0..<count).map { slots[$0]! } }
}
