/// A sectioned diff plus the content updates of kept items and kept
/// sections, kept apart from the structure (an update never changes an ID).
public struct SectionedChanges<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Sendable, Equatable {
    /// The structural difference.
    public var structure: SectionedDiff<SectionID, ItemID>
    /// Kept items whose content differs, by ascending new position.
    public var itemUpdates: [ItemUpdate]
    /// Kept sections whose own content differs (a header title, a footer),
    /// by ascending new offset; offsets are section offsets.
    public var sectionUpdates: [ContentUpdate<SectionID>]

    /// A kept item whose content differs: refresh it in place.
    public struct ItemUpdate: Sendable, Equatable, Hashable {
        /// The item.
        public var id: ItemID
        /// Its position in the old snapshot.
        public var oldPosition: ItemPosition
        /// Its position in the new snapshot.
        public var newPosition: ItemPosition

        /// Creates an item update.
        @inlinable
        public init(id: ItemID, oldPosition: ItemPosition, newPosition: ItemPosition) {
            self.id = id
            self.oldPosition = oldPosition
            self.newPosition = newPosition
        }
    }

    /// Creates changes from their parts.
    @inlinable
    public init(
        structure: SectionedDiff<SectionID, ItemID>, itemUpdates: [ItemUpdate],
        sectionUpdates: [ContentUpdate<SectionID>]
    ) {
        self.structure = structure
        self.itemUpdates = itemUpdates
        self.sectionUpdates = sectionUpdates
    }

    /// Whether nothing changed, in structure or content.
    @inlinable
    public var isEmpty: Bool { structure.isEmpty && itemUpdates.isEmpty && sectionUpdates.isEmpty }
}

/// Diffs two sectioned lists of elements: their structure, and the kept
/// items and kept sections whose content differs.
///
/// - Parameters:
///   - old: the sections before the change.
///   - new: the sections after the change.
///   - sectionID: the stable identity of a section.
///   - items: a section's items, in order.
///   - itemID: the stable identity of an item (unique across sections).
///   - sectionContentEquals: whether two versions of a section look the
///     same apart from their items (header, footer).
///   - itemContentEquals: whether two versions of an item look the same.
/// - Throws: ``ListDiffError/duplicateSectionIDs(in:duplicates:)`` or
///   ``ListDiffError/duplicateItemIDs(in:duplicates:)``.
/// - Complexity: as the sectioned `diff(from:to:)`,
///   plus one content comparison per kept section and kept item.
@inlinable
public func diff<Section, Item, SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>(
    from old: [Section], to new: [Section], sectionID: (Section) -> SectionID, items: (Section) -> [Item],
    itemID: (Item) -> ItemID, sectionContentEquals: (Section, Section) -> Bool,
    itemContentEquals: (Item, Item) -> Bool
) throws(ListDiffError) -> SectionedChanges<SectionID, ItemID> {
    let oldItems = old.map(items)
    let newItems = new.map(items)
    let oldSnapshot = SectionedSnapshot(
        zip(old, oldItems).map { .init(id: sectionID($0.0), items: $0.1.map(itemID)) })
    let newSnapshot = SectionedSnapshot(
        zip(new, newItems).map { .init(id: sectionID($0.0), items: $0.1.map(itemID)) })
    let structure = try SectionedDiff(from: oldSnapshot, to: newSnapshot)
    var oldSectionOffsets: [SectionID: Int] = [:]
    for (offset, section) in oldSnapshot.sections.enumerated() { oldSectionOffsets[section.id] = offset }
    var sectionUpdates: [ContentUpdate<SectionID>] = []
    for (newOffset, section) in newSnapshot.sections.enumerated() {
        if let oldOffset = oldSectionOffsets[section.id], !sectionContentEquals(old[oldOffset], new[newOffset]) {
            sectionUpdates.append(ContentUpdate(id: section.id, oldOffset: oldOffset, newOffset: newOffset))
        }
    }
    var oldPositions: [ItemID: ItemPosition] = [:]
    oldPositions.reserveCapacity(oldSnapshot.itemCount)
    for (sectionOffset, section) in oldSnapshot.sections.enumerated() {
        for (itemOffset, item) in section.items.enumerated() {
            oldPositions[item] = ItemPosition(section: sectionOffset, item: itemOffset)
        }
    }
    var itemUpdates: [SectionedChanges<SectionID, ItemID>.ItemUpdate] = []
    for (sectionOffset, section) in newSnapshot.sections.enumerated() {
        for (itemOffset, item) in section.items.enumerated() {
            guard let from = oldPositions[item] else { continue }
            if !itemContentEquals(oldItems[from.section][from.item], newItems[sectionOffset][itemOffset]) {
                itemUpdates.append(
                    .init(
                        id: item, oldPosition: from, newPosition: ItemPosition(section: sectionOffset, item: itemOffset)
                    ))
            }
        }
    }
    return SectionedChanges(structure: structure, itemUpdates: itemUpdates, sectionUpdates: sectionUpdates)
}
