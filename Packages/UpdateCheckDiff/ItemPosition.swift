/// Where an item sits in a sectioned snapshot: the offset of its section and
/// its offset inside that section (UIKit calls the pair an index path).
///
/// Like flat offsets, positions never share one coordinate system: deletions
/// and move sources are positions in the old snapshot, insertions and move
/// destinations positions in the new one.
public struct ItemPosition: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The offset of the section.
    public var section: Int
    /// The offset of the item inside its section.
    public var item: Int

    /// Creates the position of `item` in `section`.
    @inlinable
    public init(section: Int, item: Int) {
        self.section = section
        self.item = item
    }

    /// Orders by section, then by item.
    @inlinable
    public static func < (lhs: ItemPosition, rhs: ItemPosition) -> Bool {
        (lhs.section, lhs.item) < (rhs.section, rhs.item)
    }

    /// `[1, 0]`, the way Foundation prints an `IndexPath`.
    public var description: String { "[\(section), \(item)]" }
}

/// An item ID that occurs more than once in one sectioned snapshot, with
/// every position it occurs at (item IDs are unique across all sections).
public struct DuplicateItemID: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The ID as text (its `description`).
    public var id: String
    /// Every position of the ID, ascending (at least two).
    public var positions: [ItemPosition]

    /// Creates a duplicate-item record.
    public init(id: String, positions: [ItemPosition]) {
        self.id = id
        self.positions = positions
    }

    /// `"a" at [0, 1], [1, 0]`.
    public var description: String {
        "\"\(id)\" at " + positions.map(\.description).joined(separator: ", ")
    }
}
