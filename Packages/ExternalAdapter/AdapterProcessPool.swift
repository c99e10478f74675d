import BatchUpdate
import UpdateCheckPlatform

/// The running copies of one adapter program, flat or sectioned: started
/// when first needed, as many as callers ask at once (at most one per core;
/// one when every case is sent, for programs with state), each restarted
/// only after it failed a case, and none started again after
/// ``failureLimit`` failed cases in a row. ``ask(_:resolve:)`` writes
/// requests pipelined, many to a line for a program that declared
/// `"batch": true`, and reads the responses.
@usableFromInline
final class AdapterProcessPool: Sendable {
    /// The processes and the failure bookkeeping, behind the lock.
    struct State {
        /// Started processes no caller is using.
        var idle: [AdapterProcess] = []
        /// Processes started and not ended, idle or in use.
        var running = 0
        /// Cases failed by the program in a row, without a good answer between them.
        var failuresInARow = 0
        /// Set once the program failed too often in a row: every later case fails with it.
        var gaveUp: String?
        /// Requests written to the program, each case of a batch line counted.
        var requestsSent = 0
    }

    /// What asking one request gave.
    @usableFromInline
    enum Outcome<Answer: Sendable>: Sendable {
        /// The program's answer, resolved for the request asked.
        case answered(Answer)
        /// The program failed the request; `kept` when the failure is the
        /// program's own answer to it (not the end of a run given up).
        case failed(String, kept: Bool)
    }

    let command: String
    /// The folder the program runs in, or `nil` for the current one.
    let workingDirectory: String?
    let modelName: String
    /// Whether the program answers with sections (`items` as section objects).
    let sectioned: Bool
    let timeout: Double
    let handshake: ProtocolMessages.Handshake
    let state: Lock<State>
    /// The most copies of the program running at once.
    let processLimit: Int
    /// After this many failed cases in a row the program is not started again.
    static var failureLimit: Int { 5 }
    /// The most cases on one batch line.
    static var batchCases: Int { 512 }
    /// The most request bytes on one batch line (a line holds at least one case).
    static var batchBytes: Int { 1 << 18 }

    /// Starts the program and reads its handshake, which must name `modelName`.
    init(
        command: String, workingDirectory: String?, modelName: String, sectioned: Bool, timeout: Double,
        sendsEveryCase: Bool
    ) throws(ExternalAdapterError) {
        self.command = command
        self.workingDirectory = workingDirectory
        self.modelName = modelName
        self.sectioned = sectioned
        self.timeout = timeout
        let process = try AdapterProcess(command: command, workingDirectory: workingDirectory)
        handshake = try Self.readHandshake(process, command: command, modelName: modelName, timeout: timeout)
        state = Lock(State(idle: [process], running: 1))
        processLimit = sendsEveryCase ? 1 : min(8, System.processorCount)
    }

    deinit {
        state.withLock { state in
            for process in state.idle { process.stop() }
        }
    }

    /// Ends the program: closes the stdin of every copy first, so that they
    /// exit together, then ends each with its process group (see
    /// ``AdapterProcess/stop()``).
    func stop() {
        state.withLock { state in
            for process in state.idle { process.finishInput() }
            for process in state.idle { process.stop() }
            state.running -= state.idle.count
            state.idle = []
        }
    }

    /// The requests written to the program so far.
    var requestsSent: Int { state.withLock { $0.requestsSent } }

    /// What a caller gets when it asks for a process.
    enum Turn {
        case process(AdapterProcess)
        case start
        case wait
        case gaveUp(String)
    }

    /// A running copy of the program for the caller's own use: an idle one,
    /// a new one when fewer than ``processLimit`` run, or, when every copy
    /// is in use, the first to come back.
    ///
    /// - Returns: the process, or the reason the program is given up.
    func acquire() -> Result<AdapterProcess, GaveUp> {
        while true {
            let turn: Turn = state.withLock { state in
                if let reason = state.gaveUp { return .gaveUp(reason) }
                if let process = state.idle.popLast() { return .process(process) }
                guard state.running < processLimit else { return .wait }
                state.running += 1
                return .start
            }
            switch turn {
            case .process(let process): return .success(process)
            case .gaveUp(let reason): return .failure(GaveUp(reason: reason))
            case .wait: System.sleep(microseconds: 500)
            case .start:
                do {
                    let process = try AdapterProcess(command: command, workingDirectory: workingDirectory)
                    _ = try Self.readHandshake(process, command: command, modelName: modelName, timeout: timeout)
                    return .success(process)
                } catch {
                    state.withLock { state in
                        state.running -= 1
                        if state.gaveUp == nil { state.gaveUp = "the program could not be started again: \(error)" }
                    }
                }
            }
        }
    }

