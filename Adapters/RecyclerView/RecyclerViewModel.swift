import BatchUpdate

/// A model of an Android `RecyclerView`, replaying `ListUpdateCallback`
/// notifications the way RecyclerView documents them.
///
/// - Each notification is applied at once; every position refers to the
///   list left by the notifications before it.
/// - A range must lie inside the list at that moment (an insert may start at
///   the end); a count below 1 and a move onto the same position change
///   nothing, as in RecyclerView's `AdapterHelper`.
/// - The list may never hold more rows than it held before the dispatch
///   plus the adapter's items after it: no update between two lists needs
///   more, so an insert past that bound (a program answering
///   `count: 2147483648`) is refused before a row is made.
/// - `onChanged` with a payload binds the existing view holder again;
///   without one, a new view holder replaces it.
/// - View holders for inserted and changed items are bound at the next
///   layout pass, after the notifications, at the items' final positions,
///   from the adapter's data (`UpdateBatch.items`), whose
///   `getItemCount()` must then match.
public struct RecyclerViewModel<ID: Hashable & Sendable>: ToolkitModel {
    /// The rows shown after the last layout pass.
    public var displayed: [DisplayedRow<ID>] { list.shown }
    /// The list's rows while notifications are replayed, and what it shows.
    @usableFromInline var list: SequentialRows<ID>

    /// A RecyclerView showing `items`.
    @inlinable
    public init(showing items: [ID]) { list = SequentialRows(showing: items) }

    /// Replays one dispatch of notifications, then a layout pass with the
    /// adapter holding `batch.dataSource`.
    ///
    /// - Throws: the ``RecyclerViewError`` RecyclerView would report.
    /// - Complexity: O(*n*) per notification for *n* items.
    @inlinable
    public mutating func perform(_ batch: UpdateBatch<[ID], RecyclerViewCall>) throws(RecyclerViewError) {
        let rowLimit = list.count + batch.dataSource.count
        try list.replay(
            batch,
            apply: { (call, list) throws(RecyclerViewError) in try Self.apply(call, to: &list, rowLimit: rowLimit) }
        ) { .itemCountMismatch(notified: $0, adapter: $1) }
    }

    /// Checks `call` against `list` as it is now, and the rows it leaves
    /// against `rowLimit`, and applies it.
    @inlinable
    static func apply(_ call: RecyclerViewCall, to list: inout SequentialRows<ID>, rowLimit: Int)
        throws(RecyclerViewError)
    {
        func invalid(_ position: Int) -> RecyclerViewError {
            .invalidPosition(call: call.description, position: position, itemCount: list.count)
        }
        switch call {
        case .inserted(let position, let count):
            guard count >= 1 else { return }
            guard position >= 0, position <= list.count else { throw invalid(position) }
            guard count <= rowLimit - list.count else {
                throw .countOutOfRange(call: call.description, count: count, limit: rowLimit - list.count)
            }
            list.insert(count: count, at: position)
        case .removed(let position, let count):
            guard count >= 1 else { return }
            guard position >= 0, position < list.count else { throw invalid(position) }
            guard count <= list.count - position else { throw invalid(list.count) }
            list.remove(position..<position + count)
        case .moved(let from, let to):
            guard from != to else { return }
            guard from >= 0, from < list.count else { throw invalid(from) }
            guard to >= 0, to < list.count else { throw invalid(to) }
            list.move(from: from, to: to)
        case .changed(let position, let count, let payload):
            guard count >= 1 else { return }
            guard position >= 0, position < list.count else { throw invalid(position) }
            guard count <= list.count - position else { throw invalid(list.count) }
            for index in position..<position + count { list.refresh(at: index, keepingCell: payload != nil) }
        }
    }
}
