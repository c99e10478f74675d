/// One failing case of the conformance kit: the pair, the changed items, what
/// went wrong and the adapter's calls, ready to paste into a test.
public struct ConformanceFailure: Sendable, Hashable, CustomStringConvertible {
    /// The old snapshot.
    public var old: [String]
    /// The new snapshot.
    public var new: [String]
    /// The items marked content-changed, in new order.
    public var changed: [String]
    /// What went wrong.
    public var problem: ConformanceProblem
    /// The adapter's calls, one list per batch.
    public var calls: [[String]]
    /// Where a random case came from (seed, pair number, original size), or `nil`.
    public var origin: String?

    /// Creates a failure.
    public init(
        old: [String], new: [String], changed: [String], problem: ConformanceProblem, calls: [[String]],
        origin: String? = nil
    ) {
        self.old = old
        self.new = new
        self.changed = changed
        self.problem = problem
        self.calls = calls
        self.origin = origin
    }

    /// The case in one line: `[a, b, c] → [c, a, d], changed [a]`.
    public var pair: String {
        "[\(old.joined(separator: ", "))] → [\(new.joined(separator: ", "))], changed [\(changed.joined(separator: ", "))]"
    }

    /// The case, the problem, the origin and the calls batch by batch, on several lines.
    public var description: String {
        var text = "\(pair): \(problem)"
        if let origin { text += "\n  (\(origin))" }
        if calls.isEmpty { text += "\n  no calls" }
        for (index, batch) in calls.enumerated() {
            text += "\n  batch \(index + 1): " + (batch.isEmpty ? "no calls" : batch.joined(separator: "; "))
        }
        return text
    }

    /// Orders failures by size: the larger snapshot, then both together, then the changed count.
    @usableFromInline
    var sizeKey: [Int] { [max(old.count, new.count), old.count + new.count, changed.count] }
}

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
