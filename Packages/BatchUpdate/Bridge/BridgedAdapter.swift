/// A bridge under test, as an adapter the conformance kit proves: the code
/// that hands an adapter's batches to the real toolkit, run against a
/// recording view.
///
/// For each plan, ``batches(for:)`` runs the bridge on a fresh recording view
/// (whose ``BridgeRecorder`` plays the app's data source) and returns what
/// the view recorded: one batch per toolkit batch, each with the data
/// source's list at its end. ``BridgedModel`` replays them on the base
/// adapter's toolkit model, so the kit checks the bridge exactly as it
/// checks adapters (every pair of a bound, random pairs, shrinking) and
/// also fails:
/// - a data source updated outside a batch, more than once in a batch, or
///   after a batch's first call;
/// - a cell configured while the data source still held the old content;
/// - a batch after which the toolkit shows another list than the data source
///   reports (a count, or an order, that disagrees).
///
/// ```swift
/// let bridged = BridgedAdapter(UIKitBatchAdapter<Int>(), name: "uikit-bridge") { adapter, plan in
///     let view = UIKitRecordingView<UpdatePlan<Int>, UIKitBatchCall>(showing: plan.old)
///     adapter.apply(plan, to: view, dataSource: view.recorder.updateDataSource)
///     return view.recorder.recording
/// }
/// let report = ConformanceKit.check(bridged, options: ConformanceOptions(ids: 4))
/// ```
public struct BridgedAdapter<Base: UpdateAdapter>: UpdateAdapter {
    /// The recorded batches of one bridge run.
    public typealias Recording = [UpdateBatch<Base.Plan.Snapshot, BridgeEvent<Base.Call>>]
    /// The base adapter's model, with the bridge's rules.
    public typealias Model = BridgedModel<Base.Plan, Base.Model>

    /// The adapter whose batches the bridge hands over.
    public var base: Base
    /// The bridge's name in reports (`uikit-bridge`).
    public var name: String
    /// Runs the bridge for one plan on a fresh recording view and returns
    /// what it recorded.
    public var run: @Sendable (Base, Base.Plan) -> Recording

    /// Proves `bridge` (run on a recording view of the caller's choice) with
    /// `base`'s batches; `name` defaults to the base's name + `-bridge`.
    @inlinable
    public init(_ base: Base, name: String? = nil, bridge: @escaping @Sendable (Base, Base.Plan) -> Recording) {
        self.base = base
        self.name = name ?? base.name + "-bridge"
        self.run = bridge
    }

    /// The base adapter's summary, with what the bridge adds.
    public var summary: String {
        "The bridge of \(base.name) on a recording view: data source updated once per batch, inside it and "
            + "before its calls; counts, order and cell content checked at every batch end."
    }

    /// The base adapter's policy.
    public var policy: AdapterPolicy { base.policy }

    /// What the recording view saw while the bridge handled `plan`.
    @inlinable
    public func batches(for plan: Base.Plan) -> Recording { run(base, plan) }

    /// The base adapter's moved items.
    @inlinable
    public func movedItems(for plan: Base.Plan) -> Set<Base.Plan.ItemID> { base.movedItems(for: plan) }
}

/// A toolkit model with the rules of a bridge: it replays a recorded
/// ``BridgeEvent`` batch on the base model and checks the data source's
/// timing around it (see ``BridgedAdapter``).
public struct BridgedModel<Plan: ListPlan, Base: ToolkitModel>: ToolkitModel
where Base.Snapshot == Plan.Snapshot, Base.Displayed == Plan.Displayed {
    /// The base model.
    @inlinable public var base: Base { model }
    /// Storage of ``base``.
    @usableFromInline var model: Base

    /// A model showing `snapshot`.
    @inlinable
    public init(showing snapshot: Plan.Snapshot) { model = Base(showing: snapshot) }

    /// What the base model shows.
    @inlinable public var displayed: Plan.Displayed { model.displayed }

    /// Checks one recorded batch's timing, replays its calls on the base
    /// model, then checks that the toolkit shows what the data source reports.
    ///
    /// - Throws: ``BridgeError``.
    @inlinable
    public mutating func perform(_ batch: UpdateBatch<Plan.Snapshot, BridgeEvent<Base.Call>>) throws(BridgeError) {
        var updates = 0
        var calls: [Base.Call] = []
        for event in batch.calls {
            switch event {
            case .call(let call): calls.append(call)
            case .unsupportedCall(let record): throw .unsupportedCall(record.description)
            case .dataSourceUpdate(let outside):
                if outside { throw .updatedOutsideBatch }
                if !calls.isEmpty { throw .updatedAfterCalls }
                updates += 1
                if updates > 1 { throw .updatedMoreThanOnce }
            case .cellConfigured(let item, let stale):
                if stale { throw .staleCell(item: item) }
            }
        }
        do {
            try model.perform(UpdateBatch(dataSource: batch.dataSource, calls: calls))
        } catch {
            throw .toolkit(error.description)
        }
        guard Plan.shows(model.displayed, exactly: batch.dataSource) else {
            throw .shownDiffers(shown: "\(Plan.snapshot(of: model.displayed))", dataSource: "\(batch.dataSource)")
        }
    }
}

/// What a bridge did wrong in one batch, as ``BridgedModel`` finds it;
/// the conformance kit's report names the batch.
public enum BridgeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The data source was updated outside any batch (recorded as a batch of its own).
    case updatedOutsideBatch
    /// The data source was updated after the batch's first call.
    case updatedAfterCalls
    /// The data source was updated more than once in one batch.
    case updatedMoreThanOnce
    /// The toolkit configured `item`'s cell while the data source held the content of before the update.
    case staleCell(item: String)
    /// The view received a call its toolkit model cannot take.
    case unsupportedCall(String)
    /// The base model raised the toolkit's error.
    case toolkit(String)
    /// After the batch the toolkit shows another list than the data source reports.
    case shownDiffers(shown: String, dataSource: String)

    /// One sentence on what went wrong.
    public var description: String {
        switch self {
        case .updatedOutsideBatch:
            "the data source was updated outside a batch; the toolkit reads it only inside one"
        case .updatedAfterCalls:
            "the data source was updated after the batch's first call; it must hold the batch's list before its calls"
        case .updatedMoreThanOnce: "the data source was updated more than once in one batch"
        case .staleCell(let item):
            "the cell of \(item) was configured from stale content: the data source was not updated yet"
        case .unsupportedCall(let call): "\(call) is not a call this toolkit model takes"
        case .toolkit(let message): message
        case .shownDiffers(let shown, let dataSource):
            "after the batch the toolkit shows \(shown) but the data source reports \(dataSource)"
        }
    }
}
