/// A row as a toolkit model shows it: which item it displays, which cell
/// displays it, and whether that cell has been given the item's current content.
///
/// Cells are numbered: before an update the row at old index *i* is shown by
/// cell *i*; every cell the toolkit creates later (for an insert or a
/// reload) gets the next number from the old count on. So a kept item kept
/// its cell exactly when its row's ``cell`` equals its old index.
public struct DisplayedRow<ID: Hashable & Sendable>: Sendable, Hashable {
    /// The item the row displays.
    public var id: ID
    /// The number of the cell that displays it.
    public var cell: Int
    /// Whether the cell was configured (or reconfigured) during the update,
    /// so it shows the item's current content rather than what it showed before.
    public var isRefreshed: Bool

    /// Creates a row.
    @inlinable
    public init(id: ID, cell: Int, isRefreshed: Bool) {
        self.id = id
        self.cell = cell
        self.isRefreshed = isRefreshed
    }
}

extension DisplayedRow {
    /// The rows of a view showing `items` before any update: the row at
    /// index *i* is shown by cell *i*, none refreshed.
    ///
    /// Every toolkit model starts from these rows.
    ///
    /// - Complexity: O(*n*).
    @inlinable
    public static func initial(showing items: [ID]) -> [DisplayedRow<ID>] {
        items.enumerated().map { DisplayedRow(id: $0.element, cell: $0.offset, isRefreshed: false) }
    }
}
