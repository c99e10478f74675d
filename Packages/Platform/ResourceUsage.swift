#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What this process has used so far (CPU time, resident memory) and how
/// loaded the machine is: the readings UpdateCheck's benchmarks report
/// beside their figures.
///
/// CPU times come from `clock_gettime` on every system. The peak resident
/// size comes from `getrusage`, whose `ru_maxrss` is in KiB on Linux and in
/// bytes on Apple's systems; this type always answers in bytes. The current
/// resident size, the resettable peak and trimming the heap exist on Linux
/// only (`/proc/self/status`, `/proc/self/clear_refs`, glibc's
/// `malloc_trim`): elsewhere they answer `nil` or `false`.
package enum ResourceUsage {
    /// Seconds of CPU time the calling thread has used.
    package static func threadCPUSeconds() -> Double { seconds(of: CLOCK_THREAD_CPUTIME_ID) }

    /// Seconds of CPU time the whole process has used, every thread.
    package static func processCPUSeconds() -> Double { seconds(of: CLOCK_PROCESS_CPUTIME_ID) }

    /// The process's peak resident size since it started, in bytes.
    package static func peakResidentBytes() -> Int {
        var usage = rusage()
        #if canImport(Glibc)
            _ = getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
            _ = getrusage(RUSAGE_SELF, &usage)
        #endif
        #if canImport(Darwin)
            return Int(usage.ru_maxrss)
        #else
            return Int(usage.ru_maxrss) * 1024
        #endif
    }

    /// The process's resident size now, in bytes (Linux's `VmRSS`), or `nil`
    /// where the system does not say.
    package static func residentBytes() -> Int? { statusKiB("VmRSS").map { $0 * 1024 } }

    /// The peak resident size since the last ``resetPeak()``, in bytes
    /// (Linux's `VmHWM`), or `nil` where the system does not say.
    package static func peakResidentBytesSinceReset() -> Int? { statusKiB("VmHWM").map { $0 * 1024 } }

    /// Resets the peak that ``peakResidentBytesSinceReset()`` reads to the
    /// current resident size (Linux 4.0 and later); `false` where it cannot.
    package static func resetPeak() -> Bool {
        #if os(Linux)
            guard let file = fopen("/proc/self/clear_refs", "w") else { return false }
            defer { fclose(file) }
            return fputs("5", file) >= 0
        #else
            return false
        #endif
    }

    /// Gives freed heap memory back to the system where the C library can
    /// (glibc's `malloc_trim`), so that the resident size is what is live.
    package static func trimHeap() {
        #if canImport(Glibc)
            _ = mallocTrim(0)
        #endif
    }

    /// The machine's load averages over 1, 5 and 15 minutes, or `nil`
    /// where the system does not say.
    package static func loadAverages() -> (one: Double, five: Double, fifteen: Double)? {
        var loads = [Double](repeating: 0, count: 3)
        guard getloadavg(&loads, 3) == 3 else { return nil }
        return (loads[0], loads[1], loads[2])
    }

    /// Writes out what the C library holds for standard output (and every
    /// other output stream), so that a benchmark's rows reach a pipe one at
    /// a time.
    package static func flushStandardOutput() { fflush(nil) }

    private static func seconds(of clock: clockid_t) -> Double {
        var time = timespec()
        clock_gettime(clock, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }

    /// A `kB` field of `/proc/self/status` (Linux); `nil` elsewhere or when
    /// the field is missing.
    private static func statusKiB(_ field: String) -> Int? {
        #if os(Linux)
            guard let file = fopen("/proc/self/status", "r") else { return nil }
            defer { fclose(file) }
            var line = [CChar](repeating: 0, count: 256)
            while fgets(&line, Int32(line.count), file) != nil {
                let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                if text.hasPrefix(field + ":") {
                    return Int(text.dropFirst(field.count + 1).filter(\.isNumber))
                }
            }
            return nil
        #else
            return nil
        #endif
    }
}

#if canImport(Glibc)
    /// glibc's `malloc_trim`, which its module does not export.
    @_silgen_name("malloc_trim") private func mallocTrim(_ pad: Int) -> Int32
#endif
