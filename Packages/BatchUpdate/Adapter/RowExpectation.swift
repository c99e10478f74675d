/// What the conformance kit expects of one kept item's row after an update,
/// given an adapter's policy.
public struct RowExpectation: Sendable, Hashable {
    /// Whether the row must still use the item's old cell (`false`: it must use a new one).
    public var keepsCell: Bool
    /// Whether the row must have been refreshed (`false`: it must not have been).
    public var isRefreshed: Bool

    /// Creates an expectation.
    @inlinable
    public init(keepsCell: Bool, isRefreshed: Bool) {
        self.keepsCell = keepsCell
        self.isRefreshed = isRefreshed
    }
}
