/// The position of one item in a sectioned list: a section and an item
/// inside it, the coordinates UIKit calls an index path.
///
/// Update plans and calls use index paths from the start, even while a plan
/// covers a single section (section 0), so that sectioned lists can follow
/// without changing any call's shape.
public struct ItemPath: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The section.
    public var section: Int
    /// The item inside the section.
    public var item: Int

    /// Creates the path of `item` in `section`.
    @inlinable
    public init(section: Int = 0, item: Int) {
        self.section = section
        self.item = item
    }

    /// Orders by section, then by item.
    @inlinable
    public static func < (lhs: ItemPath, rhs: ItemPath) -> Bool {
        (lhs.section, lhs.item) < (rhs.section, rhs.item)
    }

    /// `[0, 2]`, the way Foundation prints an `IndexPath`.
    public var description: String { "[\(section), \(item)]" }
}
