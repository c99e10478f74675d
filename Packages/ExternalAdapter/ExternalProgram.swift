import BatchUpdate
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The adapter program behind an ``ExternalAdapter``: started when first
/// needed, as many copies as callers ask at once (at most one per core; one
/// when every case is sent, for programs with state), each restarted only
/// after it failed a case. Requests of one call to ``answers(for:)`` are
/// pipelined, many to a line for a program that declared `"batch": true`.
/// Unless every case is to be sent, cases equal up to renaming their IDs are
/// asked once (``CanonicalCase``) and the answer is kept for the next.
@usableFromInline
final class ExternalProgram<Inner: ReplayableModel>: Sendable where Inner.ID == Int {
    @usableFromInline
    typealias Batches = [UpdateBatch<Int, ExternalCall<Inner.Call>>]

    /// A kept answer to a canonical request.
    @usableFromInline
    enum KeptAnswer: Sendable {
        /// The program's batches for the canonical request; `raw`, as the
        /// program named the items, only when a call names an item (each
        /// case then resolves it with its own IDs; otherwise the calls are
        /// reused as they are and only the batches' items are renamed).
        case answered(Batches, raw: [ProtocolMessages.RawBatch]?)
        /// The program failed the request with this reason.
        case failed(String)
    }

    /// What asking one request gave.
    @usableFromInline
    enum Outcome: Sendable {
        /// The program's batches as it named the items, resolved for the
        /// request asked; `namesItems` when a call names an item.
        case answered([ProtocolMessages.RawBatch], Batches, namesItems: Bool)
        /// The program failed the request; `kept` when the failure is the
        /// program's own answer to it (not the end of a run given up).
        case failed(String, kept: Bool)
    }

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

    let command: String
    /// The folder the program runs in, or `nil` for the current one.
    let workingDirectory: String?
    let modelName: String
    let timeout: Double
    /// Whether every case is sent as it is, never an answer reused.
    @usableFromInline let sendsEveryCase: Bool
    let handshake: ProtocolMessages.Handshake
    let state: Mutex<State>
    /// The answers kept for reuse, and the canonical requests being asked.
    @usableFromInline
    struct KeptAnswers: Sendable {
        /// Answers to canonical requests (at most ``ExternalProgram/keptLimit``).
        @usableFromInline var answers: [CanonicalCase.Key: KeptAnswer] = [:]
        /// Requests a caller is asking the program now: others wait for the
        /// answer rather than ask again.
        @usableFromInline var asking: Set<CanonicalCase.Key> = []
    }

    /// The kept answers, shared by every caller.
    @usableFromInline let kept: Mutex<KeptAnswers>
    /// The most copies of the program running at once.
    let processLimit: Int
    /// The shortest wait for the handshake, in seconds: interpreters start slowly on a busy machine.
    static var handshakeWait: Double { 30 }
    /// After this many failed cases in a row the program is not started again.
    static var failureLimit: Int { 5 }
    /// The most answers kept for reuse (a run over 5 IDs needs a few thousand).
    @usableFromInline static var keptLimit: Int { 1 << 16 }
    /// The most cases on one batch line.
    static var batchCases: Int { 512 }
    /// The most request bytes on one batch line (a line holds at least one case).
    static var batchBytes: Int { 1 << 18 }

    /// Starts the program and reads its handshake.
    init(command: String, workingDirectory: String?, modelName: String, timeout: Double, sendsEveryCase: Bool)
        throws(ExternalAdapterError)
    {
        self.command = command
        self.workingDirectory = workingDirectory
        self.modelName = modelName
        self.timeout = timeout
        self.sendsEveryCase = sendsEveryCase
        let process = try AdapterProcess(command: command, workingDirectory: workingDirectory)
        handshake = try Self.readHandshake(process, command: command, modelName: modelName, timeout: timeout)
        state = Mutex(State(idle: [process], running: 1))
        kept = Mutex(KeptAnswers())
        #if canImport(Glibc)
            let cores = sysconf(Int32(_SC_NPROCESSORS_ONLN))
        #else
            let cores = sysconf(_SC_NPROCESSORS_ONLN)
        #endif
        processLimit = sendsEveryCase ? 1 : max(1, min(8, cores))
    }

