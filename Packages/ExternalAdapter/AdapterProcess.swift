#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One running adapter program: started through `/bin/sh -c`, spoken to
/// through pipes on its stdin and stdout, its stderr collected.
///
/// All I/O is non-blocking and multiplexed with `poll`, so a program that
/// stops reading, stops writing or floods stderr can never block the kit:
/// every wait has a deadline. Not thread-safe: it is `Sendable` only so
/// that ``ExternalProgram`` can keep it in the state its mutex guards, and
/// is used only under that lock.
final class AdapterProcess: @unchecked Sendable {
    /// What reading the next line gave.
    enum LineResult {
        /// A whole line, without its newline.
        case line([UInt8])
        /// The program closed its stdout (it exited or is exiting).
        case closed
        /// No whole line before the deadline.
        case timedOut
    }

    let pid: pid_t
    private var input: Int32
    private var output: Int32
    private var errors: Int32
    /// Bytes read from stdout not yet returned as lines.
    private var pending: [UInt8] = []
    private var pendingStart = 0
    /// Where the search for the next newline in `pending` resumes: the bytes
    /// before it hold none, so a long line arriving in many reads is scanned once.
    private var scanned = 0
    /// The buffer each read from a pipe lands in before it is appended.
    private var chunk = [UInt8](repeating: 0, count: 65536)
    /// The end of what the program wrote to stderr (at most ``errorLimit`` bytes).
    private(set) var errorTail: [UInt8] = []
    /// Bytes ever written to stderr (the tail holds the last of them).
    private var errorsSeen = 0
    /// For each read from stdout not yet consumed: where it ends in
    /// `pending`, and ``errorsSeen`` when it was read.
    private var outputReads: [(end: Int, errorsSeen: Int)] = []
    /// ``errorsSeen`` when the stdout read holding the last returned line was made.
    private var errorsBeforeLastLine = 0
    /// Bytes queued for stdin.
    private var outgoing: [UInt8] = []
    private var outgoingStart = 0
    /// The most stderr kept.
    let errorLimit = 4096
    /// The longest line accepted from stdout.
    let lineLimit = 64 << 20

