import BatchUpdate

/// One call inside a UIKit batch update on a sectioned collection or table
/// view: the section calls plus the item calls of ``UIKitBatchCall``.
///
/// Section deletes, reloads and move sources are section offsets before the
/// update; section inserts and move destinations are offsets after it. Item
/// paths follow the same rule as in ``UIKitBatchCall``.
public enum UIKitSectionedCall: ToolkitCall, Hashable {
    /// `deleteSections(_:)`.
    case deleteSections([Int])
    /// `insertSections(_:)`.
    case insertSections([Int])
    /// `reloadSections(_:)`: the section and every cell in it are created anew.
    case reloadSections([Int])
    /// `moveSection(_:toSection:)`: the section moves with its items.
    case moveSection(Int, to: Int)
    /// An item call, as in a single-section batch.
    case item(UIKitBatchCall)

    /// The call as data, named after the collection-view method.
    public var record: CallRecord {
        switch self {
        case .deleteSections(let sections): Self.record("deleteSections", sections)
        case .insertSections(let sections): Self.record("insertSections", sections)
        case .reloadSections(let sections): Self.record("reloadSections", sections)
        case .moveSection(let from, let to):
            CallRecord(
                method: "moveSection",
                arguments: [CallArgument("at", .integer(from)), CallArgument("to", .integer(to))])
        case .item(let call): call.record
        }
    }

    private static func record(_ method: String, _ sections: [Int]) -> CallRecord {
        CallRecord(method: method, arguments: [CallArgument("sections", .list(sections.map { .integer($0) }))])
    }
}
