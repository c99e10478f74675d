/// Turns an update plan into the ordered calls of one UI toolkit, for a flat
/// list (``UpdatePlan``) or a sectioned one (``SectionedUpdatePlan``).
///
/// An adapter names the toolkit model it is proven against and declares its
/// ``policy``; ``ConformanceKit`` then checks that replaying
/// ``batches(for:)`` on the model shows exactly the new snapshot, refreshes
/// every content-changed item (and section), keeps the cells the policy
/// promises to keep, and never trips a toolkit error.
///
/// The plan's type is the list's shape: its snapshots, its item IDs and what
/// the model shows of it are the plan's (``ListPlan``). A flat list is the
/// one-section case of the shapes, which the kit proves through its
/// specialised flat loop.
///
/// Adapters are generic over their IDs so the same adapter serves an app
/// (with its own IDs) and the kit (which proves flat adapters with `Int`
/// IDs and sectioned ones with `ExhaustiveSectionID` and `ExhaustiveID`).
public protocol UpdateAdapter<Plan>: Sendable {
    /// The plan the adapter takes: ``UpdatePlan`` or ``SectionedUpdatePlan``.
    associatedtype Plan: ListPlan
    /// The calls this adapter makes.
    associatedtype Call: ToolkitCall
    /// The model of the toolkit the calls are made on.
    associatedtype Model: ToolkitModel
    where Model.Snapshot == Plan.Snapshot, Model.Displayed == Plan.Displayed, Model.Call == Call

    /// A short name, unique among adapters (`uikit`, `uikit-sections`).
    var name: String { get }
    /// One paragraph on the toolkit semantics the adapter follows, for
    /// listings; empty by default.
    var summary: String { get }
    /// How the adapter refreshes changed items and handles moved+changed ones.
    var policy: AdapterPolicy { get }

    /// The batches of calls that take the toolkit from `plan.old` to `plan.new`, in order.
    func batches(for plan: Plan) -> [UpdateBatch<Plan.Snapshot, Call>]

    /// The batches for each of `plans`, in the same order.
    ///
    /// The conformance kit hands an adapter all the cases of one group at
    /// once through this method, so that an adapter with a cost per request
    /// (a program in another process) can pipeline them. The default calls
    /// ``batches(for:)`` for each plan.
    func batches(forEach plans: [Plan]) -> [[UpdateBatch<Plan.Snapshot, Call>]]

    /// The kept items this adapter moves, whose cells follow the policy's
    /// ``AdapterPolicy/moves`` style.
    ///
    /// The default is the plan's moves (``ListPlan/movedItems``); an adapter
    /// that works on another form of the list (header rows, see
    /// ``HeaderRowAdapter``) names the items its own diff moves. The kit's
    /// flat loop reads a flat plan's moves item by item instead.
    func movedItems(for plan: Plan) -> Set<Plan.ItemID>
}

extension UpdateAdapter {
    /// No summary: an empty paragraph.
    public var summary: String { "" }

    /// ``batches(for:)`` for each plan, in order.
    @inlinable
    public func batches(forEach plans: [Plan]) -> [[UpdateBatch<Plan.Snapshot, Call>]] {
        plans.map { batches(for: $0) }
    }

    /// The plan's moved items.
    @inlinable
    public func movedItems(for plan: Plan) -> Set<Plan.ItemID> { plan.movedItems }
}

/// One group of calls the toolkit takes as a unit (one `performBatchUpdates`
/// block, one `beginUpdates`/`endUpdates` pair, one `apply`), together with
/// what the data source holds when the toolkit asks it during and after them.
///
/// An adapter decides when the data source changes: ``dataSource`` is the
/// list the data source reports for this batch (usually the new snapshot
/// from the first batch on), `[ID]` for a flat list and a
/// `SectionedSnapshot` for a sectioned one.
public struct UpdateBatch<Snapshot: Sendable & Equatable, Call: ToolkitCall>: Sendable, Equatable {
    /// The list the data source reports during and after this batch.
    public var dataSource: Snapshot
    /// The calls, in the order they are made.
    public var calls: [Call]

    /// Creates a batch.
    @inlinable
    public init(dataSource: Snapshot, calls: [Call]) {
        self.dataSource = dataSource
        self.calls = calls
    }
}

extension UpdateBatch: CustomStringConvertible {
    /// The calls in order, separated by `; `, then what the data source
    /// reports: `deleteItems(at: [[0, 1]]); insertItems(at: [[0, 2]]) → [c, a, d]`.
    public var description: String {
        let shown: String
        if let items = dataSource as? any Collection {
            shown = "[" + items.map { "\($0)" }.joined(separator: ", ") + "]"
        } else {
            shown = "\(dataSource)"
        }
        return calls.map(\.description).joined(separator: "; ") + " → " + shown
    }
}