    /// Starts `command` with `/bin/sh -c`, in `workingDirectory` when given.
    ///
    /// - Throws: the `errno` text when pipes or the process cannot be
    ///   created. (A folder that cannot be entered makes the program exit
    ///   with status 2 and a message on stderr.)
    init(command: String, workingDirectory: String? = nil) throws(ExternalAdapterError) {
        // A program that exits while requests are still being written would
        // otherwise kill the kit with SIGPIPE; EPIPE is handled instead.
        signal(SIGPIPE, SIG_IGN)
        var stdinPipe: [Int32] = [-1, -1]
        var stdoutPipe: [Int32] = [-1, -1]
        var stderrPipe: [Int32] = [-1, -1]
        guard pipe(&stdinPipe) == 0, pipe(&stdoutPipe) == 0, pipe(&stderrPipe) == 0 else {
            throw .cannotStart(command: command, reason: String(cString: strerror(errno)))
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdinPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, stdoutPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, stderrPipe[1], 2)
        for fd in stdinPipe + stdoutPipe + stderrPipe { posix_spawn_file_actions_addclose(&actions, fd) }
        var child: pid_t = 0
        // In another folder, a first shell enters it (or exits, naming it on
        // stderr) and becomes the shell that runs the command.
        let arguments =
            workingDirectory.map { ["/bin/sh", "-c", "cd -- \"$0\" && exec /bin/sh -c \"$1\"", $0, command] }
            ?? ["/bin/sh", "-c", command]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let status = posix_spawn(&child, "/bin/sh", &actions, nil, &argv, environ)
        close(stdinPipe[0])
        close(stdoutPipe[1])
        close(stderrPipe[1])
        guard status == 0 else {
            close(stdinPipe[1])
            close(stdoutPipe[0])
            close(stderrPipe[0])
            throw .cannotStart(command: command, reason: String(cString: strerror(status)))
        }
        pid = child
        input = stdinPipe[1]
        output = stdoutPipe[0]
        errors = stderrPipe[0]
        for fd in [input, output, errors] {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
    }

    deinit { stop() }

    /// Queues `bytes` for the program's stdin; they are written while lines are awaited.
    func send(_ bytes: [UInt8]) {
        if outgoingStart > 0, outgoingStart == outgoing.count {
            outgoing.removeAll(keepingCapacity: true)
            outgoingStart = 0
        }
        outgoing += bytes
    }

    /// Clears the stderr the program wrote before the last line returned
    /// was read; what it wrote after (its last words before it ended, say)
    /// stays for the next failure.
    func clearErrors() {
        errorTail.removeFirst(max(0, errorTail.count - (errorsSeen - errorsBeforeLastLine)))
    }

    /// The next line from stdout, writing queued input meanwhile, waiting at
    /// most until `deadline` (a `CLOCK_MONOTONIC` time in nanoseconds).
    func nextLine(deadline: UInt64) -> LineResult {
        while true {
            if let newline = nextNewline() {
                let line = Array(pending[pendingStart..<newline])
                pendingStart = newline + 1
                scanned = pendingStart
                while let read = outputReads.first, read.end <= newline {
                    outputReads.removeFirst()
                }
                errorsBeforeLastLine = outputReads.first?.errorsSeen ?? errorsSeen
                if pendingStart > 1 << 16, pendingStart * 2 > pending.count {
                    pending.removeSubrange(0..<pendingStart)
                    for index in outputReads.indices { outputReads[index].end -= pendingStart }
                    pendingStart = 0
                    scanned = 0
                }
                return .line(line)
            }
            scanned = pending.count
            if pending.count - pendingStart > lineLimit { return .line(Array(pending[pendingStart...])) }
            guard output >= 0 else { return .closed }
            let now = Self.now()
            guard now < deadline else { return .timedOut }
            var fds: [pollfd] = [pollfd(fd: output, events: Int16(POLLIN), revents: 0)]
            if errors >= 0 { fds.append(pollfd(fd: errors, events: Int16(POLLIN), revents: 0)) }
            let writing = input >= 0 && outgoingStart < outgoing.count
            if writing { fds.append(pollfd(fd: input, events: Int16(POLLOUT), revents: 0)) }
            let wait = Int32(min(UInt64(Int32.max), (deadline - now + 999_999) / 1_000_000))
            let ready = poll(&fds, nfds_t(fds.count), wait)
            if ready < 0, errno != EINTR { return .closed }
            guard ready > 0 else { continue }
            for entry in fds where entry.revents != 0 {
                if entry.fd == output {
                    let open = drain(output, into: &pending, limit: nil)
                    if outputReads.last?.end != pending.count {
                        outputReads.append((end: pending.count, errorsSeen: errorsSeen))
                    }
                    if !open { closeFD(&output) }
                } else if entry.fd == errors {
                    var written: [UInt8] = []
                    let open = drain(errors, into: &written, limit: nil)
                    errorTail += written
                    errorsSeen += written.count
                    if errorTail.count > errorLimit { errorTail.removeFirst(errorTail.count - errorLimit) }
                    if !open { closeFD(&errors) }
                } else if entry.fd == input {
                    writeSome()
                }
            }
        }
    }

    /// The index in `pending` of the first newline from ``scanned`` on, or `nil`.
    private func nextNewline() -> Int? {
        let start = max(pendingStart, scanned)
        return pending.withUnsafeBufferPointer { buffer -> Int? in
            guard let base = buffer.baseAddress, start < buffer.count,
                let hit = memchr(base + start, 0x0A, buffer.count - start)
            else { return nil }
            return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
        }
    }

    /// Closes stdin, so that a well-behaved program sees the end of input and exits.
    func finishInput() { closeFD(&input) }

    /// Ends the program (SIGKILL) if it still runs, and reaps it.
    func stop() {
        closeFD(&input)
        closeFD(&output)
        closeFD(&errors)
        guard pid > 0 else { return }
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == 0 {
            kill(pid, SIGKILL)
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        }
    }

    /// How the program ended, waiting briefly for it: `exited with status 3`,
    /// `was killed by signal 9`, or `closed its output` if it still runs.
    func exitDescription() -> String {
        var status: Int32 = 0
        for _ in 0..<50 {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid {
                let signal = status & 0x7F
                return signal == 0 ? "exited with status \((status >> 8) & 0xFF)" : "was killed by signal \(signal)"
            }
            if result < 0 { break }
            usleep(2000)
        }
        return "closed its output"
    }

    /// Writes as much queued input as the pipe takes.
    private func writeSome() {
        while outgoingStart < outgoing.count {
            let written = outgoing.withUnsafeBytes { buffer in
                write(input, buffer.baseAddress! + outgoingStart, buffer.count - outgoingStart)
            }
            if written > 0 {
                outgoingStart += written
            } else {
                if written < 0, errno == EINTR { continue }
                if written < 0, errno == EAGAIN || errno == EWOULDBLOCK { return }
                // EPIPE: the program stopped reading; what it answered still counts.
                closeFD(&input)
                outgoingStart = outgoing.count
                return
            }
        }
    }

    /// Reads everything available from `fd` into `buffer`; `false` at end of file.
    private func drain(_ fd: Int32, into buffer: inout [UInt8], limit: Int?) -> Bool {
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if count > 0 {
                buffer += chunk[0..<count]
                continue
            }
            if count == 0 { return false }
            if errno == EINTR { continue }
            return errno == EAGAIN || errno == EWOULDBLOCK
        }
    }

    private func closeFD(_ fd: inout Int32) {
        if fd >= 0 { close(fd) }
        fd = -1
    }

    /// `CLOCK_MONOTONIC` now, in nanoseconds.
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
