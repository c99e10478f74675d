/// One group of conformance cases — all pairs from one old snapshot, or one
/// run of random pairs — reported as one JUnit test case.
public struct ConformanceGroup: Sendable, Equatable {
    /// Where the cases of a group come from.
    public enum Kind: Sendable, Hashable {
        /// Every pair whose old snapshot is `old`, and its changed subsets.
        case exhaustive(old: [String])
        /// Random pairs `first ..< first + count` of the options' seed.
        case random(first: Int, count: Int)
        /// Every pair of a sectioned bound whose old snapshot is `old`
        /// (`[S: a b | T: c]`), each with no content change, every kept item
        /// changed and every kept section changed.
        case sections(old: String)
    }

    /// Where the cases come from.
    public var kind: Kind
    /// The number of (old, new, changed) cases checked.
    public var casesChecked: Int
    /// The number of cases that failed.
    public var failureCount: Int
    /// The smallest failing cases, smallest first: at most the options'
    /// `failuresPerGroup` of a flat run, the smallest of each kind of a
    /// sectioned run.
    public var failures: [ConformanceFailure]
    /// Seconds the group took.
    public var seconds: Double

    /// Creates a group result.
    public init(kind: Kind, casesChecked: Int, failureCount: Int, failures: [ConformanceFailure], seconds: Double) {
        self.kind = kind
        self.casesChecked = casesChecked
        self.failureCount = failureCount
        self.failures = failures
        self.seconds = seconds
    }

    /// `old [a, b]`, `random pairs 100-199`, or `old [S: a b | T: c]`.
    public var name: String {
        switch kind {
        case .exhaustive(let old): "old [\(old.joined(separator: ", "))]"
        case .random(let first, let count): "random pairs \(first)-\(first + count - 1)"
        case .sections(let old): "old \(old)"
        }
    }

    /// Whether the group holds random pairs (rather than exhaustive ones).
    public var isRandom: Bool {
        if case .random = kind { return true }
        return false
    }

    /// Whether every case passed.
    public var passed: Bool { failureCount == 0 }
}
