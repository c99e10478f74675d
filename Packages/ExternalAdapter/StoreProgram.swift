import OptimisticScenario
import UpdateCheckPlatform

/// A store program in any language, driven over the store-program protocol
/// (`docs/store-protocol.md`): versioned, line-delimited JSON on its stdin
/// and stdout, many paths to a line.
///
/// The program is started once with `/bin/sh -c` and restarted after it
/// failed; every read has a deadline. A program that crashes, does not
/// finish an answer line within the timeout or prints garbage makes ``run(_:)`` throw with what it
/// wrote on stderr; its process is ended then, and by ``stop()``.
///
/// ```swift
/// let program = try StoreProgram(command: "python3 Examples/state/favourites_store.py")
/// defer { program.stop() }
/// let report = try StoreExplorer().run(program)
/// ```
public final class StoreProgram: StoreDriver, Sendable {
    /// What failures name the program by: its manifest entry's name, or
    /// the command.
    public let name: String
    /// The command, run with `/bin/sh -c` (again after a failure).
    let command: String
    /// The folder the program runs in, or `nil` for the current one.
    let workingDirectory: String?
    /// The longest wait for one response line, in seconds.
    let timeout: Double
    /// The running process (`nil` after a failure) and the next request number.
    let state: Lock<(process: AdapterProcess?, nextID: Int)>

    /// Starts `command` and reads its handshake.
    ///
    /// - Parameters:
    ///   - command: the program, run with `/bin/sh -c`.
    ///   - name: what failures name it by (`store <name>: …`), such as the
    ///     name of its manifest entry; `nil` names it by `command`.
    ///   - workingDirectory: the folder it runs in; `nil` for the current one.
    ///   - timeout: the longest wait for one response line, in seconds.
    /// - Throws: ``ExternalAdapterError/cannotStart(command:reason:)`` or
    ///   ``ExternalAdapterError/badHandshake(command:reason:stderr:)``.
    public init(command: String, name: String? = nil, workingDirectory: String? = nil, timeout: Double = 10)
        throws(ExternalAdapterError)
    {
        self.command = command
        self.name = name ?? command
        self.workingDirectory = workingDirectory
        self.timeout = timeout
        let process = try Self.start(command, workingDirectory: workingDirectory, timeout: timeout)
        state = Lock((process, 1))
    }

    deinit { stop() }

    /// Ends the program: closes its stdin and kills it if it still runs.
    public func stop() {
        state.withLock { state in
            state.process?.finishInput()
            state.process?.stop()
            state.process = nil
        }
    }

    static func start(_ command: String, workingDirectory: String?, timeout: Double) throws(ExternalAdapterError)
        -> AdapterProcess
    {
        let process = try AdapterProcess(command: command, workingDirectory: workingDirectory)
        func fail(_ reason: String) -> ExternalAdapterError {
            let stderr = String(decoding: process.errorTail, as: UTF8.self).trimmingSpace()
            process.stop()
            return .badHandshake(command: command, reason: reason, stderr: stderr)
        }
        switch process.nextLine(deadline: AdapterProcess.now() + UInt64(timeout * 1e9)) {
        case .line(let line):
            if let reason = StoreProtocolMessages.checkHandshake(line) { throw fail(reason) }
        case .closed: throw process.endedBeforeHandshake(command: command)
        case .timedOut:
            throw fail(
                "it printed no handshake line within \(AdapterProcessPool.seconds(timeout))"
                    + "\(process.failureNote()).")
        case .tooLong: throw fail("its first line is over \(AdapterProcess.lineLimitText).")
        }
        process.clearErrors()
        return process
    }

    /// Runs `paths` on the program, as one request line.
    ///
    /// - Throws: `OptimisticScenarioError.storeFailed(store:message:)`
    ///   naming what went wrong and what the program wrote on stderr.
    public func run(_ paths: [StorePath]) throws(OptimisticScenarioError) -> [StorePathResult] {
        let outcome: Result<[StorePathResult], OptimisticScenarioError> = state.withLock { state in
            let process: AdapterProcess
            if let running = state.process {
                process = running
            } else {
                do {
                    process = try Self.start(command, workingDirectory: workingDirectory, timeout: timeout)
                } catch { return .failure(.storeFailed(store: name, message: "\(error)")) }
                state.process = process
            }
            let id = state.nextID
            state.nextID += 1
            process.send(StoreProtocolMessages.request(id: id, paths: paths))
            let failure: String
            switch process.nextLine(deadline: AdapterProcess.now() + UInt64(timeout * 1e9)) {
            case .line(let line):
                switch StoreProtocolMessages.results(line, id: id, paths: paths) {
                case .success(let results):
                    process.clearErrors()
                    return .success(results)
                case .failure(let problem): failure = problem.message
                }
            case .closed:
                failure = "the program \(process.exitDescription()) before answering\(process.failureNote())"
            case .timedOut:
                failure = "no answer within \(AdapterProcessPool.seconds(timeout))\(process.failureNote())"
            case .tooLong: failure = "it printed a line over \(AdapterProcess.lineLimitText)"
            }
            let note = AdapterProcessPool.stderrNote(process)
            process.stop()
            state.process = nil
            return .failure(.storeFailed(store: name, message: failure + note))
        }
        return try outcome.get()
    }
}
