// The workload of Scripts/bench-junit: streams N JUnit cases through
// JUnitStreamWriter, or writes the same kind of text without any XML library
// (the baseline), and prints the wall time and the peak resident memory.
//
//   bench-junit-driver writer   <cases> <file>
//   bench-junit-driver baseline <cases> <file>
//   bench-junit-driver copy     <source> <file>
import Foundation  // also the C library's clock, rusage and read/write, which Foundation exports
import JUnitReporter

/// Seconds since an arbitrary start, from the monotonic clock.
func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// The peak resident set size of this process, in MiB.
func peakMiB() -> Double {
    var usage = rusage()
    #if canImport(Darwin)
        getrusage(RUSAGE_SELF, &usage)
        return Double(usage.ru_maxrss) / 1_048_576
    #else
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_maxrss) / 1024
    #endif
}

/// The case number `index` of the workload: 1 in 100 fails, 1 in 1000 is skipped.
func testCase(_ index: Int) -> JUnitTestCase {
    let name = "pair \(index)"
    let time = Double(index % 1000) / 997
    if index % 100 == 0 {
        return JUnitTestCase(
            name: name, className: "diff.exhaustive", time: time,
            outcome: .failure(
                message: "diff does not reach new", type: "ListDiffMismatch",
                details: "old: a b c d\nnew: c a d\nafter applying: c a b d"))
    }
    if index % 1000 == 999 {
        return JUnitTestCase(name: name, className: "diff.exhaustive", time: time, outcome: .skipped(message: "shard"))
    }
    return JUnitTestCase(name: name, className: "diff.exhaustive", time: time)
}

let arguments = CommandLine.arguments
guard arguments.count == 4 else {
    FileHandle.standardError.write(Data("usage: bench-junit-driver writer|baseline|copy <cases|source> <file>\n".utf8))
    exit(64)
}
let output = arguments[3]
let start = now()
switch arguments[1] {
case "writer":
    let count = Int(arguments[2])!
    let writer = try JUnitStreamWriter(path: output, name: "bench")
    let suites = 10
    for suite in 0..<suites {
        try writer.beginSuite(
            name: "diff.exhaustive.\(suite)", timestamp: Date(timeIntervalSince1970: 1_700_000_000),
            properties: [JUnitProperty(name: "shard", value: "\(suite + 1)/\(suites)")])
        for index in stride(from: suite, to: count, by: suites) { try writer.add(testCase(index)) }
        try writer.endSuite()
    }
    let totals = try writer.finish()
    print("writer: \(totals.tests) cases, \(totals.failures) failures, \(totals.skipped) skipped")
case "baseline":
    // The same cases as plain interpolated text (no escaping, no sanitising,
    // no counts in front), written with write(2) in 256 KiB blocks.
    let count = Int(arguments[2])!
    let descriptor = open(output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    var buffer: [UInt8] = []
    buffer.reserveCapacity(300 << 10)
    func flush() {
        buffer.withUnsafeBytes { raw in
            var done = 0
            while done < raw.count { done += write(descriptor, raw.baseAddress! + done, raw.count - done) }
        }
        buffer.removeAll(keepingCapacity: true)
    }
    buffer.append(contentsOf: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"bench\">\n".utf8)
    for index in 0..<count {
        let item = testCase(index)
        buffer.append(
            contentsOf:
                "    <testcase name=\"\(item.name)\" classname=\"\(item.className)\" time=\"\(item.time)\"/>\n".utf8)
        if buffer.count >= 256 << 10 { flush() }
    }
    buffer.append(contentsOf: "</testsuites>\n".utf8)
    flush()
    fsync(descriptor)
    close(descriptor)
    print("baseline: \(count) cases")
case "copy":
    // The I/O floor: copy the bytes of `source` with read(2)/write(2), 1 MiB at a time.
    let source = open(arguments[2], O_RDONLY)
    let descriptor = open(output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    let block = UnsafeMutableRawPointer.allocate(byteCount: 1 << 20, alignment: 16)
    var total = 0
    while true {
        let got = read(source, block, 1 << 20)
        if got <= 0 { break }
        var done = 0
        while done < got { done += write(descriptor, block + done, got - done) }
        total += got
    }
    fsync(descriptor)
    close(descriptor)
    close(source)
    print("copy: \(total) bytes")
default:
    exit(64)
}
let seconds = now() - start
print(String(format: "seconds=%.3f peak_mib=%.1f", locale: Locale(identifier: "en_US_POSIX"), seconds, peakMiB()))
