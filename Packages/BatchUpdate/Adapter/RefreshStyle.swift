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