    /// The reason every later case fails.
    struct GaveUp: Error {
        var reason: String
    }

    /// Asks the program each of `requests` (request lines, the request
    /// numbered *i* written with `"id": i`, its case of size `sizes[i]`:
    /// see ``ProtocolMessages/batchLimit(size:)``), pipelined, restarting it after
    /// a failure and sending the unanswered ones again; `resolve` turns the
    /// batches of request *i*'s response into its answer, or refuses them.
    ///
    /// A program that exits, does not finish a line within the timeout or prints
    /// garbage fails the oldest unanswered request. When that request was
    /// sent on a batch line with others, none of them is blamed yet: they
    /// are sent again one to a line, so that the failure falls on the one
    /// request that causes it.
    @usableFromInline
    func ask<Answer: Sendable>(
        _ requests: [[UInt8]], sizes: [Int],
        resolve: (Int, [ProtocolMessages.RawBatch]) -> Result<Answer, ProtocolMessages.Refusal>
    ) -> [Outcome<Answer>] {
        var outcomes = [Outcome<Answer>?](repeating: nil, count: requests.count)
        var unresolved = Array(requests.indices)
        /// Requests whose batch line failed: sent one to a line from then on.
        var alone = Set<Int>()
        /// The line each waiting request was sent on.
        var lineOf = [Int](repeating: -1, count: requests.count)
        /// How many requests a copy is sent at once: all of them, until a
        /// copy fails; then twice what the failed copy answered (at least
        /// one), doubling again after each round without failure. A program
        /// that exits after every answer is sent two requests a time, not
        /// every unanswered one again (which made its run quadratic).
        var window = Int.max
        while !unresolved.isEmpty {
            let process: AdapterProcess
            switch acquire() {
            case .success(let running): process = running
            case .failure(let gaveUp):
                for index in unresolved { outcomes[index] = .failed(gaveUp.reason, kept: false) }
                return outcomes.map { $0! }
            }
            let sending = Array(unresolved.prefix(window))
            send(sending, requests: requests, alone: alone, to: process, lineOf: &lineOf)
            var waiting = Set(sending)
            var answered = false
            var answeredCount = 0
            var failure: String?
            while !waiting.isEmpty, failure == nil {
                let deadline = AdapterProcess.now() + UInt64(timeout * 1e9)
                switch process.nextLine(deadline: deadline) {
                case .line(let line):
                    for response in ProtocolMessages.responses(
                        line, waiting: waiting, sizes: sizes, sectioned: sectioned)
                    {
                        switch response {
                        case .answer(let id, let raw):
                            switch resolve(id, raw) {
                            case .success(let answer): outcomes[id] = .answered(answer)
                            case .failure(let refusal):
                                outcomes[id] = .failed(refusal.reason + Self.stderrNote(process), kept: true)
                            }
                            waiting.remove(id)
                            answered = true
                            answeredCount += 1
                            process.clearErrors()
                        case .refused(let id, let reason):
                            outcomes[id] = .failed(reason + Self.stderrNote(process), kept: true)
                            waiting.remove(id)
                            process.clearErrors()
                        case .garbage(let reason):
                            failure = reason
                        }
                        if failure != nil { break }
                    }
                case .closed:
                    failure = "the program \(process.exitDescription()) before answering\(process.failureNote())"
                case .timedOut:
                    failure = "no answer within \(Self.seconds(timeout))\(process.failureNote())"
                case .tooLong:
                    failure = "it printed a line over \(AdapterProcess.lineLimitText)"
                }
            }
            let sent = sending.count
            unresolved = sending.filter { waiting.contains($0) } + unresolved.dropFirst(sending.count)
            window = failure == nil ? (window > Int.max / 2 ? Int.max : window * 2) : max(1, 2 * answeredCount)
            guard let failure, let oldest = unresolved.first else {
                state.withLock { state in
                    state.requestsSent += sent
                    if answered { state.failuresInARow = 0 }
                    state.idle.append(process)
                }
                continue
            }
            let note = Self.stderrNote(process)
            process.stop()
            // Only this round's requests: one not sent keeps the line number of an earlier round.
            let suspects = sending.filter { waiting.contains($0) && lineOf[$0] == lineOf[oldest] }
            let blamed = suspects.count == 1
            if blamed {
                // The oldest unanswered request takes the blame; the others are sent again.
                outcomes[oldest] = .failed(failure + note, kept: true)
                unresolved.removeFirst()
            } else {
                alone.formUnion(suspects)
            }
            state.withLock { state in
                state.requestsSent += sent
                state.running -= 1
                if answered { state.failuresInARow = 0 }
                guard blamed else { return }
                state.failuresInARow += 1
                if state.failuresInARow >= Self.failureLimit, state.gaveUp == nil {
                    state.gaveUp =
                        "the program failed \(Self.failureLimit) cases in a row and was not started again; the "
                        + "last: \(failure)"
                }
            }
        }
        return outcomes.map { $0! }
    }

