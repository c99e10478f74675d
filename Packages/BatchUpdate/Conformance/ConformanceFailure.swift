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
