import BatchUpdate

/// Where a diffable-snapshot edit puts sections or items: before or after
/// an identifier already in the snapshot.
public enum SnapshotPlacement<ID: Hashable & Sendable>: Sendable, Hashable {
    /// Right before `ID`.
    case before(ID)
    /// Right after `ID`.
    case after(ID)

    /// The identifier placed against.
    public var anchor: ID {
        switch self {
        case .before(let id), .after(let id): id
        }
    }
}

/// One edit of an `NSDiffableDataSourceSnapshot` with sections, made on the
/// snapshot a batch starts from (`dataSource.snapshot()`); the batch ends
/// with `apply(_:)` of the edited snapshot.
///
/// The edits are the snapshot's own methods: `deleteAllItems()` (which also
/// removes every section, the way to build a snapshot from scratch),
/// `appendSections`, `insertSections(_:beforeSection:)` /
/// `afterSection:`, `deleteSections`, `moveSection(_:beforeSection:)` /
/// `afterSection:`, `reloadSections`, `appendItems(_:toSection:)`,
/// `insertItems(_:beforeItem:)` / `afterItem:`, `deleteItems`,
/// `moveItem(_:beforeItem:)` / `afterItem:`, `reconfigureItems` and
/// `reloadItems`. Sections and items are named by identifier.
public enum DiffableSectionedCall<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: ToolkitCall,
    Hashable
{
    /// `deleteAllItems()`: every section and item goes.
    case deleteAllItems
    /// `appendSections(_:)`.
    case appendSections([SectionID])
    /// `insertSections(_:beforeSection:)` or `insertSections(_:afterSection:)`.
    case insertSections([SectionID], SnapshotPlacement<SectionID>)
    /// `deleteSections(_:)`: the sections go with their items; unknown ones are ignored.
    case deleteSections([SectionID])
    /// `moveSection(_:beforeSection:)` or `moveSection(_:afterSection:)`: the section moves with its items.
    case moveSection(SectionID, SnapshotPlacement<SectionID>)
    /// `reloadSections(_:)`: the sections and every cell in them are created anew.
    case reloadSections([SectionID])
    /// `appendItems(_:toSection:)`; `nil` appends to the last section.
    case appendItems([ItemID], toSection: SectionID?)
    /// `insertItems(_:beforeItem:)` or `insertItems(_:afterItem:)`.
    case insertItems([ItemID], SnapshotPlacement<ItemID>)
    /// `deleteItems(_:)`: unknown items are ignored.
    case deleteItems([ItemID])
    /// `moveItem(_:beforeItem:)` or `moveItem(_:afterItem:)`, within or across sections.
    case moveItem(ItemID, SnapshotPlacement<ItemID>)
    /// `reconfigureItems(_:)`: the items keep their cells and are configured again.
    case reconfigureItems([ItemID])
    /// `reloadItems(_:)`: the items get new cells.
    case reloadItems([ItemID])

    /// The call as data, named after the snapshot method.
    public var record: CallRecord {
        switch self {
        case .deleteAllItems: CallRecord(method: "deleteAllItems", arguments: [])
        case .appendSections(let ids): CallRecord(method: "appendSections", arguments: [Self.list("sections", ids)])
        case .insertSections(let ids, let placement):
            CallRecord(
                method: "insertSections", arguments: [Self.list("sections", ids), Self.place(placement, "Section")])
        case .deleteSections(let ids): CallRecord(method: "deleteSections", arguments: [Self.list("sections", ids)])
        case .moveSection(let id, let placement):
            CallRecord(
                method: "moveSection", arguments: [Self.one("section", id), Self.place(placement, "Section")])
        case .reloadSections(let ids): CallRecord(method: "reloadSections", arguments: [Self.list("sections", ids)])
        case .appendItems(let ids, let section):
            CallRecord(
                method: "appendItems",
                arguments: [
                    Self.list("items", ids), CallArgument("toSection", section.map { .text("\($0)") } ?? .null),
                ])
        case .insertItems(let ids, let placement):
            CallRecord(method: "insertItems", arguments: [Self.list("items", ids), Self.place(placement, "Item")])
        case .deleteItems(let ids): CallRecord(method: "deleteItems", arguments: [Self.list("items", ids)])
        case .moveItem(let id, let placement):
            CallRecord(method: "moveItem", arguments: [Self.one("item", id), Self.place(placement, "Item")])
        case .reconfigureItems(let ids):
            CallRecord(method: "reconfigureItems", arguments: [Self.list("items", ids)])
        case .reloadItems(let ids): CallRecord(method: "reloadItems", arguments: [Self.list("items", ids)])
        }
    }

    private static func list<ID>(_ label: String, _ ids: [ID]) -> CallArgument {
        CallArgument(label, .list(ids.map { .text("\($0)") }))
    }

    private static func one<ID>(_ label: String, _ id: ID) -> CallArgument { CallArgument(label, .text("\(id)")) }

    private static func place<ID>(_ placement: SnapshotPlacement<ID>, _ kind: String) -> CallArgument {
        switch placement {
        case .before(let id): CallArgument("before" + kind, .text("\(id)"))
        case .after(let id): CallArgument("after" + kind, .text("\(id)"))
        }
    }
}
