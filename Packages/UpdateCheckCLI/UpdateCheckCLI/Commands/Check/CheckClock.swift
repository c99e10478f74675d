/// Wall-clock timing for the suites and cases of `updatecheck check`.
package enum CheckClock {
    /// Seconds elapsed since `start`.
    package static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}
