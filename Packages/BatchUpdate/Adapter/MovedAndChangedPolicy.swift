/// What an adapter does with a kept item that is both moved and content-changed.
///
/// Toolkits with batch semantics (UIKit) refuse a move and a reload of the
/// same item in one batch, so an adapter has to choose.
public enum MovedAndChangedPolicy: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Delete the item at its old path and insert it at its new path: one
    /// batch, but the item gets a new cell (selection, focus and expansion
    /// state of the old cell are lost).
    case deleteAndInsert = "delete-and-insert"
    /// Move the item (keeping its cell), then refresh it — in a later batch
    /// where the toolkit requires one.
    case moveThenRefresh = "move-then-refresh"
    /// Refresh the item at its old path first, then move it (keeping its
    /// cell) in a later batch — the order of staged changeset engines such as
    /// DifferenceKit, whose updates stage comes before its moves stage. The
    /// kit expects the same rows as ``moveThenRefresh``: the cell is kept
    /// exactly when the refresh style keeps it.
    case refreshThenMove = "refresh-then-move"

    /// The kebab-case name shown by the CLI.
    public var description: String { rawValue }
}
