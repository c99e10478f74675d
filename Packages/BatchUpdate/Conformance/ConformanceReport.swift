/// The result of proving one adapter with the conformance kit.
public struct ConformanceReport: Sendable, Hashable, CustomStringConvertible {
    /// The adapter's name.
    public var adapter: String
    /// The adapter's declared policy, which the kit held it to.
    public var policy: AdapterPolicy
    /// What was run.
    public var options: ConformanceOptions
    /// The groups, exhaustive ones first (in old-snapshot order), then random ones.
    public var groups: [ConformanceGroup]
    /// Seconds the whole run took (wall clock).
    public var seconds: Double

    /// Creates a report.
    public init(
        adapter: String, policy: AdapterPolicy, options: ConformanceOptions, groups: [ConformanceGroup],
        seconds: Double
    ) {
        self.adapter = adapter
        self.policy = policy
        self.options = options
        self.groups = groups
        self.seconds = seconds
    }

    /// The number of cases checked.
    public var casesChecked: Int { groups.reduce(0) { $0 + $1.casesChecked } }
    /// The number of failing cases.
    public var failureCount: Int { groups.reduce(0) { $0 + $1.failureCount } }
    /// Whether every case passed.
    public var passed: Bool { failureCount == 0 }

    /// The smallest failing case over all groups (exhaustive before random on a tie), or `nil`.
    public var smallestFailure: ConformanceFailure? {
        groups.lazy.flatMap(\.failures).min { $0.sizeKey.lexicographicallyPrecedes($1.sizeKey) }
    }

    /// `uikit: passed 913961 cases` or `uikit: 12 of 913961 cases failed; smallest: …`.
    public var description: String {
        guard let smallest = smallestFailure else { return "\(adapter): passed \(casesChecked) cases" }
        return "\(adapter): \(failureCount) of \(casesChecked) cases failed; smallest: \(smallest)"
    }
}
