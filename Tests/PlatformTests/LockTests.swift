import Dispatch
import Testing
import UpdateCheckPlatform

/// The lock against many threads: every change made under it is kept, a
/// thrown error leaves it free, and what it guards is what the last holder left.
@Suite struct LockTests {
    /// A read-then-write that loses updates unless each one holds the lock
    /// from the read to the write.
    @Test func noChangeIsLostBetweenThreads() {
        let counter = Lock(0)
        let threads = 8
        let rounds = 20_000
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            for _ in 0..<rounds {
                counter.withLock { value in
                    let seen = value
                    value = seen + 1
                }
            }
        }
        #expect(counter.withLock { $0 } == threads * rounds)
    }

    struct Refused: Error, Equatable {}

    @Test func aThrowingBodyLeavesTheLockFreeAndItsChangesMade() {
        let list = Lock<[Int]>([])
        #expect(throws: Refused()) {
            try list.withLock { (value: inout [Int]) throws(Refused) in
                value.append(1)
                throw Refused()
            }
        }
        // Taken again at once: the throw gave the mutex back.
        list.withLock { $0.append(2) }
        #expect(list.withLock { $0 } == [1, 2])
    }
}
