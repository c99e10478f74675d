import Foundation
import Testing
import UpdateCheckPlatform

/// The platform layer against the system itself: errors carry the system's
/// number and text, statuses name the kind of file, a write to a pipe whose
/// reader is gone fails instead of ending the process, and spawned
/// programs are reaped with their status.
@Suite struct PlatformTests {
    @Test func aMissingFileIsNoSuchFileWithTheSystemsText() {
        let path = "/nonexistent-\(UUID().uuidString)/file"
        #expect(throws: Errno.noSuchFile) { try System.status(path) }
        #expect(throws: Errno.noSuchFile) { try System.open(path, .readOnly) }
        #expect(Errno.noSuchFile.description == String(cString: strerror(ENOENT)))
    }

    @Test func statusesNameTheKindOfFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("platform-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("file").path
        try System.writeAll(try System.open(file, [.writeOnly, .create], permissions: 0o640), "12345", count: 5)
        let link = folder.appendingPathComponent("link").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "file")
        #expect(try System.status(folder.path).kind == .folder)
        let status = try System.status(file)
        #expect(status.kind == .regular)
        #expect(status.size == 5)
        #expect(try System.status(link) == status)
        #expect(try System.linkStatus(link).kind == .symbolicLink)
        #expect(try System.linkTarget(link) == "file")
        #expect(try System.status("/dev/null").kind == .characterDevice)
        #expect(throws: Errno.exists) { try System.open(file, [.writeOnly, .create, .exclusive]) }
    }

    @Test func aPipeWithoutReaderFailsTheWriteAndTheProcessGoesOn() throws {
        let pipe = try Processes.makePipe()
        Signals.markNoSignalOnBrokenPipe(pipe.write)
        System.closeQuietly(pipe.read)
        defer { System.closeQuietly(pipe.write) }
        let byte: [UInt8] = [1]
        // SIGPIPE at its default action: a signal raised by the write would end the test process.
        let previous = signal(SIGPIPE, SIG_DFL)
        defer { signal(SIGPIPE, previous) }
        #expect(throws: Errno.brokenPipe) {
            try byte.withUnsafeBytes { _ = try Signals.writeWithoutSignal(pipe.write, $0.baseAddress!, count: 1) }
        }
    }

    @Test func aSpawnedProgramsOutputAndStatusArrive() throws {
        let output = try Processes.makePipe()
        let input = try Processes.makePipe()
        let pid = try Processes.spawn(
            "/bin/sh", arguments: ["/bin/sh", "-c", "printf ready; exit 3"], input: input.read, output: output.write,
            error: output.write, closing: [input.read, input.write, output.read, output.write])
        [input.read, input.write, output.write].forEach(System.closeQuietly)
        var bytes = [UInt8](repeating: 0, count: 16)
        var got = 0
        while true {
            let count = try bytes.withUnsafeMutableBytes {
                try System.read(output.read, into: $0.baseAddress! + got, count: $0.count - got)
            }
            if count == 0 { break }
            got += count
        }
        System.closeQuietly(output.read)
        #expect(String(decoding: bytes[..<got], as: UTF8.self) == "ready")
        #expect(try Processes.ending(of: pid, waiting: true) == .exited(3))
    }

    /// Runs `script` with `/bin/sh -c`, its output on a pipe; returns the
    /// child and the first line it printed.
    func startReadingALine(_ script: String) throws -> (pid: Int32, line: String) {
        let output = try Processes.makePipe()
        let input = try Processes.makePipe()
        let pid = try Processes.spawn(
            "/bin/sh", arguments: ["/bin/sh", "-c", script], input: input.read, output: output.write,
            error: output.write, closing: [input.read, input.write, output.read, output.write])
        [input.read, output.write].forEach(System.closeQuietly)
        defer { [input.write, output.read].forEach(System.closeQuietly) }
        var bytes: [UInt8] = []
        var byte: [UInt8] = [0]
        while try byte.withUnsafeMutableBytes({ try System.read(output.read, into: $0.baseAddress!, count: 1) }) == 1,
            byte[0] != 0x0A
        {
            bytes.append(byte[0])
        }
        return (pid, String(decoding: bytes, as: UTF8.self))
    }

    @Test func aSignalThatKilledTheProgramIsItsEnding() throws {
        let started = try startReadingALine("echo ready; kill -USR1 $$")
        #expect(started.line == "ready")
        #expect(try Processes.ending(of: started.pid, waiting: true) == .killed(SIGUSR1))
    }

    #if os(Linux)
        /// Whether process `pid` runs (exists and is not a zombie), from `/proc`.
        func runs(_ pid: Int32) -> Bool {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return false }
            return !stat[close...].hasPrefix(") Z")
        }

        @Test func endingAGroupEndsWhatTheProgramStartedThoughItIgnoresSIGTERM() throws {
            let started = try startReadingALine("trap '' TERM; sleep 300 & echo $!; exec sleep 300")
            let background = try #require(Int32(started.line))
            #expect(runs(background))
            let start = MonotonicClock.nanoseconds()
            #expect(Processes.endGroup(started.pid, settleMilliseconds: 10) == .killed(SIGKILL))
            #expect(MonotonicClock.nanoseconds() - start < 5_000_000_000)
            var waited = 0
            while runs(background), waited < 200 {
                System.sleep(microseconds: 10_000)
                waited += 1
            }
            #expect(!runs(background))
        }

        @Test func aProgramThatEndsTakesWhatItLeftRunningWithIt() throws {
            let started = try startReadingALine("sleep 300 & echo $!; exit 4")
            let background = try #require(Int32(started.line))
            #expect(try Processes.ending(of: started.pid, waiting: true) == .exited(4))
            var waited = 0
            while runs(background), waited < 200 {
                System.sleep(microseconds: 10_000)
                waited += 1
            }
            #expect(!runs(background))
        }
    #endif

    @Test func theMonotonicClockCountsASleep() {
        let start = MonotonicClock.nanoseconds()
        System.sleep(microseconds: 20_000)
        #expect(MonotonicClock.nanoseconds() - start >= 20_000_000)
    }
}
