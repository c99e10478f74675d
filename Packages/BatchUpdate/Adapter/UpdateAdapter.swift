/// Turns an ``UpdatePlan`` into the ordered calls of one UI toolkit.
///
/// An adapter names the toolkit model it is proven against and declares its
/// ``policy``; ``ConformanceKit`` then checks, for every small pair and for
/// random large ones, that replaying ``batches(for:)`` on the model shows
/// exactly the new snapshot, refreshes every content-changed item, keeps the
/// cells the policy promises to keep, and never trips a toolkit error.
///
/// Adapters are generic over the item ID so the same adapter serves an app
/// (with its own IDs) and the kit (which proves it with `Int` IDs).
public protocol UpdateAdapter<ID>: Sendable {
    /// The item identifier.
    associatedtype ID: Hashable & Sendable
    /// The calls this adapter makes.
    associatedtype Call: ToolkitCall
    /// The model of the toolkit the calls are made on.
    associatedtype Model: ToolkitModel where Model.ID == ID, Model.Call == Call

    /// A short name, unique among adapters (`uikit`).
    var name: String { get }
    /// One paragraph on the toolkit semantics the adapter follows, for listings.
    var summary: String { get }
    /// How the adapter refreshes changed items and handles moved+changed ones.
    var policy: AdapterPolicy { get }

    /// The batches of calls that take the toolkit from `plan.old` to `plan.new`, in order.
    func batches(for plan: UpdatePlan<ID>) -> [UpdateBatch<ID, Call>]

    /// The batches for each of `plans`, in the same order.
    ///
    /// The conformance kit hands an adapter all the cases of one group at
    /// once through this method, so that an adapter with a cost per request
    /// (a program in another process) can pipeline them. The default calls
    /// ``batches(for:)`` for each plan.
    func batches(forEach plans: [UpdatePlan<ID>]) -> [[UpdateBatch<ID, Call>]]
}

extension UpdateAdapter {
    /// ``batches(for:)`` for each plan, in order.
    @inlinable
    public func batches(forEach plans: [UpdatePlan<ID>]) -> [[UpdateBatch<ID, Call>]] {
        plans.map { batches(for: $0) }
    }
}

/// One group of calls the toolkit takes as a unit (one `performBatchUpdates`
/// block, one `beginUpdates`/`endUpdates` pair, one `apply`), together with
/// what the data source holds when the toolkit asks it during and after them.
///
/// An adapter decides when the data source changes: ``items`` is the list the
/// data source reports for this batch (usually the new snapshot from the
/// first batch on).
public struct UpdateBatch<ID: Hashable & Sendable, Call: ToolkitCall>: Sendable, Equatable {
    /// The items the data source reports during and after this batch, in order.
    public var items: [ID]
    /// The calls, in the order they are made.
    public var calls: [Call]

    /// Creates a batch.
    @inlinable
    public init(items: [ID], calls: [Call]) {
        self.items = items
        self.calls = calls
    }
}

extension UpdateBatch: CustomStringConvertible {
    /// The calls in order, separated by `; `, then the items the data source
    /// reports: `deleteItems(at: [[0, 1]]); insertItems(at: [[0, 2]]) → [c, a, d]`.
    public var description: String {
        let shown = items.map { "\($0)" }.joined(separator: ", ")
        return calls.map(\.description).joined(separator: "; ") + " → [\(shown)]"
    }
}
