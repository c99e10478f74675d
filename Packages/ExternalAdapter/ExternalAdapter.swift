import BatchUpdate
import UpdateCheckDiff

/// An adapter written in any language: a program that speaks the adapter
/// protocol (version 1, docs/adapter-protocol.md) on its stdin and stdout,
/// proven by the conformance kit on the built-in model it names, flat
/// (`Plan` is `UpdatePlan<Int>`) or sectioned (`SectionedUpdatePlan` of the
/// kit's section and item IDs: `uikit-sections`, `diffable-sections`).
///
/// The program is started with `/bin/sh -c command` (again for each core
/// the kit asks from at the same time, unless every case is sent). Its first line
/// is the handshake — protocol version, name, model, policy. The kit then
/// writes one request line per case (the snapshots, the changed IDs and the
/// plan with index paths) and reads one response line per case (the batches
/// of calls in the model's vocabulary, each batch with the items the data
/// source holds). All cases of a group are written at once (pipelined), and
/// responses are matched by their `id`; a program whose handshake says
/// `"batch": true` gets many requests to a line and answers each line with one,
/// and one that says `"plan": "positions"` gets each plan as positions.
///
/// Cases equal up to a renaming of their item IDs are one question: the
/// program is asked each distinct canonical request once (IDs renamed in
/// order of first appearance, see the protocol document), and its answer
/// is replayed, names mapped back, on the model for every such case. Every
/// case is still checked and counted. A program whose answers depend on
/// the names it sees, or on earlier requests, must be proven with
/// `sendsEveryCase: true`, which sends every case as it is.
///
/// For a sectioned model each request carries the old and new snapshots as
/// sections, the changed items and sections, and the plan (section
/// deletions, insertions and kept sections by offset; item deletions,
/// insertions and kept items by `[section, item]` path); each response's
/// batches hold the sections the data source shows. Sections are renamed
/// too, in order of first appearance, and the kit's IDs are its own:
/// sections `S`, `T`, `U` and items `a` … `e`.
///
/// A program that exits, does not finish an answer within `timeout` seconds, prints a line
/// that is not a response, or answers with a call the model does not take
/// fails that case — the message names what happened and ends with the
/// program's stderr — and is started again for the next case. After five
/// such failures in a row it is not started again, and the remaining cases
/// fail at once, so a broken program never hangs the run.
///
/// ```swift
/// let adapter = try ExternalAdapter(
///     command: "python3 Examples/adapters/recyclerview_callback.py", model: RecyclerViewModel<Int>.self,
///     modelName: "recyclerview")
/// let report = ConformanceKit.check(adapter, options: ConformanceOptions(ids: 5, randomPairs: 1000))
/// adapter.stop()
///
/// let sectioned = try ExternalAdapter(
///     command: "python3 Examples/adapters/sectioned_collection.py",
///     model: UIKitSectionedModel<ExhaustiveSectionID, ExhaustiveID>.self, modelName: "uikit-sections")
/// let sections = ConformanceKit.check(sectioned, options: ConformanceOptions(sections: 2, sectionedIDs: 3))
/// sectioned.stop()
/// ```
public struct ExternalAdapter<Plan: ListPlan, Inner: ToolkitModel>: UpdateAdapter
where Inner.Snapshot == Plan.Snapshot, Inner.Displayed == Plan.Displayed {
    /// The wrapped built-in model, replaying the program's answers.
    public typealias Model = ExternalModel<Inner>

    /// The program's copies: its command, handshake and counters.
    @usableFromInline let pool: AdapterProcessPool
    /// The program's batches for each plan, the requests pipelined.
    @usableFromInline let answers: @Sendable ([Plan]) -> [[UpdateBatch<Plan.Snapshot, ExternalCall<Inner.Call>>]]

    /// Starts `command` for the flat model `model` and reads its handshake.
    ///
    /// - Parameters:
    ///   - command: the program and its arguments, run with `/bin/sh -c`.
    ///   - model: the built-in model the program's calls are replayed on.
    ///   - modelName: the model's name in the protocol (`uikit`,
    ///     `recyclerview`, …), which the handshake must name.
    ///   - timeout: how long the program may take to print a case's whole
    ///     answer line, and its handshake line, in seconds.
    ///   - workingDirectory: the folder the program runs in (each time it
    ///     is started), or `nil` for the current folder.
    ///   - sendsEveryCase: whether every case is sent as it is, never an
    ///     answer reused for a case equal up to renaming.
    /// - Throws: ``ExternalAdapterError`` when the program cannot be started
    ///   (the folder cannot be entered included) or its handshake is missing
    ///   or invalid.
    public init(
        command: String, model: Inner.Type, modelName: String, timeout: Double = 10, workingDirectory: String? = nil,
        sendsEveryCase: Bool = false
    ) throws(ExternalAdapterError)
    where Inner: ReplayableModel, Inner.ItemID == Int, Inner.Snapshot == [Int], Plan == UpdatePlan<Int> {
        self.init(
            try ExternalProgram<FlatForm<Inner>>(
                command: command, workingDirectory: workingDirectory, modelName: modelName,
                timeout: max(0.01, timeout), sendsEveryCase: sendsEveryCase))
    }

    /// Starts `command` for the sectioned model `model` (`uikit-sections`,
    /// `diffable-sections` as `modelName`) and reads its handshake, as the
    /// flat ``init(command:model:modelName:timeout:workingDirectory:sendsEveryCase:)``
    /// does.
    ///
    /// - Throws: ``ExternalAdapterError`` when the program cannot be started,
    ///   its handshake is missing or invalid, or it asks for plans as positions.
    public init(
        command: String, model: Inner.Type, modelName: String, timeout: Double = 10, workingDirectory: String? = nil,
        sendsEveryCase: Bool = false
    ) throws(ExternalAdapterError)
    where
        Inner: ReplayableModel, Inner.SectionID == ExhaustiveSectionID, Inner.ItemID == ExhaustiveID,
        Inner.Snapshot == SectionedSnapshot<ExhaustiveSectionID, ExhaustiveID>,
        Plan == SectionedUpdatePlan<ExhaustiveSectionID, ExhaustiveID>
    {
        self.init(
            try ExternalProgram<SectionedForm<Inner>>(
                command: command, workingDirectory: workingDirectory, modelName: modelName,
                timeout: max(0.01, timeout), sendsEveryCase: sendsEveryCase))
    }

    /// An adapter answering through `program`.
    init<Form: SendableMetatype>(_ program: ExternalProgram<Form>)
    where Form.Plan == Plan, Form.Batches == [UpdateBatch<Plan.Snapshot, ExternalCall<Inner.Call>>] {
        pool = program.pool
        answers = { program.answers(for: $0) }
    }

    /// The name the program declared.
    public var name: String { pool.handshake.name }
    /// The summary the program declared, or a default naming its model.
    public var summary: String { pool.handshake.summary }
    /// The policy the program declared, which the kit holds it to.
    public var policy: AdapterPolicy { pool.handshake.policy }
    /// The command the program was started with.
    public var command: String { pool.command }
    /// Whether the program declared `"batch": true`: it gets many requests to a line.
    public var batches: Bool { pool.handshake.batches }
    /// Whether the program declared `"plan": "positions"`: its requests carry
    /// the plan as positions (the old position of each new item, the moved
    /// and the changed new positions) instead of index paths. Never for a
    /// sectioned program.
    public var plansAsPositions: Bool { pool.handshake.planPositions }
    /// How many requests were written to the program so far (each case of a
    /// batch line counted, requests sent again after a restart included).
    /// Without `sendsEveryCase`, far fewer than the cases checked.
    public var requestsSent: Int { pool.requestsSent }

    /// The program's batches for one case.
    @inlinable
    public func batches(for plan: Plan) -> [UpdateBatch<Plan.Snapshot, ExternalCall<Inner.Call>>] {
        answers([plan])[0]
    }

    /// The program's batches for every case, the requests pipelined.
    @inlinable
    public func batches(forEach plans: [Plan]) -> [[UpdateBatch<Plan.Snapshot, ExternalCall<Inner.Call>>]] {
        answers(plans)
    }

    /// Closes the program's stdin and ends it.
    public func stop() { pool.stop() }

    /// ``stop()`` as a closure that holds only the program, for callers that
    /// keep adapters of several models side by side.
    public var stopper: @Sendable () -> Void {
        let pool = self.pool
        return { pool.stop() }
    }

    /// ``requestsSent`` as a closure that holds only the program.
    public var requestCounter: @Sendable () -> Int {
        let pool = self.pool
        return { pool.requestsSent }
    }
}
