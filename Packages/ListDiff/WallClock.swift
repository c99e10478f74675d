/// Seconds on a monotonic clock, for report timings.
enum WallClock {
    /// The current reading in seconds, or 0 where the standard library's
    /// `ContinuousClock` is unavailable (Apple platforms before 2022).
    static func seconds() -> Double {
        if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) {
            let elapsed = ContinuousClock.now - ContinuousClock.Instant.reference
            let (seconds, attoseconds) = elapsed.components
            return Double(seconds) + Double(attoseconds) * 1e-18
        }
        return 0
    }
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension ContinuousClock.Instant {
    /// A fixed instant to measure from.
    fileprivate static let reference = ContinuousClock.now
}
