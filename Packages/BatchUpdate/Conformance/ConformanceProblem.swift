/// What went wrong when an adapter's calls were replayed on its toolkit model.
public enum ConformanceProblem: Sendable, Hashable, CustomStringConvertible {
    /// The model raised the toolkit's error in batch `batch` (from 1).
    case toolkitError(batch: Int, message: String)
    /// The rows shown afterwards are not the new snapshot.
    case wrongRows(expected: [String], shown: [String])
    /// A content-changed item was not refreshed.
    case notRefreshed(id: String, row: Int)
    /// An item whose content did not change was refreshed anyway.
    case refreshedWithoutChange(id: String, row: Int)
    /// A kept item lost its cell although the adapter's policy keeps it.
    case lostCell(id: String, row: Int)
    /// A kept item kept its cell although the adapter's policy replaces it.
    case keptCell(id: String, row: Int)
    /// An inserted item is shown in a cell that showed another item before.
    case reusedOldCell(id: String, row: Int)

    /// One sentence naming the item, row or error.
    public var description: String {
        switch self {
        case .toolkitError(let batch, let message):
            "batch \(batch) raised: \(message)"
        case .wrongRows(let expected, let shown):
            "the toolkit shows [\(shown.joined(separator: ", "))] instead of [\(expected.joined(separator: ", "))]"
        case .notRefreshed(let id, let row):
            "\(id) (row \(row)) changed but was not refreshed"
        case .refreshedWithoutChange(let id, let row):
            "\(id) (row \(row)) was refreshed although its content did not change"
        case .lostCell(let id, let row):
            "\(id) (row \(row)) lost its cell, which the adapter's policy keeps"
        case .keptCell(let id, let row):
            "\(id) (row \(row)) kept its cell, which the adapter's policy replaces"
        case .reusedOldCell(let id, let row):
            "\(id) (row \(row)) is inserted but shown in a cell that showed another item"
        }
    }
}
