import BatchUpdate
import ListDiff
import Synchronization

/// The sectioned adapter program behind an ``ExternalSectionedAdapter``:
/// its copies (``AdapterProcessPool``) and the answers kept for reuse.
///
/// Unless every case is to be sent, each case is asked in its canonical
/// form (``SectionedCase``), once per distinct request among the kept
/// answers and the cases of one call; the raw answer is kept and resolved
/// with each case's own names.
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
    /// The answers kept for reuse, by canonical request body.
    let kept: Mutex<[[UInt8]: KeptAnswer]>
    /// The most answers kept for reuse.
    static var keptLimit: Int { 1 << 16 }

    /// Starts the program and reads its handshake.
    init(command: String, workingDirectory: String?, modelName: String, timeout: Double, sendsEveryCase: Bool)
        throws(ExternalAdapterError)
    {
        self.sendsEveryCase = sendsEveryCase
        pool = try AdapterProcessPool(
            command: command, workingDirectory: workingDirectory, modelName: modelName, sectioned: true,
            timeout: timeout, sendsEveryCase: sendsEveryCase)
        kept = Mutex([:])
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
        var found = [KeptAnswer?](repeating: nil, count: plans.count)
        if !sendsEveryCase {
            kept.withLock { kept in
                for index in plans.indices { found[index] = kept[bodies[index]] }
            }
        }
        /// The requests to send, each the first case that asks it.
        var askers: [Int] = []
        var questionOf = [Int](repeating: -1, count: plans.count)
        var asked: [[UInt8]: Int] = [:]
        for index in plans.indices where found[index] == nil {
            if !sendsEveryCase, let question = asked[bodies[index]] {
                questionOf[index] = question
                continue
            }
            asked[bodies[index]] = askers.count
            questionOf[index] = askers.count
            askers.append(index)
        }
        let requests = askers.enumerated().map {
            ProtocolMessages.sectionedRequest(id: $0.offset, body: bodies[$0.element])
        }
        let outcomes =
            requests.isEmpty
            ? []
            : pool.ask(requests) { id, raw in
                // Resolved once here, for the case that asks: an answer that does not
                // resolve is the program's failure, and the asking case uses these batches.
                do throws(ProtocolMessages.Refusal) {
                    let batches = try ProtocolMessages.resolve(raw, model: Inner.self, names: names[askers[id]])
                    return .success((raw: raw, batches: batches))
                } catch {
                    return .failure(error)
                }
            }
        if !sendsEveryCase {
            kept.withLock { kept in
                for (question, index) in askers.enumerated() where kept.count < Self.keptLimit {
                    switch outcomes[question] {
                    case .answered(let answer): kept[bodies[index]] = .answered(answer.raw)
                    case .failed(let reason, kept: true): kept[bodies[index]] = .failed(reason)
                    case .failed(_, kept: false): break
                    }
                }
            }
        }
        return plans.indices.map { index in
            let answer: KeptAnswer
            if let known = found[index] {
                answer = known
            } else {
                let question = questionOf[index]
                switch outcomes[question] {
                case .answered(let asked) where askers[question] == index: return asked.batches
                case .answered(let asked): answer = .answered(asked.raw)
                case .failed(let reason, _): answer = .failed(reason)
                }
            }
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
        }
    }

    /// A case's answer when the program failed it.
    static func failure(_ reason: String) -> Batches {
        [SectionedUpdateBatch(sections: SectionedSnapshot([]), calls: [.failed(reason)])]
    }
}
