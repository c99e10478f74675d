/// The declared behaviour of an adapter that the conformance kit holds it to:
/// how it refreshes content-changed items, what it does with an item
/// that is both moved and changed, and whether a move keeps the item's cell.
public struct AdapterPolicy: Sendable, Hashable, CustomStringConvertible {
    /// What happens to an item that is both moved and content-changed.
    public var movedAndChanged: MovedAndChangedPolicy
    /// How a content-changed item is refreshed.
    public var refresh: RefreshStyle
    /// Whether a move keeps the item's cell (the toolkit has a move
    /// primitive) or replaces it (a move is a removal plus an insertion).
    public var moves: MoveStyle

    /// Creates a policy; by default moves keep cells.
    @inlinable
    public init(movedAndChanged: MovedAndChangedPolicy, refresh: RefreshStyle, moves: MoveStyle = .keepsCell) {
        self.movedAndChanged = movedAndChanged
        self.refresh = refresh
        self.moves = moves
    }

    /// What the kit expects of a kept item's row:
    /// - moved, ``MoveStyle/replacesCell``: a new, freshly configured
    ///   (refreshed) cell, whether or not its content changed;
    /// - unchanged: keeps its cell and is not refreshed (moves keep cells);
    /// - changed, moved, ``MovedAndChangedPolicy/deleteAndInsert``: a new,
    ///   refreshed cell;
    /// - otherwise changed: refreshed, keeping its cell exactly when the
    ///   refresh style is ``RefreshStyle/reconfigure``.
    @inlinable
    public func expectation(isMoved: Bool, isChanged: Bool) -> RowExpectation {
        if isMoved, moves == .replacesCell { return RowExpectation(keepsCell: false, isRefreshed: true) }
        guard isChanged else { return RowExpectation(keepsCell: true, isRefreshed: false) }
        if isMoved, movedAndChanged == .deleteAndInsert {
            return RowExpectation(keepsCell: false, isRefreshed: true)
        }
        return RowExpectation(keepsCell: refresh == .reconfigure, isRefreshed: true)
    }

    /// Whether ``expectation(isMoved:isChanged:)`` can differ between a
    /// moved and an unmoved row that is changed as `isChanged` says: when
    /// moves replace cells, or when a changed row that moves is deleted and
    /// inserted. Otherwise a checker need not ask which rows moved.
    @inlinable
    public func expectationDependsOnMoves(isChanged: Bool) -> Bool {
        moves == .replacesCell || (isChanged && movedAndChanged == .deleteAndInsert)
    }

    /// `moved+changed: move-then-refresh, refresh: reconfigure`, followed by
    /// `, moves: replaces-cell` for a toolkit without a move primitive.
    public var description: String {
        "moved+changed: \(movedAndChanged), refresh: \(refresh)" + (moves == .keepsCell ? "" : ", moves: \(moves)")
    }
}

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

/// What a move does to an item's cell on the adapter's toolkit.
///
/// Most toolkits have a move primitive (`moveItem(at:to:)`, `onMoved`) that
/// carries the item's cell along. Some have none — Flutter's `AnimatedList`,
/// a splice-based web list without keyed reuse — so an adapter moves an item
/// by removing it and inserting it again: the old cell is discarded and the
/// item is configured afresh in a new one. Declaring ``replacesCell`` tells
/// the conformance kit to expect exactly that for every moved item, instead
/// of reporting the new cell as a lost cell and the fresh configuration as a
/// refresh without a content change.
public enum MoveStyle: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// A moved item keeps its cell (the toolkit has a move primitive).
    case keepsCell = "keeps-cell"
    /// A moved item is removed and inserted: it gets a new cell, freshly
    /// configured, whether or not its content changed.
    case replacesCell = "replaces-cell"

    /// The kebab-case name shown by the CLI.
    public var description: String { rawValue }
}

/// How an adapter refreshes a content-changed item.
public enum RefreshStyle: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Reconfigure the existing cell in place (`reconfigureItems`, a
    /// RecyclerView change with a payload): the item keeps its cell.
    case reconfigure
    /// Reload the item (`reloadItems`, `reloadData(forRowIndexes:)`): the
    /// toolkit asks for a new cell.
    case reload

    /// The name shown by the CLI.
    public var description: String { rawValue }
}
