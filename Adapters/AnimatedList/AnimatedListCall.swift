import BatchUpdate

/// One call on an `AnimatedList`-style list: Flutter's `AnimatedListState`,
/// or any list that splices one item at a time and has no move.
///
/// Each call is applied at once: every index refers to the list left by the
/// calls before it. There is no move: an item changes place by being removed
/// and inserted again, which builds it afresh in a new element.
public enum AnimatedListCall: ToolkitCall, Hashable {
    /// `insertItem(index)`: a new item, built from the data source after the
    /// update, ends up at `index`.
    case insertItem(index: Int)
    /// `removeItem(index, builder)`: the item at `index` is removed with its element.
    case removeItem(index: Int)
    /// `updateItem(index)`: the item at `index` is rebuilt in place from the
    /// data source after the update, keeping its element and state (a keyed
    /// rebuild).
    case updateItem(index: Int)

    /// The call as data, named after the list's method.
    public var record: CallRecord {
        switch self {
        case .insertItem(let index):
            CallRecord(method: "insertItem", arguments: [CallArgument("index", .integer(index))])
        case .removeItem(let index):
            CallRecord(method: "removeItem", arguments: [CallArgument("index", .integer(index))])
        case .updateItem(let index):
            CallRecord(method: "updateItem", arguments: [CallArgument("index", .integer(index))])
        }
    }
}
