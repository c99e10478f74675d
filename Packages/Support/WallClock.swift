import UpdateCheckPlatform

/// Seconds on a monotonic clock, for report timings: the one way UpdateCheck
/// measures elapsed time.
package enum WallClock {
    /// The current reading in seconds from a fixed instant (the system's
    /// monotonic clock, on every system and version).
    package static func seconds() -> Double { MonotonicClock.seconds() }
}

/// Wall-clock time since a starting point, on ``WallClock``.
@usableFromInline
package struct Stopwatch: Sendable {
    /// The ``WallClock`` reading when the stopwatch started.
    @usableFromInline
    package let start: Double

    /// Starts a stopwatch now.
    @usableFromInline
    package init() { start = WallClock.seconds() }

    /// Seconds elapsed since ``start``.
    @usableFromInline
    package var seconds: Double { WallClock.seconds() - start }
}