    deinit {
        state.withLock { state in
            for process in state.idle { process.stop() }
        }
    }

    /// Ends the program: closes the stdin of every copy and, if one does not
    /// exit at once, kills it.
    func stop() {
        state.withLock { state in
            for process in state.idle {
                process.finishInput()
                process.stop()
            }
            state.running -= state.idle.count
            state.idle = []
        }
    }

    /// The requests written to the program so far.
    var requestsSent: Int { state.withLock { $0.requestsSent } }

    /// The program's batches for each plan, in order; a case the program
    /// failed gets one batch holding a single ``ExternalCall/failed(_:)``.
    ///
    /// Each case is asked as its canonical request, once per distinct one
    /// (kept answers included, and requests another caller is asking
    /// awaited), unless ``sendsEveryCase`` or the case is too large; the
    /// answer's names are then mapped back to the case's IDs.
    @inlinable
    func answers(for plans: [UpdatePlan<Int>]) -> [Batches] {
        if sendsEveryCase { return ask(plans).map(Self.batches) }
        let canonical = plans.map(CanonicalCase.init)
        var found = [KeptAnswer?](repeating: nil, count: plans.count)
        /// Cases whose canonical request another caller is asking.
        var awaited: [Int] = []
        var mine = Set<CanonicalCase.Key>()
        kept.withLock { kept in
            for (index, form) in canonical.enumerated() {
                guard let form else { continue }
                if let answer = kept.answers[form.key] {
                    found[index] = answer
                } else if mine.contains(form.key) {
                    continue
                } else if kept.asking.contains(form.key) {
                    awaited.append(index)
                } else {
                    mine.insert(form.key)
                    kept.asking.insert(form.key)
                }
            }
        }
        var questions: [UpdatePlan<Int>] = []
        var questionOf = [Int](repeating: -1, count: plans.count)
        var asked: [CanonicalCase.Key: Int] = [:]
        for (index, form) in canonical.enumerated() where found[index] == nil {
            guard let form else {
                questionOf[index] = questions.count
                questions.append(plans[index])
                continue
            }
            guard mine.contains(form.key) else { continue }
            if let question = asked[form.key] {
                questionOf[index] = question
            } else {
                asked[form.key] = questions.count
                questionOf[index] = questions.count
                questions.append(form.canonicalPlan(of: plans[index]))
            }
        }
        let outcomes = questions.isEmpty ? [] : ask(questions)
        if !asked.isEmpty {
            kept.withLock { kept in
                for (key, question) in asked {
                    kept.asking.remove(key)
                    guard kept.answers.count < Self.keptLimit else { continue }
                    switch outcomes[question] {
                    case .answered(let raw, let batches, let namesItems):
                        kept.answers[key] = .answered(batches, raw: namesItems ? raw : nil)
                    case .failed(let reason, kept: true): kept.answers[key] = .failed(reason)
                    case .failed(_, kept: false): break
                    }
                }
            }
        }
        // The answers other callers were asking; a request they could not
        // keep is asked again here.
        var direct: [Int: Batches] = [:]
        while !awaited.isEmpty {
            var orphans: [Int] = []
            kept.withLock { kept in
                awaited.removeAll { index in
                    let key = canonical[index]!.key
                    if let answer = kept.answers[key] {
                        found[index] = answer
                        return true
                    }
                    guard kept.asking.contains(key) else {
                        orphans.append(index)
                        return true
                    }
                    return false
                }
            }
            if !orphans.isEmpty {
                for (index, batches) in zip(orphans, answers(for: orphans.map { plans[$0] })) {
                    direct[index] = batches
                }
            }
            if !awaited.isEmpty { usleep(200) }
        }
        var results: [Batches] = []
        results.reserveCapacity(plans.count)
        for index in plans.indices {
            if let batches = direct[index] {
                results.append(batches)
                continue
            }
            guard let form = canonical[index] else {
                results.append(Self.batches(outcomes[questionOf[index]]))
                continue
            }
            if found[index] == nil {
                switch outcomes[questionOf[index]] {
                case .answered(let raw, let batches, let namesItems):
                    found[index] = .answered(batches, raw: namesItems ? raw : nil)
                case .failed(let reason, _): found[index] = .failed(reason)
                }
            }
            switch found[index]! {
            case .answered(let batches, raw: nil):
                results.append(
                    batches.map { UpdateBatch(items: form.ids(of: $0.items, new: plans[index].new), calls: $0.calls) })
            case .answered(_, let raw?):
                do {
                    results.append(
                        try ProtocolMessages.resolve(
                            raw, model: Inner.self, names: form.id(named:), callNames: form.id(named:)))
                } catch {
                    results.append(Self.failure(error.reason))
                }
            case .failed(let reason):
                results.append(Self.failure(reason))
            }
        }
        return results
    }

