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
