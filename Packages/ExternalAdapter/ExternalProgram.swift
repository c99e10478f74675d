import BatchUpdate
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The adapter program behind an ``ExternalAdapter``: its copies
/// (``AdapterProcessPool``) and the answers kept for reuse. Requests of one call to ``answers(for:)`` are
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

    /// The copies of the program.
    @usableFromInline let pool: AdapterProcessPool
    /// Whether every case is sent as it is, never an answer reused.
    @usableFromInline let sendsEveryCase: Bool
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
    /// The most answers kept for reuse (a run over 5 IDs needs a few thousand).
    @usableFromInline static var keptLimit: Int { 1 << 16 }

    /// Starts the program and reads its handshake.
    init(command: String, workingDirectory: String?, modelName: String, timeout: Double, sendsEveryCase: Bool)
        throws(ExternalAdapterError)
    {
        self.sendsEveryCase = sendsEveryCase
        pool = try AdapterProcessPool(
            command: command, workingDirectory: workingDirectory, modelName: modelName, sectioned: false,
            timeout: timeout, sendsEveryCase: sendsEveryCase)
        kept = Mutex(KeptAnswers())
    }

    /// The command the program was started with.
    var command: String { pool.command }
    /// What the program declared in its handshake.
    var handshake: ProtocolMessages.Handshake { pool.handshake }
    /// Ends the program (every copy).
    func stop() { pool.stop() }
    /// The requests written to the program so far.
    var requestsSent: Int { pool.requestsSent }

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

    /// Asks the program each of `questions` (see ``AdapterProcessPool/ask(_:resolve:)``),
    /// resolving each answer's names against its question.
    @usableFromInline
    func ask(_ questions: [UpdatePlan<Int>]) -> [Outcome] {
        let positions = handshake.planPositions
        let requests = questions.indices.map {
            ProtocolMessages.request(id: $0, plan: questions[$0], positions: positions)
        }
        let outcomes = pool.ask(requests) { id, raw -> Result<Outcome, ProtocolMessages.Refusal> in
            let names = ProtocolMessages.ItemNames(questions[id])
            var namesItems = false
            do throws(ProtocolMessages.Refusal) {
                let batches = try ProtocolMessages.resolve(
                    raw, model: Inner.self, names: names.id(named:),
                    callNames: {
                        namesItems = true
                        return names.id(named: $0)
                    })
                return .success(.answered(raw, batches, namesItems: namesItems))
            } catch {
                return .failure(error)
            }
        }
        return outcomes.map { outcome in
            switch outcome {
            case .answered(let answer): answer
            case .failed(let reason, let kept): .failed(reason, kept: kept)
            }
        }
    }

    /// A case's answer when the program failed it.
    @usableFromInline
    static func failure(_ reason: String) -> Batches {
        [UpdateBatch(items: [], calls: [.failed(reason)])]
    }
}
