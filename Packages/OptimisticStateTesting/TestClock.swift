import OptimisticState

/// A clock that moves only when a test says so: the controller's timeouts
/// and retry delays wait on it, and fire when the test advances past them.
///
/// Time is whole milliseconds from 0. A sleeper whose task is cancelled
/// keeps waiting until its deadline and then throws `CancellationError`, so
/// the set of waiting tasks changes only when the test advances the clock.
@MainActor
public final class TestClock {
    /// One task waiting on the clock.
    public struct Sleeper: Sendable, Hashable {
        /// The order in which it began to wait (from 1).
        public var id: Int
        /// The time it waits for, in milliseconds.
        public var deadline: UInt64
    }

    /// The time now, in milliseconds since the clock was made.
    public private(set) var now: UInt64 = 0
    private var waiting: [(sleeper: Sleeper, continuation: CheckedContinuation<Void, Never>)] = []
    private var nextID = 0

    /// A clock at time 0 with no sleeper.
    public init() {}

    /// The tasks waiting, earliest deadline first (then in the order they
    /// began to wait).
    public var sleepers: [Sleeper] { waiting.map(\.sleeper).sorted { ($0.deadline, $0.id) < ($1.deadline, $1.id) } }

    /// ``sleep(milliseconds:)`` as the closure `ControllerTiming` takes.
    public nonisolated var sleep: @MainActor @Sendable (UInt64) async throws -> Void {
        { [self] milliseconds in try await self.sleep(milliseconds: milliseconds) }
    }

    /// Controller timing on this clock.
    public nonisolated func timing(timeoutMilliseconds: UInt64, retryMilliseconds: UInt64) -> ControllerTiming {
        ControllerTiming(timeoutMilliseconds: timeoutMilliseconds, retryMilliseconds: retryMilliseconds, sleep: sleep)
    }

    /// Waits until the clock reaches `now + milliseconds` (saturating), then
    /// throws `CancellationError` if the waiting task was cancelled.
    public func sleep(milliseconds: UInt64) async throws {
        let (deadline, overflow) = now.addingReportingOverflow(milliseconds)
        nextID += 1
        let sleeper = Sleeper(id: nextID, deadline: overflow ? .max : deadline)
        await withCheckedContinuation { waiting.append((sleeper, $0)) }
        try Task.checkCancellation()
    }

    /// Wakes the earliest sleeper whose deadline is at most `limit`, moving
    /// the clock to its deadline; returns it, or `nil` (and changes nothing)
    /// when none is due by then.
    @discardableResult
    public func wakeNext(notAfter limit: UInt64) -> Sleeper? {
        guard let next = sleepers.first, next.deadline <= limit,
            let position = waiting.firstIndex(where: { $0.sleeper == next })
        else { return nil }
        let (_, continuation) = waiting.remove(at: position)
        now = max(now, next.deadline)
        continuation.resume()
        return next
    }

    /// Moves the clock forward by `milliseconds`, waking every sleeper due by
    /// then in deadline order (all at once: use a controller harness's
    /// `advance(by:)` to let each woken task run before the next wakes).
    public func advance(by milliseconds: UInt64) {
        let (target, overflow) = now.addingReportingOverflow(milliseconds)
        let limit = overflow ? UInt64.max : target
        while wakeNext(notAfter: limit) != nil {}
        now = limit
    }
}
