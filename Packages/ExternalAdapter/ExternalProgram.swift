import BatchUpdate

/// The adapter program behind an ``ExternalAdapter``: its copies (``AdapterProcessPool``) and
/// the answers kept for reuse, for cases of the shape `Form`. Requests of
/// one call to ``answers(for:)`` are pipelined, many to a line for a
/// program that declared `"batch": true`.
///
/// Unless every case is to be sent, cases equal up to renaming their IDs
/// are asked once, in their canonical form, and the answer is kept
/// (``AnswerCache``) for the next: as batches of canonical numbers, which
/// each case renames to its own IDs, and, only when a call names an item
/// or a section, also as the program wrote it, read again with each case's
/// names.
@usableFromInline
final class ExternalProgram<Form: ProgramForm>: Sendable {
    /// A kept answer to a canonical request.
    @usableFromInline
    enum KeptAnswer: Sendable {
        /// The program's batches, in canonical numbers (in the case's own
        /// IDs for a case asked as it is); `raw`, as the program named the
        /// items, only when a call names an item or a section.
        case answered(Form.Batches, raw: [ProtocolMessages.RawBatch]?)
        /// The program failed the request with this reason.
        case failed(String)
    }

    /// The copies of the program.
    @usableFromInline let pool: AdapterProcessPool
    /// Whether every case is sent as it is, never an answer reused.
    @usableFromInline let sendsEveryCase: Bool
    /// The answers kept for reuse, by canonical request, shared by every caller.
    @usableFromInline let kept: AnswerCache<Form.Key, KeptAnswer>

    /// Starts the program and reads its handshake.
    init(command: String, workingDirectory: String?, modelName: String, timeout: Double, sendsEveryCase: Bool)
        throws(ExternalAdapterError)
    {
        self.sendsEveryCase = sendsEveryCase
        pool = try AdapterProcessPool(
            command: command, workingDirectory: workingDirectory, modelName: modelName, sectioned: Form.sectioned,
            timeout: timeout, sendsEveryCase: sendsEveryCase)
        kept = AnswerCache()
        guard !(Form.sectioned && pool.handshake.planPositions) else {
            pool.stop()
            throw .badHandshake(
                command: command,
                reason: "\"plan\": \"positions\" is for flat models; a sectioned program gets the plan with "
                    + "index paths.", stderr: "")
        }
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
    /// failed, or whose batches declare a data source the model does not
    /// show after them (``ProgramForm/checked(_:plan:)``), gets
    /// ``ProgramForm/failure(_:)``.
    ///
    /// Each case is asked as its canonical request, once per distinct one
    /// (kept answers included, and requests another caller is asking
    /// awaited), unless ``sendsEveryCase`` or the case is too large; the
    /// answer's names are then mapped back to the case's IDs.
    @inlinable
    func answers(for plans: [Form.Plan]) -> [Form.Batches] {
        var answers = programAnswers(for: plans)
        for index in answers.indices { answers[index] = Form.checked(answers[index], plan: plans[index]) }
        return answers
    }

    /// The program's batches for each plan, in order, as ``answers(for:)``
    /// gives them before they are checked.
    @inlinable
    func programAnswers(for plans: [Form.Plan]) -> [Form.Batches] {
        let canonical =
            sendsEveryCase
            ? [(key: Form.Key, names: Form.Names)?](repeating: nil, count: plans.count) : plans.map(Form.canonical)
        return kept.answers(
            keys: canonical.map { $0?.key },
            ask: { askers in
                zip(askers, ask(askers.map { (plans[$0], canonical[$0]) })).map { index, outcome in
                    // A case asked as it is has its own batches at hand; a canonical one renames them.
                    let asIs = canonical[index] == nil
                    switch outcome {
                    case .answered(let answer):
                        guard asIs, case .answered(let batches, _) = answer else {
                            return AnswerCache.Asked(answer: answer, keep: true, own: nil)
                        }
                        return AnswerCache.Asked(answer: answer, keep: true, own: batches)
                    case .failed(let reason, let keep):
                        return AnswerCache.Asked(
                            answer: .failed(reason), keep: keep, own: asIs ? Form.failure(reason) : nil)
                    }
                }
            },
            render: { index, answer in
                let names = canonical[index]!.names
                switch answer {
                case .answered(let batches, raw: nil):
                    return Form.renamed(batches, names: names, plan: plans[index])
                case .answered(_, let raw?):
                    var callsName = false
                    do throws(ProtocolMessages.Refusal) {
                        return try Form.resolve(
                            raw, names: names, plan: plans[index], canonical: false, callsName: &callsName)
                    } catch {
                        return Form.failure(error.reason)
                    }
                case .failed(let reason):
                    return Form.failure(reason)
                }
            },
            again: { indices in programAnswers(for: indices.map { plans[$0] }) })
    }

    /// Asks the program each case (see ``AdapterProcessPool/ask(_:resolve:)``):
    /// in its canonical form when it has one, otherwise as it is; each
    /// answer is read back with the names it was asked with.
    @usableFromInline
    func ask(_ cases: [(plan: Form.Plan, canonical: (key: Form.Key, names: Form.Names)?)])
        -> [AdapterProcessPool.Outcome<KeptAnswer>]
    {
        let positions = handshake.planPositions
        let names = cases.map { $0.canonical?.names ?? Form.ownNames(of: $0.plan) }
        let requests = cases.indices.map {
            Form.request(id: $0, plan: cases[$0].plan, names: names[$0], positions: positions)
        }
        return pool.ask(requests, sizes: cases.map { Form.size(of: $0.plan) }) {
            id, raw -> Result<KeptAnswer, ProtocolMessages.Refusal> in
            var callsName = false
            do throws(ProtocolMessages.Refusal) {
                let batches = try Form.resolve(
                    raw, names: names[id], plan: cases[id].plan, canonical: cases[id].canonical != nil,
                    callsName: &callsName)
                return .success(.answered(batches, raw: callsName ? raw : nil))
            } catch {
                return .failure(error)
            }
        }
    }
}
