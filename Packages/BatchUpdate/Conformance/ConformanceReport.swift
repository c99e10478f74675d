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
    /// The number of exhaustive cases checked (pairs over up to ``ConformanceOptions/ids`` IDs).
    public var exhaustiveCasesChecked: Int { groups.reduce(0) { $0 + ($1.isRandom ? 0 : $1.casesChecked) } }
    /// The number of random pairs checked.
    public var randomCasesChecked: Int { groups.reduce(0) { $0 + ($1.isRandom ? $1.casesChecked : 0) } }
    /// The number of failing cases.
    public var failureCount: Int { groups.reduce(0) { $0 + $1.failureCount } }
    /// Whether every case passed.
    public var passed: Bool { failureCount == 0 }

    /// The smallest failing case over all groups (exhaustive before random on a tie), or `nil`.
    public var smallestFailure: ConformanceFailure? {
        groups.lazy.flatMap(\.failures).min { $0.sizeKey.lexicographicallyPrecedes($1.sizeKey) }
    }

    /// `uikit: passed 914721 cases (913721 exhaustive, 1000 random)` — the
    /// figures of `ids: 5, randomPairs: 1000` — or
    /// `uikit: 12 of 914721 cases (913721 exhaustive, 1000 random) failed; smallest: …`.
    public var description: String {
        let counts = "\(casesChecked) cases (\(exhaustiveCasesChecked) exhaustive, \(randomCasesChecked) random)"
        guard let smallest = smallestFailure else { return "\(adapter): passed \(counts)" }
        return "\(adapter): \(failureCount) of \(counts) failed; smallest: \(smallest)"
    }
}
