import BatchUpdate

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
    /// The answers kept for reuse, by canonical request, shared by every caller.
    @usableFromInline let kept: AnswerCache<CanonicalCase.Key, KeptAnswer>

    /// Starts the program and reads its handshake.
    init(command: String, workingDirectory: String?, modelName: String, timeout: Double, sendsEveryCase: Bool)
        throws(ExternalAdapterError)
    {
        self.sendsEveryCase = sendsEveryCase
        pool = try AdapterProcessPool(
            command: command, workingDirectory: workingDirectory, modelName: modelName, sectioned: false,
            timeout: timeout, sendsEveryCase: sendsEveryCase)
        kept = AnswerCache()
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
        let canonical =
            sendsEveryCase ? [CanonicalCase?](repeating: nil, count: plans.count) : plans.map(CanonicalCase.init)
        return kept.answers(
            keys: canonical.map { $0?.key },
            ask: { askers in
                let questions = askers.map { canonical[$0]?.canonicalPlan(of: plans[$0]) ?? plans[$0] }
                return zip(askers, ask(questions)).map { index, outcome in
                    // A case asked as it is has its batches at hand; a canonical one renames them.
                    let asIs = canonical[index] == nil
                    switch outcome {
                    case .answered(let raw, let batches, let namesItems):
                        return AnswerCache.Asked(
                            answer: .answered(batches, raw: namesItems ? raw : nil), keep: true,
                            own: asIs ? batches : nil)
                    case .failed(let reason, let keep):
                        return AnswerCache.Asked(
                            answer: .failed(reason), keep: keep, own: asIs ? Self.failure(reason) : nil)
                    }
                }
            },
            render: { index, answer in
                let form = canonical[index]!
                switch answer {
                case .answered(let batches, raw: nil):
                    return batches.map {
                        UpdateBatch(items: form.ids(of: $0.items, new: plans[index].new), calls: $0.calls)
                    }
                case .answered(_, let raw?):
                    do throws(ProtocolMessages.Refusal) {
                        return try ProtocolMessages.resolve(
                            raw, model: Inner.self, names: form.id(named:), callNames: form.id(named:))
                    } catch {
                        return Self.failure(error.reason)
                    }
                case .failed(let reason):
                    return Self.failure(reason)
                }
            },
            again: { indices in answers(for: indices.map { plans[$0] }) })
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
