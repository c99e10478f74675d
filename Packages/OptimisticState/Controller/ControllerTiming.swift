/// How long an ``OptimisticController`` waits, and the sleep it waits with.
///
/// Times are whole milliseconds so that the controller runs on every
/// platform an app supports (iOS 15 and later): `Duration` and `Clock` need
/// iOS 16, macOS 13, tvOS 16, watchOS 9; ``init(timeout:retry:clock:)``
/// takes them where they exist. Tests pass a test clock's sleep instead, so
/// that a timeout fires when the test says so.
public struct ControllerTiming: Sendable {
    /// How long a write or a re-read may take before its outcome counts as
    /// uncertain (a write) or the re-read is sent again (a re-read).
    public var timeoutMilliseconds: UInt64
    /// How long the controller waits before it sends a re-read again after
    /// one failed, so that a server that is down is not asked in a loop.
    public var retryMilliseconds: UInt64
    /// Suspends for the given number of milliseconds; throws when the
    /// waiting task is cancelled (or, for a test clock, returns when the
    /// test advances past the deadline). Called on the main actor.
    public var sleep: @MainActor @Sendable (UInt64) async throws -> Void

    /// Timing with the given times and sleep.
    ///
    /// The default sleep is `Task.sleep(nanoseconds:)`, available on every
    /// supported platform.
    public init(
        timeoutMilliseconds: UInt64 = 10_000, retryMilliseconds: UInt64 = 2_000,
        sleep: @escaping @MainActor @Sendable (UInt64) async throws -> Void = ControllerTiming.taskSleep
    ) {
        self.timeoutMilliseconds = timeoutMilliseconds
        self.retryMilliseconds = retryMilliseconds
        self.sleep = sleep
    }

    /// Ten seconds for a request, two seconds before a failed re-read is sent
    /// again, on the task clock.
    public static var standard: ControllerTiming { ControllerTiming() }

    /// `Task.sleep(nanoseconds:)` for `milliseconds` (saturating at about
    /// 584 years).
    @Sendable
    public static func taskSleep(_ milliseconds: UInt64) async throws {
        let (nanoseconds, overflow) = milliseconds.multipliedReportingOverflow(by: 1_000_000)
        try await Task.sleep(nanoseconds: overflow ? .max : nanoseconds)
    }

    /// Timing on `clock`, with times as `Duration`s (rounded down to whole
    /// milliseconds).
    ///
    /// Needs iOS 16, macOS 13, tvOS 16 or watchOS 9 (`Clock`, `Duration`);
    /// on iOS 15 use ``init(timeoutMilliseconds:retryMilliseconds:sleep:)``.
    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    public init<C: Clock>(timeout: Duration, retry: Duration, clock: C) where C.Duration == Duration {
        self.init(
            timeoutMilliseconds: Self.milliseconds(timeout), retryMilliseconds: Self.milliseconds(retry),
            sleep: { milliseconds in try await clock.sleep(for: .milliseconds(Int64(clamping: milliseconds))) })
    }

    /// Whole milliseconds of `duration`; 0 for a negative one, saturating.
    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    static func milliseconds(_ duration: Duration) -> UInt64 {
        // A negative duration under a second has 0 seconds and negative
        // attoseconds, so its sign is checked whole.
        guard duration > .zero else { return 0 }
        let (seconds, attoseconds) = duration.components
        let (whole, overflow) = UInt64(seconds).multipliedReportingOverflow(by: 1_000)
        guard !overflow else { return .max }
        let (sum, sumOverflow) = whole.addingReportingOverflow(UInt64(attoseconds / 1_000_000_000_000_000))
        return sumOverflow ? .max : sum
    }
}
