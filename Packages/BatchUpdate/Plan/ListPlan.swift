import UpdateCheckDiff

/// The plan of one list shape, which ties together what an ``UpdateAdapter``
/// and its ``ToolkitModel`` work on: the snapshots the plan goes between,
/// the item IDs and what a model shows of the list.
///
/// A flat list's plan is ``UpdatePlan`` (snapshots `[ID]`, shown as
/// ``DisplayedRow``s); a sectioned list's is ``SectionedUpdatePlan``
/// (snapshots `SectionedSnapshot`, shown as ``DisplayedSection``s). A flat
/// list is the one-section case, kept as its own plan because its engine and
/// the kit's flat loop are measurably faster.
public protocol ListPlan: Sendable {
    /// A snapshot of the list: `[ID]` or `SectionedSnapshot`.
    associatedtype Snapshot: Sendable & Equatable
    /// The item identifier.
    associatedtype ItemID: Hashable & Sendable
    /// What a toolkit model shows of the list: its rows, or its sections.
    associatedtype Displayed

    /// The snapshot before the update.
    var old: Snapshot { get }
    /// The snapshot after the update.
    var new: Snapshot { get }
    /// The kept items the diff moves.
    var movedItems: Set<ItemID> { get }

    /// The snapshot a toolkit model shows when it shows `displayed`.
    static func snapshot(of displayed: Displayed) -> Snapshot
    /// Whether `displayed` shows exactly the sections and items of
    /// `snapshot`: ``snapshot(of:)`` == `snapshot`, without building it.
    static func shows(_ displayed: Displayed, exactly snapshot: Snapshot) -> Bool
    /// The item at `path` of `snapshot`, or `nil` when there is none.
    static func item(at path: ItemPath, in snapshot: Snapshot) -> ItemID?
    /// The items of the section at `section` of `snapshot` (none when out
    /// of range; a flat list is section 0).
    static func items(inSection section: Int, of snapshot: Snapshot) -> [ItemID]
}

extension UpdatePlan: ListPlan {
    /// The kept items the diff moves.
    ///
    /// - Complexity: O(*n*) in the number of new items.
    @inlinable
    public var movedItems: Set<ID> { Set(new.indices.lazy.filter { isMoved(new: $0) }.map { new[$0] }) }

    /// The IDs of the rows.
    @inlinable
    public static func snapshot(of displayed: [DisplayedRow<ID>]) -> [ID] { displayed.map(\.id) }

    /// Whether the rows show exactly `snapshot`'s items, in order.
    @inlinable
    public static func shows(_ displayed: [DisplayedRow<ID>], exactly snapshot: [ID]) -> Bool {
        displayed.count == snapshot.count && zip(displayed, snapshot).allSatisfy { $0.id == $1 }
    }

    /// The item at row `path.item` of section 0.
    @inlinable
    public static func item(at path: ItemPath, in snapshot: [ID]) -> ID? {
        path.section == 0 && snapshot.indices.contains(path.item) ? snapshot[path.item] : nil
    }

    /// Every item for section 0, none for any other.
    @inlinable
    public static func items(inSection section: Int, of snapshot: [ID]) -> [ID] { section == 0 ? snapshot : [] }
}

extension SectionedUpdatePlan: ListPlan {
    /// The sections' IDs and their rows' IDs.
    @inlinable
    public static func snapshot(
        of displayed: [DisplayedSection<SectionID, ItemID>]
    ) -> SectionedSnapshot<SectionID, ItemID> {
        SectionedSnapshot(displayed.map { .init(id: $0.id, items: $0.rows.map(\.id)) })
    }

    /// Whether the sections show exactly `snapshot`'s sections and items, in order.
    @inlinable
    public static func shows(
        _ displayed: [DisplayedSection<SectionID, ItemID>], exactly snapshot: SectionedSnapshot<SectionID, ItemID>
    ) -> Bool {
        displayed.count == snapshot.sections.count
            && zip(displayed, snapshot.sections).allSatisfy { shown, section in
                shown.id == section.id && UpdatePlan<ItemID>.shows(shown.rows, exactly: section.items)
            }
    }

    /// The item at `path`.
    @inlinable
    public static func item(at path: ItemPath, in snapshot: SectionedSnapshot<SectionID, ItemID>) -> ItemID? {
        let items = items(inSection: path.section, of: snapshot)
        return items.indices.contains(path.item) ? items[path.item] : nil
    }

    /// The items of the section at `section`.
    @inlinable
    public static func items(inSection section: Int, of snapshot: SectionedSnapshot<SectionID, ItemID>) -> [ItemID] {
        snapshot.sections.indices.contains(section) ? snapshot.sections[section].items : []
    }
}
