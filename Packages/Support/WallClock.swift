/// Seconds on a monotonic clock, for report timings: the one way UpdateCheck
/// measures elapsed time.
package enum WallClock {
    /// The current reading in seconds from a fixed instant, or 0 where the
    /// standard library's `ContinuousClock` is unavailable (Apple platforms
    /// before 2022).
    package static func seconds() -> Double {
        if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) {
            let elapsed = ContinuousClock.now - ContinuousClock.Instant.reference
            let (seconds, attoseconds) = elapsed.components
            return Double(seconds) + Double(attoseconds) * 1e-18
        }
        return 0
    }
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

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension ContinuousClock.Instant {
    /// A fixed instant to measure from.
    fileprivate static let reference = ContinuousClock.now
}