    /// Writes the requests `indexes` to the program: one to a line, or many
    /// to a line for a batching program (except those in `alone`), noting
    /// each request's line in `lineOf`.
    func send(
        _ indexes: [Int], requests: [[UInt8]], alone: Set<Int>, to process: AdapterProcess, lineOf: inout [Int]
    ) {
        guard handshake.batches else {
            for (line, index) in indexes.enumerated() {
                process.send(requests[index])
                lineOf[index] = line
            }
            return
        }
        var line = 0
        var pending: [Int] = []
        var bytes = 0
        func flush() {
            guard !pending.isEmpty else { return }
            process.send(ProtocolMessages.casesLine(pending.lazy.map { requests[$0] }))
            for index in pending { lineOf[index] = line }
            line += 1
            pending.removeAll(keepingCapacity: true)
            bytes = 0
        }
        for index in indexes {
            if alone.contains(index) {
                flush()
                pending.append(index)
                flush()
                continue
            }
            if !pending.isEmpty, bytes + requests[index].count > Self.batchBytes { flush() }
            pending.append(index)
            bytes += requests[index].count
            if pending.count >= Self.batchCases { flush() }
        }
        flush()
    }

    /// `; its stderr ends with: …`, or nothing when the program wrote nothing there.
    static func stderrNote(_ process: AdapterProcess) -> String {
        let text = String(decoding: process.errorTail, as: UTF8.self).trimmingSpace()
        return text.isEmpty ? "" : "; its stderr: \(text)"
    }

    /// `2 s`, `0.5 s`.
    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }

    /// Reads and checks the program's first line, waiting for it as long
    /// as for an answer (`timeout` seconds).
    static func readHandshake(_ process: AdapterProcess, command: String, modelName: String, timeout: Double)
        throws(ExternalAdapterError) -> ProtocolMessages.Handshake
    {
        func fail(_ reason: String) -> ExternalAdapterError {
            let stderr = String(decoding: process.errorTail, as: UTF8.self).trimmingSpace()
            process.stop()
            return .badHandshake(command: command, reason: reason, stderr: stderr)
        }
        let line: [UInt8]
        switch process.nextLine(deadline: AdapterProcess.now() + UInt64(timeout * 1e9)) {
        case .line(let text): line = text
        case .closed: throw process.endedBeforeHandshake(command: command)
        case .timedOut:
            throw fail("it printed no handshake line within \(seconds(timeout))\(process.failureNote()).")
        case .tooLong: throw fail("its first line is over \(AdapterProcess.lineLimitText).")
        }
        do {
            return try ProtocolMessages.handshake(line, modelName: modelName)
        } catch {
            throw fail(error.message)
        }
    }
}

extension String {
    /// The text without leading and trailing spaces and newlines.
    func trimmingSpace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
