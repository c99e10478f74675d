#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The system's monotonic clock (`CLOCK_MONOTONIC`): it never jumps when
/// the wall clock is set, and exists on every system and version
/// UpdateCheck builds for.
package enum MonotonicClock {
    /// Nanoseconds since a fixed instant (the system's start, on Linux).
    package static func nanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Seconds since the same fixed instant as ``nanoseconds()``.
    package static func seconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }
}
