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

    /// `moved+changed: move-then-refresh, refresh: reconfigure`, followed by
    /// `, moves: replaces-cell` for a toolkit without a move primitive.
    public var description: String {
        "moved+changed: \(movedAndChanged), refresh: \(refresh)" + (moves == .keepsCell ? "" : ", moves: \(moves)")
    }
}
