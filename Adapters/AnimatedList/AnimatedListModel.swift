import BatchUpdate

/// A model of an `AnimatedList`-style list (Flutter's `AnimatedListState`, a
/// splice-based web list without keyed reuse), replaying its calls the way
/// such a list behaves.
///
/// - Each call is applied at once; every index refers to the list left by
///   the calls before it. `insertItem` may name the end of the list.
/// - There is no move: an item that changes place is removed (its element
///   is discarded) and inserted (a new element is built).
/// - `updateItem` rebuilds the item in place, keeping its element.
/// - New and updated items are built after the calls, at their final
///   indexes, from the data source (`UpdateBatch.items`), whose count must
///   then match the list's.
public struct AnimatedListModel<ID: Hashable & Sendable>: ToolkitModel {
    /// The rows shown after the last build.
    public var displayed: [DisplayedRow<ID>] { list.shown }
    /// The list's rows while calls are replayed, and what it shows.
    @usableFromInline var list: SequentialRows<ID>

    /// A list showing `items`.
    @inlinable
    public init(showing items: [ID]) { list = SequentialRows(showing: items) }

    /// Replays one group of calls, then a build with the data source holding `batch.dataSource`.
    ///
    /// - Throws: the ``AnimatedListError`` the list would raise.
    /// - Complexity: O(*n*) per call for *n* items.
    @inlinable
    public mutating func perform(_ batch: UpdateBatch<[ID], AnimatedListCall>) throws(AnimatedListError) {
        try list.replay(batch, apply: Self.apply) { .itemCountMismatch(list: $0, dataSource: $1) }
    }

    /// Checks `call` against `list` as it is now and applies it.
    @inlinable
    static func apply(_ call: AnimatedListCall, to list: inout SequentialRows<ID>) throws(AnimatedListError) {
        func invalid(_ index: Int) -> AnimatedListError {
            .indexOutOfRange(call: call.description, index: index, itemCount: list.count)
        }
        switch call {
        case .insertItem(let index):
            guard index >= 0, index <= list.count else { throw invalid(index) }
            list.insert(count: 1, at: index)
        case .removeItem(let index):
            guard index >= 0, index < list.count else { throw invalid(index) }
            list.remove(index..<index + 1)
        case .updateItem(let index):
            guard index >= 0, index < list.count else { throw invalid(index) }
            list.refresh(at: index, keepingCell: true)
        }
    }
}
