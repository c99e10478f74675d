/// The declared behaviour of an adapter that the conformance kit holds it to:
/// how it refreshes content-changed items and what it does with an item
/// that is both moved and changed.
public struct AdapterPolicy: Sendable, Hashable, CustomStringConvertible {
    /// What happens to an item that is both moved and content-changed.
    public var movedAndChanged: MovedAndChangedPolicy
    /// How a content-changed item is refreshed.
    public var refresh: RefreshStyle

    /// Creates a policy.
    @inlinable
    public init(movedAndChanged: MovedAndChangedPolicy, refresh: RefreshStyle) {
        self.movedAndChanged = movedAndChanged
        self.refresh = refresh
    }

    /// What the kit expects of a kept item's row:
    /// - unchanged: keeps its cell and is not refreshed (moves keep cells);
    /// - changed, moved, ``MovedAndChangedPolicy/deleteAndInsert``: a new,
    ///   refreshed cell;
    /// - otherwise changed: refreshed, keeping its cell exactly when the
    ///   refresh style is ``RefreshStyle/reconfigure``.
    @inlinable
    public func expectation(isMoved: Bool, isChanged: Bool) -> RowExpectation {
        guard isChanged else { return RowExpectation(keepsCell: true, isRefreshed: false) }
        if isMoved, movedAndChanged == .deleteAndInsert {
            return RowExpectation(keepsCell: false, isRefreshed: true)
        }
        return RowExpectation(keepsCell: refresh == .reconfigure, isRefreshed: true)
    }

    /// `moved+changed: move-then-refresh, refresh: reconfigure`.
    public var description: String { "moved+changed: \(movedAndChanged), refresh: \(refresh)" }
}
