import BatchUpdate
import UpdateCheckDiff

/// A sectioned adapter written in any language: a program that speaks the
/// adapter protocol (version 1, docs/adapter-protocol.md, "Sectioned lists")
/// on a sectioned model — `uikit-sections`, `diffable-sections` — proven by
/// the sectioned conformance kit exactly like the built-in sectioned adapters.
///
/// The handshake names the sectioned model; each request carries the old
/// and new snapshots as sections, the changed items and sections, and the
/// plan (section deletions, insertions and kept sections by offset; item
/// deletions, insertions and kept items by `[section, item]` path); each
/// response's batches hold the sections the data source shows and the calls
/// of the sectioned model's vocabulary. Batching, the timeout, restarts,
/// stderr and the limit of five failures in a row work as for
/// ``ExternalAdapter``; so does asking each distinct case once, with
/// sections renamed too, in order of first appearance, unless `sendsEveryCase`.
///
/// The kit's IDs are its own: sections `S`, `T`, `U` and items `a` … `e`.
///
/// ```swift
/// let adapter = try ExternalSectionedAdapter(
///     command: "python3 Examples/adapters/sectioned_collection.py",
///     model: UIKitSectionedModel<ExhaustiveSectionID, ExhaustiveID>.self, modelName: "uikit-sections")
/// let report = ConformanceKit.check(adapter, options: ConformanceOptions(sections: 2, sectionedIDs: 3))
/// adapter.stop()
/// ```
public struct ExternalSectionedAdapter<Inner: ReplayableSectionedModel>: UpdateAdapter
where Inner.SectionID == ExhaustiveSectionID, Inner.ItemID == ExhaustiveID {
    /// The wrapped built-in sectioned model, replaying the program's answers.
    public typealias Model = ExternalModel<Inner>

    /// The program.
    let program: ExternalProgram<SectionedForm<Inner>>

    /// Starts `command` and reads its handshake, as
    /// ``ExternalAdapter/init(command:model:modelName:timeout:workingDirectory:sendsEveryCase:)``
    /// does, for the built-in sectioned model `model` and its protocol name
    /// `modelName` (`uikit-sections`, `diffable-sections`).
    ///
    /// - Throws: ``ExternalAdapterError`` when the program cannot be started,
    ///   its handshake is missing or invalid, or it asks for plans as positions.
    public init(
        command: String, model: Inner.Type, modelName: String, timeout: Double = 10, workingDirectory: String? = nil,
        sendsEveryCase: Bool = false
    ) throws(ExternalAdapterError) {
        program = try ExternalProgram(
            command: command, workingDirectory: workingDirectory, modelName: modelName, timeout: max(0.01, timeout),
            sendsEveryCase: sendsEveryCase)
    }

    /// The name the program declared.
    public var name: String { program.handshake.name }
    /// The summary the program declared, or a default naming its model.
    public var summary: String { program.handshake.summary }
    /// The policy the program declared, which the kit holds it to.
    public var policy: AdapterPolicy { program.handshake.policy }
    /// The command the program was started with.
    public var command: String { program.command }
    /// Whether the program declared `"batch": true`: it gets many requests to a line.
    public var batches: Bool { program.handshake.batches }
    /// How many requests were written to the program so far (each case of a
    /// batch line counted, requests sent again after a restart included).
    public var requestsSent: Int { program.requestsSent }

    /// The program's batches for one case.
    public func batches(
        for plan: SectionedUpdatePlan<ExhaustiveSectionID, ExhaustiveID>
    ) -> [UpdateBatch<SectionedSnapshot<ExhaustiveSectionID, ExhaustiveID>, ExternalCall<Inner.Call>>] {
        program.answers(for: [plan])[0]
    }

    /// The program's batches for every case, the requests pipelined.
    public func batches(
        forEach plans: [SectionedUpdatePlan<ExhaustiveSectionID, ExhaustiveID>]
    ) -> [[UpdateBatch<SectionedSnapshot<ExhaustiveSectionID, ExhaustiveID>, ExternalCall<Inner.Call>>]] {
        program.answers(for: plans)
    }

    /// Closes the program's stdin and ends it.
    public func stop() { program.stop() }

    /// ``stop()`` as a closure that holds only the program.
    public var stopper: @Sendable () -> Void {
        let program = self.program
        return { program.stop() }
    }

    /// ``requestsSent`` as a closure that holds only the program.
    public var requestCounter: @Sendable () -> Int {
        let program = self.program
        return { program.requestsSent }
    }
}
