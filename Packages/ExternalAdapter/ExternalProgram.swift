import BatchUpdate
import Synchronization

/// The adapter program behind an ``ExternalAdapter``: started once, then
/// restarted only after it failed a case. Requests of one call to
/// ``answers(for:)`` are pipelined; concurrent callers take turns.
final class ExternalProgram: Sendable {
    /// What the program declared in its handshake.
    struct Handshake: Sendable, Equatable {
        var name: String
        var summary: String
        var policy: AdapterPolicy
    }

    /// The process and the failure bookkeeping, behind the lock.
    struct State {
        var process: AdapterProcess?
        /// Cases failed by the program in a row, without a good answer between them.
        var failuresInARow = 0
        /// Set once the program failed too often in a row: every later case fails with it.
        var gaveUp: String?
    }

    let command: String
    /// The folder the program runs in, or `nil` for the current one.
    let workingDirectory: String?
    let modelName: String
    let timeout: Double
    let handshake: Handshake
    let state: Mutex<State>
    /// The shortest wait for the handshake, in seconds: interpreters start slowly on a busy machine.
    static var handshakeWait: Double { 30 }
    /// After this many failed cases in a row the program is not started again.
    static var failureLimit: Int { 5 }

    /// Starts the program and reads its handshake.
    init(command: String, workingDirectory: String?, modelName: String, timeout: Double)
        throws(ExternalAdapterError)
    {
        self.command = command
        self.workingDirectory = workingDirectory
        self.modelName = modelName
        self.timeout = timeout
        let process = try AdapterProcess(command: command, workingDirectory: workingDirectory)
        handshake = try Self.readHandshake(process, command: command, modelName: modelName, timeout: timeout)
        state = Mutex(State(process: process))
    }

    deinit {
        state.withLock { $0.process?.stop() }
    }

    /// Ends the program: closes its stdin and, if it does not exit at once, kills it.
    func stop() {
        state.withLock { state in
            state.process?.finishInput()
            state.process?.stop()
            state.process = nil
        }
    }

    /// The program's batches for each plan, in order; a case the program
    /// failed gets one batch holding a single ``ExternalCall/failed(_:)``.
    func answers<Inner: ReplayableModel>(for plans: [UpdatePlan<Int>], model: Inner.Type)
        -> [[UpdateBatch<Int, ExternalCall<Inner.Call>>]] where Inner.ID == Int
    {
        var results = [[UpdateBatch<Int, ExternalCall<Inner.Call>>]?](repeating: nil, count: plans.count)
        let requests = plans.indices.map { ProtocolMessages.request(id: $0, plan: plans[$0]) }
        state.withLock { state in
            var unresolved = Array(plans.indices)
            while !unresolved.isEmpty {
                if let reason = state.gaveUp {
                    for index in unresolved { results[index] = Self.failure(reason) }
                    return
                }
                let process: AdapterProcess
                if let running = state.process {
                    process = running
                } else {
                    do {
                        process = try AdapterProcess(command: command, workingDirectory: workingDirectory)
                        _ = try Self.readHandshake(process, command: command, modelName: modelName, timeout: timeout)
                        state.process = process
                    } catch {
                        state.gaveUp = "the program could not be started again: \(error)"
                        continue
                    }
                }
                for index in unresolved { process.send(requests[index]) }
                var waiting = Set(unresolved)
                var failure: String?
                while !waiting.isEmpty, failure == nil {
                    let deadline = AdapterProcess.now() + UInt64(timeout * 1e9)
                    switch process.nextLine(deadline: deadline) {
                    case .line(let line):
                        switch ProtocolMessages.response(line, plans: plans, waiting: waiting, model: model) {
                        case .answer(let id, let batches):
                            results[id] = batches
                            waiting.remove(id)
                            state.failuresInARow = 0
                            process.clearErrors()
                        case .refused(let id, let reason):
                            results[id] = Self.failure(reason + Self.stderrNote(process))
                            waiting.remove(id)
                            process.clearErrors()
                        case .garbage(let reason):
                            failure = reason
                        }
                    case .closed:
                        failure = "the program \(process.exitDescription()) before answering"
                    case .timedOut:
                        failure = "no answer within \(Self.seconds(timeout))"
                    }
                }
                unresolved = unresolved.filter { waiting.contains($0) }
                guard let failure, let oldest = unresolved.first else { continue }
                // The oldest unanswered case takes the blame; the others are sent again.
                results[oldest] = Self.failure(failure + Self.stderrNote(process))
                unresolved.removeFirst()
                process.stop()
                state.process = nil
                state.failuresInARow += 1
                if state.failuresInARow >= Self.failureLimit {
                    state.gaveUp =
                        "the program failed \(Self.failureLimit) cases in a row and was not started again; the "
                        + "last: \(failure)"
                }
            }
        }
        return results.map { $0! }
    }

    /// A case's answer when the program failed it.
    static func failure<Call: ToolkitCall>(_ reason: String) -> [UpdateBatch<Int, ExternalCall<Call>>] {
        [UpdateBatch(items: [], calls: [.failed(reason)])]
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

    /// Reads and checks the program's first line.
    static func readHandshake(_ process: AdapterProcess, command: String, modelName: String, timeout: Double)
        throws(ExternalAdapterError) -> Handshake
    {
        func fail(_ reason: String) -> ExternalAdapterError {
            let stderr = String(decoding: process.errorTail, as: UTF8.self).trimmingSpace()
            process.stop()
            return .badHandshake(command: command, reason: reason, stderr: stderr)
        }
        let line: [UInt8]
        switch process.nextLine(deadline: AdapterProcess.now() + UInt64(max(timeout, handshakeWait) * 1e9)) {
        case .line(let text): line = text
        case .closed: throw fail("it \(process.exitDescription()) without printing a handshake.")
        case .timedOut: throw fail("it printed no handshake line within \(seconds(max(timeout, handshakeWait))).")
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
