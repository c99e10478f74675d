import BatchUpdate

/// A model of an Android `RecyclerView`, replaying `ListUpdateCallback`
/// notifications the way RecyclerView documents them.
///
/// - Each notification is applied at once; every position refers to the
///   list left by the notifications before it.
/// - A range must lie inside the list at that moment (an insert may start at
///   the end); a count below 1 and a move onto the same position change
///   nothing, as in RecyclerView's `AdapterHelper`.
/// - `onChanged` with a payload binds the existing view holder again;
///   without one, a new view holder replaces it.
/// - View holders for inserted and changed items are bound at the next
///   layout pass, after the notifications, at the items' final positions,
///   from the adapter's data (`UpdateBatch.items`), whose
///   `getItemCount()` must then match.
public struct RecyclerViewModel<ID: Hashable & Sendable>: ToolkitModel {
    /// The rows shown after the last layout pass.
    public var rows: [DisplayedRow<ID>] { shown }
    /// Storage of ``rows``.
    @usableFromInline var shown: [DisplayedRow<ID>]
    /// The list's rows while notifications are replayed.
    @usableFromInline var list: SequentialRows<ID>

    /// A RecyclerView showing `items`.
    @inlinable
    public init(showing items: [ID]) {
        list = SequentialRows(showing: items)
        shown = DisplayedRow.initial(showing: items)
    }

    /// Replays one dispatch of notifications, then a layout pass with the
    /// adapter holding `batch.items`.
    ///
    /// - Throws: the ``RecyclerViewError`` RecyclerView would report.
    /// - Complexity: O(*n*) per notification for *n* items.
    @inlinable
    public mutating func perform(_ batch: UpdateBatch<ID, RecyclerViewCall>) throws(RecyclerViewError) {
        for call in batch.calls {
            switch call {
            case .inserted(let position, let count):
                guard count >= 1 else { continue }
                guard position >= 0, position <= list.count else { throw invalid(call, position) }
                list.insert(count: count, at: position)
            case .removed(let position, let count):
                guard count >= 1 else { continue }
                guard position >= 0, position < list.count else { throw invalid(call, position) }
                guard position + count <= list.count else { throw invalid(call, list.count) }
                list.remove(position..<position + count)
            case .moved(let from, let to):
                guard from != to else { continue }
                guard from >= 0, from < list.count else { throw invalid(call, from) }
                guard to >= 0, to < list.count else { throw invalid(call, to) }
                list.move(from: from, to: to)
            case .changed(let position, let count, let payload):
                guard count >= 1 else { continue }
                guard position >= 0, position < list.count else { throw invalid(call, position) }
                guard position + count <= list.count else { throw invalid(call, list.count) }
                for index in position..<position + count { list.refresh(at: index, keepingCell: payload != nil) }
            }
        }
        guard list.count == batch.items.count else {
            throw .itemCountMismatch(notified: list.count, adapter: batch.items.count)
        }
        shown = list.bind(to: batch.items)
    }

    /// The error for `call` at `position`.
    @usableFromInline
    func invalid(_ call: RecyclerViewCall, _ position: Int) -> RecyclerViewError {
        .invalidPosition(call: call.description, position: position, itemCount: list.count)
    }
}
