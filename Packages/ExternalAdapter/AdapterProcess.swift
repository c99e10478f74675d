import UpdateCheckPlatform
import UpdateCheckSupport

/// One running adapter program: started through `/bin/sh -c` in a process
/// group of its own, spoken to through pipes on its stdin and stdout, its
/// stderr collected; when it ends, or is ended, so is everything it started.
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
        /// More than ``lineLimit`` bytes without a newline: refused unread
        /// (the program is stopped by the caller).
        case tooLong
    }

    let pid: Int32
    /// How the program ended, once it is reaped.
    private var ending: Processes.Ending?
    /// How long a program whose pipes were closed may take to exit by
    /// itself before its group is sent SIGTERM, in milliseconds.
    static let settleMilliseconds = 200
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
    /// Whether the program closed its standard input: a write failed with
    /// EPIPE, or ``failureNote()`` found the pipe without a reader.
    private var closedItsInput = false
    /// The most stderr kept.
    let errorLimit = 4096
    /// The longest line accepted from stdout (64 MiB): a longer one is
    /// refused as soon as its first ``lineLimit`` bytes are read.
    static let lineLimit = 64 << 20
    /// ``lineLimit`` as messages say it.
    static let lineLimitText = "the 64 MiB line bound"

    /// Starts `command` with `/bin/sh -c`, in `workingDirectory` when given.
    ///
    /// - Throws: the `errno` text when pipes or the process cannot be
    ///   created. (A folder that cannot be entered makes the program exit
    ///   with status 2 and a message on stderr.)
    init(command: String, workingDirectory: String? = nil) throws(ExternalAdapterError) {
        var pipes: [(read: Int32, write: Int32)] = []
        do {
            for _ in 0..<3 { pipes.append(try Processes.makePipe()) }
        } catch {
            for pipe in pipes { [pipe.read, pipe.write].forEach(System.closeQuietly) }
            throw .cannotStart(command: command, reason: error.description)
        }
        let (stdinPipe, stdoutPipe, stderrPipe) = (pipes[0], pipes[1], pipes[2])
        // In another folder, a first shell enters it (or exits, naming it on
        // stderr) and becomes the shell that runs the command.
        let arguments =
            workingDirectory.map { ["/bin/sh", "-c", "cd -- \"$0\" && exec /bin/sh -c \"$1\"", $0, command] }
            ?? ["/bin/sh", "-c", command]
        let child: Int32
        do {
            child = try Processes.spawn(
                "/bin/sh", arguments: arguments, input: stdinPipe.read, output: stdoutPipe.write,
                error: stderrPipe.write, closing: pipes.flatMap { [$0.read, $0.write] })
        } catch {
            for pipe in pipes { [pipe.read, pipe.write].forEach(System.closeQuietly) }
            throw .cannotStart(command: command, reason: error.description)
        }
        [stdinPipe.read, stdoutPipe.write, stderrPipe.write].forEach(System.closeQuietly)
        pid = child
        input = stdinPipe.write
        output = stdoutPipe.read
        errors = stderrPipe.read
        for fd in [input, output, errors] { try? System.setNonBlocking(fd, true) }
        // A program that exits while requests are still being written makes
        // the write fail with EPIPE, handled below, never a SIGPIPE.
        Signals.markNoSignalOnBrokenPipe(input)
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
                // A read may bring a line end just past the bound, with the bytes before it.
                if newline - pendingStart > Self.lineLimit { return .tooLong }
                while let read = outputReads.first, read.end <= newline {
                    outputReads.removeFirst()
                }
                errorsBeforeLastLine = outputReads.first?.errorsSeen ?? errorsSeen
                if pendingStart == 0, newline == pending.count - 1 {
                    // The buffer holds just this line (a long one, often): handed over, not copied.
                    pending.removeLast()
                    let line = pending
                    pending = []
                    scanned = 0
                    return .line(line)
                }
                let line = Array(pending[pendingStart..<newline])
                pendingStart = newline + 1
                scanned = pendingStart
                if pendingStart > 1 << 16, pendingStart * 2 > pending.count {
                    pending.removeSubrange(0..<pendingStart)
                    for index in outputReads.indices { outputReads[index].end -= pendingStart }
                    pendingStart = 0
                    scanned = 0
                }
                return .line(line)
            }
            scanned = pending.count
            if pending.count - pendingStart > Self.lineLimit { return .tooLong }
            guard output >= 0 else { return .closed }
            let now = Self.now()
            guard now < deadline else { return .timedOut }
            var waits = [Processes.Wait(output, forReading: true)]
            if errors >= 0 { waits.append(Processes.Wait(errors, forReading: true)) }
            let writing = input >= 0 && outgoingStart < outgoing.count
            if writing { waits.append(Processes.Wait(input, forReading: false)) }
            // The program's end is looked at every ``exitCheckMilliseconds``: a process it left
            // running outside its session (`setsid`) may hold its output open after it ended.
            let wait = Int32(min(UInt64(Self.exitCheckMilliseconds), (deadline - now + 999_999) / 1_000_000))
            guard let ready = try? Processes.poll(&waits, timeoutMilliseconds: wait) else { return .closed }
            guard ready > 0 else {
                if pid > 0, ending == nil, Processes.hasEnded(pid, withinMilliseconds: 0) {
                    // What it wrote before it ended is still read; then its output counts as closed.
                    _ = drain(output, into: &pending, limit: pendingStart + Self.lineLimit)
                    if nextNewline() == nil, pending.count - pendingStart <= Self.lineLimit { return .closed }
                }
                continue
            }
            for entry in waits where entry.isReady {
                let fd = entry.descriptor
                if fd == output {
                    let open = drain(output, into: &pending, limit: pendingStart + Self.lineLimit)
                    if outputReads.last?.end != pending.count {
                        outputReads.append((end: pending.count, errorsSeen: errorsSeen))
                    }
                    if !open { closeFD(&output) }
                } else if fd == errors {
                    var written: [UInt8] = []
                    // One read at a time: a program flooding stderr costs a
                    // chunk of memory, not all it writes while it is read.
                    let open = drain(errors, into: &written, limit: errorLimit)
                    errorTail += written
                    errorsSeen += written.count
                    if errorTail.count > errorLimit { errorTail.removeFirst(errorTail.count - errorLimit) }
                    if !open { closeFD(&errors) }
                } else if fd == input {
                    writeSome()
                }
            }
        }
    }

    /// The index in `pending` of the first newline from ``scanned`` on, or `nil`.
    private func nextNewline() -> Int? {
        let start = max(pendingStart, scanned)
        guard start < pending.count else { return nil }
        return pending.withUnsafeBytes { buffer in
            Memory.firstOffset(of: 0x0A, in: UnsafeRawBufferPointer(rebasing: buffer[start...])).map { start + $0 }
        }
    }

    /// What a message about a program that ended or ran out of time adds
    /// about the end of its conversation, or `""`: that it still runs but
    /// closed its standard input (`; it had closed its standard input`: a
    /// write failed, or the pipe has no reader now), and what it printed after its
    /// last line end (`; it printed 25 bytes with no line end after them:
    /// '{"id":0,"batc'`, its first 200 characters shown as
    /// `MessageText.excerpt` shows them). A program that writes its answer
    /// without `\n` (`process.stdout.write(JSON.stringify(answer))`), or
    /// that closes its input early, is told so.
    func failureNote() -> String {
        // A program that ended closed its input by ending; one that runs
        // and has closed it cannot be asked anything more.
        let running = pid > 0 && ending == nil && !Processes.hasEnded(pid, withinMilliseconds: 0)
        if running, !closedItsInput, input >= 0 {
            // Closed with every request written, or after it read them, no write failed.
            var waits = [Processes.Wait(input, forReading: false)]
            closedItsInput = (try? Processes.poll(&waits, timeoutMilliseconds: 0)) != nil && waits[0].isClosed
        }
        var note = running && closedItsInput ? "; it had closed its standard input" : ""
        let count = pending.count - pendingStart
        if count > 0 {
            note +=
                "; it printed \(count) bytes with no line end after them: \(MessageText.excerpt(pending[pendingStart...]))"
        }
        return note
    }

    /// Closes stdin, so that a well-behaved program sees the end of input and exits.
    func finishInput() { closeFD(&input) }

    /// Ends the program and whatever it started (its process group) if it
    /// still runs, and reaps it: its pipes are closed, it gets
    /// ``settleMilliseconds`` to exit by itself, then SIGTERM, then SIGKILL
    /// (see ``Processes/endGroup(_:settleMilliseconds:)``).
    func stop() {
        closeFD(&input)
        closeFD(&output)
        closeFD(&errors)
        guard pid > 0, ending == nil else { return }
        ending = Processes.endGroup(pid, settleMilliseconds: Self.settleMilliseconds) ?? .exited(0)
    }

    /// How often a wait for a line looks whether the program has ended,
    /// in case its output stays open without it: 100 ms.
    static let exitCheckMilliseconds = 100

    /// How long a program whose standard output closed is given to be seen
    /// ending (its end passes through the supervisor, and a loaded or
    /// sanitized machine is slow): 2 s, waited only by a program that closed
    /// its output and goes on running.
    static let exitWaitMilliseconds = 2_000

    /// How the program ended, waiting up to ``exitWaitMilliseconds`` for it:
    /// `exited with status 3`, `was killed by signal 9`, or `closed its
    /// standard output` if it still runs.
    func exitDescription() -> String {
        if ending == nil, pid > 0, Processes.hasEnded(pid, withinMilliseconds: Self.exitWaitMilliseconds) {
            // Ended: its group is killed (what it left running) before it is reaped.
            ending = Processes.endGroup(pid, settleMilliseconds: 0) ?? .exited(0)
        }
        switch ending {
        case .exited(let status): return "exited with status \(status)"
        case .killed(let signal): return "was killed by signal \(signal)"
        case nil: return "closed its standard output"
        }
    }

    /// The error for a program whose standard output closed before its
    /// handshake line, once it is stopped: it cannot be started when the
    /// shell could not run it (status 127, not found; 126, not executable);
    /// otherwise its handshake is missing.
    func endedBeforeHandshake(command: String) -> ExternalAdapterError {
        let ended = exitDescription()
        let unfinished = failureNote()
        let stderr = String(decoding: errorTail, as: UTF8.self).trimmingSpace()
        stop()
        if case .exited(let status) = ending, status == 126 || status == 127 {
            return .cannotStart(command: command, reason: "the shell \(ended)" + (stderr.isEmpty ? "" : " (\(stderr))"))
        }
        return .badHandshake(
            command: command, reason: "it \(ended) without printing a handshake\(unfinished).", stderr: stderr)
    }

    /// Writes as much queued input as the pipe takes.
    private func writeSome() {
        while outgoingStart < outgoing.count {
            let result = outgoing.withUnsafeBytes { buffer -> Result<Int, Errno> in
                do throws(Errno) {
                    return .success(
                        try Signals.writeWithoutSignal(
                            input, buffer.baseAddress! + outgoingStart, count: buffer.count - outgoingStart))
                } catch {
                    return .failure(error)
                }
            }
            let written: Int
            switch result {
            case .success(let count): written = count
            case .failure(let error):
                if error.isWouldBlock { return }
                written = 0
            }
            if written > 0 {
                outgoingStart += written
            } else {
                // EPIPE: the program stopped reading; what it answered still counts.
                closedItsInput = true
                closeFD(&input)
                outgoingStart = outgoing.count
                return
            }
        }
    }

    /// Reads everything available from `fd` into `buffer`, or until it
    /// holds more than `limit` bytes; `false` at end of file.
    private func drain(_ fd: Int32, into buffer: inout [UInt8], limit: Int) -> Bool {
        while buffer.count <= limit {
            let result = chunk.withUnsafeMutableBytes { bytes -> Result<Int, Errno> in
                do throws(Errno) {
                    return .success(try System.read(fd, into: bytes.baseAddress!, count: bytes.count))
                } catch {
                    return .failure(error)
                }
            }
            let count: Int
            switch result {
            case .success(let read): count = read
            case .failure(let error): return error.isWouldBlock
            }
            if count == 0 { return false }
            if buffer.count + count > buffer.capacity, buffer.count > 1 << 23 {
                // A long line: room for the whole bound at once, not copied again at each doubling.
                // Checked at every read, since one call may read a whole line from a fast writer.
                buffer.reserveCapacity(limit + chunk.count)
            }
            buffer += chunk[0..<count]
        }
        return true
    }

    private func closeFD(_ fd: inout Int32) {
        if fd >= 0 { System.closeQuietly(fd) }
        fd = -1
    }

    /// `CLOCK_MONOTONIC` now, in nanoseconds.
    static func now() -> UInt64 { MonotonicClock.nanoseconds() }
}