    /// The batches of an outcome: the resolved answer, or the failure.
    @usableFromInline
    static func batches(_ outcome: Outcome) -> Batches {
        switch outcome {
        case .answered(_, let batches, _): batches
        case .failed(let reason, _): failure(reason)
        }
    }

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
            case .wait: usleep(500)
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

    /// Asks the program each of `questions`, pipelined, restarting it after
    /// a failure and sending the unanswered ones again.
    ///
    /// A program that exits, stays silent past the timeout or prints
    /// garbage fails the oldest unanswered request. When that request was
    /// sent on a batch line with others, none of them is blamed yet: they
    /// are sent again one to a line, so that the failure falls on the one
    /// request that causes it.
    @usableFromInline
    func ask(_ questions: [UpdatePlan<Int>]) -> [Outcome] {
        var outcomes = [Outcome?](repeating: nil, count: questions.count)
        let requests = questions.indices.map {
            ProtocolMessages.request(id: $0, plan: questions[$0], positions: handshake.planPositions)
        }
        var unresolved = Array(questions.indices)
        /// Requests whose batch line failed: sent one to a line from then on.
        var alone = Set<Int>()
        /// The line each waiting request was sent on.
        var lineOf = [Int](repeating: -1, count: questions.count)
        while !unresolved.isEmpty {
            let process: AdapterProcess
            switch acquire() {
            case .success(let running): process = running
            case .failure(let gaveUp):
                for index in unresolved { outcomes[index] = .failed(gaveUp.reason, kept: false) }
                return outcomes.map { $0! }
            }
            send(unresolved, requests: requests, alone: alone, to: process, lineOf: &lineOf)
            var waiting = Set(unresolved)
            var answered = false
            var failure: String?
            while !waiting.isEmpty, failure == nil {
                let deadline = AdapterProcess.now() + UInt64(timeout * 1e9)
                switch process.nextLine(deadline: deadline) {
                case .line(let line):
                    for response in ProtocolMessages.responses(line, waiting: waiting) {
                        switch response {
                        case .answer(let id, let raw):
                            let names = ProtocolMessages.ItemNames(questions[id])
                            var namesItems = false
                            do {
                                let batches = try ProtocolMessages.resolve(
                                    raw, model: Inner.self, names: names.id(named:),
                                    callNames: {
                                        namesItems = true
                                        return names.id(named: $0)
                                    })
                                outcomes[id] = .answered(raw, batches, namesItems: namesItems)
                            } catch {
                                outcomes[id] = .failed(error.reason + Self.stderrNote(process), kept: true)
                            }
                            waiting.remove(id)
                            answered = true
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
                    failure = "the program \(process.exitDescription()) before answering"
                case .timedOut:
                    failure = "no answer within \(Self.seconds(timeout))"
                }
            }
            let sent = unresolved.count
            unresolved = unresolved.filter { waiting.contains($0) }
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
            let suspects = unresolved.filter { lineOf[$0] == lineOf[oldest] }
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

    /// A case's answer when the program failed it.
    @usableFromInline
    static func failure(_ reason: String) -> Batches {
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
        throws(ExternalAdapterError) -> ProtocolMessages.Handshake
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
