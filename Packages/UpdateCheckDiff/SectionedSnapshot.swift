/// A snapshot of a sectioned list: ordered sections, each with a unique
/// section ID and an ordered list of item IDs.
///
/// Item IDs are unique across the whole snapshot, not only inside their
/// section, so that an item moving between sections keeps its identity. A
/// flat list is the one-section case, but flat lists keep using
/// ``diff(from:to:)->SnapshotDiff<ID>`` on arrays, which is the faster path.
///
///     let old: SectionedSnapshot = [.init(id: "S", items: ["a", "b"]), .init(id: "T", items: ["c"])]
///     // [S: a b | T: c]
public struct SectionedSnapshot<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Sendable, Equatable,
    CustomStringConvertible, ExpressibleByArrayLiteral
{
    /// One section: its ID and its items in order.
    public struct Section: Sendable, Equatable {
        /// The section's ID, unique among the snapshot's sections.
        public var id: SectionID
        /// The IDs of its items, in order.
        public var items: [ItemID]

        /// Creates a section.
        @inlinable
        public init(id: SectionID, items: [ItemID]) {
            self.id = id
            self.items = items
        }
    }

    /// The sections, in order.
    public var sections: [Section]

    /// Creates a snapshot from its sections (checked when diffed).
    @inlinable
    public init(_ sections: [Section]) { self.sections = sections }

    /// Creates a snapshot from its sections (checked when diffed).
    @inlinable
    public init(arrayLiteral sections: Section...) { self.sections = sections }

    /// The section IDs, in order.
    @inlinable
    public var sectionIDs: [SectionID] { sections.map { $0.id } }

    /// The number of items in each section, in order.
    @inlinable
    public var itemCounts: [Int] { sections.map { $0.items.count } }

    /// The number of items over all sections.
    @inlinable
    public var itemCount: Int { sections.reduce(0) { $0 + $1.items.count } }

    /// The item at `position`, or `nil` when the position is out of range.
    @inlinable
    public subscript(position: ItemPosition) -> ItemID? {
        guard sections.indices.contains(position.section),
            sections[position.section].items.indices.contains(position.item)
        else { return nil }
        return sections[position.section].items[position.item]
    }

    /// The flat form: each section as a marker followed by its items.
    ///
    /// Diffing flat forms with the flat engine gives the same deletions and
    /// insertions as the sectioned diff (see ``SectionedDiff/flattened(old:)``).
    /// - Complexity: O(*n*) for *n* sections and items.
    @inlinable
    public var flattened: [SectionedEntry<SectionID, ItemID>] {
        var entries: [SectionedEntry<SectionID, ItemID>] = []
        entries.reserveCapacity(sections.count + itemCount)
        for section in sections {
            entries.append(.section(section.id))
            for item in section.items { entries.append(.item(item)) }
        }
        return entries
    }

    /// `[S: a b | T: c]`; an empty section reads `[S: | T: c]`.
    public var description: String {
        "[" + sectionTexts.joined(separator: " | ") + "]"
    }

    /// Each section as `S: a b`, in order (the form failures and reports use).
    public var sectionTexts: [String] {
        sections.map { section in
            section.items.isEmpty
                ? "\(section.id):" : "\(section.id): " + section.items.map { "\($0)" }.joined(separator: " ")
        }
    }

    /// Checks that section IDs are unique and item IDs unique across sections.
    ///
    /// - Throws: ``ListDiffError/duplicateSectionIDs(in:duplicates:)`` or
    ///   ``ListDiffError/duplicateItemIDs(in:duplicates:)`` naming every
    ///   duplicate and all of its positions.
    /// - Returns: each item's position, by ID.
    /// - Complexity: O(*n*) expected hashing.
    @inlinable
    func positionsByID(side: SnapshotSide) throws(ListDiffError) -> [ItemID: ItemPosition] {
        var sectionOffsets: [SectionID: Int] = [:]
        sectionOffsets.reserveCapacity(sections.count)
        var sectionDuplicates = false
        for (offset, section) in sections.enumerated()
        where sectionOffsets.updateValue(offset, forKey: section.id) != nil {
            sectionDuplicates = true
        }
        if sectionDuplicates {
            throw .duplicateSectionIDs(in: side, duplicates: Self.duplicates(sections.map { $0.id }))
        }
        var positions: [ItemID: ItemPosition] = [:]
        positions.reserveCapacity(itemCount)
        var repeated = false
        for (sectionOffset, section) in sections.enumerated() {
            for (itemOffset, item) in section.items.enumerated() {
                let position = ItemPosition(section: sectionOffset, item: itemOffset)
                if positions.updateValue(position, forKey: item) != nil { repeated = true }
            }
        }
        if repeated { throw .duplicateItemIDs(in: side, duplicates: itemDuplicates()) }
        return positions
    }

    /// Every repeated section ID with all of its offsets, by first occurrence.
    @usableFromInline
    static func duplicates(_ ids: [SectionID]) -> [DuplicateID] {
        var offsets: [SectionID: [Int]] = [:]
        var order: [SectionID] = []
        for (offset, id) in ids.enumerated() {
            if offsets[id] == nil { order.append(id) }
            offsets[id, default: []].append(offset)
        }
        return order.compactMap { id in
            let all = offsets[id]!
            return all.count > 1 ? DuplicateID(id: "\(id)", offsets: all) : nil
        }
    }

    /// Every repeated item ID with all of its positions, by first occurrence.
    @usableFromInline
    func itemDuplicates() -> [DuplicateItemID] {
        var positions: [ItemID: [ItemPosition]] = [:]
        var order: [ItemID] = []
        for (sectionOffset, section) in sections.enumerated() {
            for (itemOffset, item) in section.items.enumerated() {
                if positions[item] == nil { order.append(item) }
                positions[item, default: []].append(ItemPosition(section: sectionOffset, item: itemOffset))
            }
        }
        return order.compactMap { id in
            let all = positions[id]!
            return all.count > 1 ? DuplicateItemID(id: "\(id)", positions: all) : nil
        }
    }
}

/// One entry of a sectioned snapshot's flat form: a section marker or an item.
public enum SectionedEntry<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Hashable, Sendable,
    CustomStringConvertible
{
    /// The marker that opens a section.
    case section(SectionID)
    /// An item of the section opened last.
    case item(ItemID)

    /// Whether both are section markers of equal IDs, or both items of
    /// equal IDs.
    ///
    /// Written out and inlinable (the derived one is neither), so that the
    /// diff and verification of flat forms compare entries without looking
    /// up generic metadata.
    /// - Complexity: one comparison of IDs.
    @inlinable
    public static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.section(let left), .section(let right)): left == right
        case (.item(let left), .item(let right)): left == right
        default: false
        }
    }

    /// Hashes the kind of entry, then its ID.
    ///
    /// - Complexity: that of hashing the ID.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .section(let id):
            hasher.combine(0 as UInt8)
            hasher.combine(id)
        case .item(let id):
            hasher.combine(1 as UInt8)
            hasher.combine(id)
        }
    }

    /// `§S` for a section marker, the item's own text for an item.
    public var description: String {
        switch self {
        case .section(let id): "§\(id)"
        case .item(let id): "\(id)"
        }
    }
}
