import BatchUpdate
import UpdateCheckDiff

/// The sectioned adapter program behind an ``ExternalSectionedAdapter``:
/// its copies (``AdapterProcessPool``) and the answers kept for reuse.
///
/// Unless every case is to be sent, each case is asked in its canonical
/// form (``SectionedCase``), once per distinct request (``AnswerCache``);
/// the raw answer is kept and resolved with each case's own names.
final class ExternalSectionedProgram<Inner: ReplayableSectionedModel>: Sendable
where Inner.SectionID == ExhaustiveSectionID, Inner.ItemID == ExhaustiveID {
    typealias Plan = SectionedUpdatePlan<ExhaustiveSectionID, ExhaustiveID>
    typealias Batches = [SectionedUpdateBatch<ExhaustiveSectionID, ExhaustiveID, ExternalCall<Inner.Call>>]

    /// A kept answer to a canonical request.
    enum KeptAnswer: Sendable {
        /// The program's batches, its names not yet resolved.
        case answered([ProtocolMessages.RawBatch])
        /// The program failed the request with this reason.
        case failed(String)
    }

    /// The copies of the program.
    let pool: AdapterProcessPool
    /// Whether every case is sent as it is, never an answer reused.
    let sendsEveryCase: Bool
    /// The answers kept for reuse, by canonical request body, shared by every caller.
    let kept: AnswerCache<[UInt8], KeptAnswer>

    /// Starts the program and reads its handshake.
    init(command: String, workingDirectory: String?, modelName: String, timeout: Double, sendsEveryCase: Bool)
        throws(ExternalAdapterError)
    {
        self.sendsEveryCase = sendsEveryCase
        pool = try AdapterProcessPool(
            command: command, workingDirectory: workingDirectory, modelName: modelName, sectioned: true,
            timeout: timeout, sendsEveryCase: sendsEveryCase)
        kept = AnswerCache()
        guard !pool.handshake.planPositions else {
            pool.stop()
            throw .badHandshake(
                command: command,
                reason: "\"plan\": \"positions\" is for flat models; a sectioned program gets the plan with "
                    + "index paths.", stderr: "")
        }
    }

    /// The program's batches for each plan, in order; a case the program
    /// failed gets one batch holding a single ``ExternalCall/failed(_:)``.
    func answers(for plans: [Plan]) -> [Batches] {
        let names = plans.map { plan in
            sendsEveryCase
                ? SectionedCase(plan, sectionNumber: { Int($0.number) }, itemNumber: { Int($0.number) })
                : SectionedCase(canonical: plan)
        }
        let bodies = zip(plans, names).map { ProtocolMessages.sectionedBody($0, names: $1) }
        return kept.answers(
            keys: sendsEveryCase ? [[UInt8]?](repeating: nil, count: plans.count) : bodies,
            ask: { askers in
                let requests = askers.enumerated().map {
                    ProtocolMessages.sectionedRequest(id: $0.offset, body: bodies[$0.element])
                }
                let outcomes = pool.ask(requests) { id, raw in
                    // Resolved once here, for the case that asks: an answer that does not
                    // resolve is the program's failure, and the asking case uses these batches.
                    do throws(ProtocolMessages.Refusal) {
                        let batches = try ProtocolMessages.resolve(raw, model: Inner.self, names: names[askers[id]])
                        return .success((raw: raw, batches: batches))
                    } catch {
                        return .failure(error)
                    }
                }
                return outcomes.map { outcome in
                    switch outcome {
                    case .answered(let answer):
                        AnswerCache.Asked(answer: .answered(answer.raw), keep: true, own: answer.batches)
                    case .failed(let reason, let keep):
                        AnswerCache.Asked(answer: .failed(reason), keep: keep, own: Self.failure(reason))
                    }
                }
            },
            render: { index, answer in
                switch answer {
                case .answered(let raw):
                    do throws(ProtocolMessages.Refusal) {
                        return try ProtocolMessages.resolve(raw, model: Inner.self, names: names[index])
                    } catch {
                        return Self.failure(error.reason)
                    }
                case .failed(let reason):
                    return Self.failure(reason)
                }
            },
            again: { indices in answers(for: indices.map { plans[$0] }) })
    }

    /// A case's answer when the program failed it.
    static func failure(_ reason: String) -> Batches {
        [SectionedUpdateBatch(sections: SectionedSnapshot([]), calls: [.failed(reason)])]
    }
}
