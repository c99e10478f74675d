/// The result of proving one adapter with the conformance kit, flat or sectioned.
public struct ConformanceReport: Sendable, Equatable, CustomStringConvertible {
    /// The adapter's name.
    public var adapter: String
    /// The adapter's declared policy, which the kit held it to.
    public var policy: AdapterPolicy
    /// What was run: a flat run's IDs, changed subsets and random pairs, a
    /// sectioned run's ``ConformanceOptions/sections`` and
    /// ``ConformanceOptions/ids`` bound.
    public var options: ConformanceOptions
    /// Whether the adapter updates a sectioned list (its groups are
    /// ``ConformanceGroup/Kind/sections(old:)``).
    public var isSectioned: Bool
    /// The groups in order: a flat run's exhaustive ones first (in
    /// old-snapshot order), then random ones; a sectioned run's in
    /// old-snapshot order (those of the shard).
    public var groups: [ConformanceGroup]
    /// Seconds the whole run took (wall clock).
    public var seconds: Double

    /// Creates a report.
    public init(
        adapter: String, policy: AdapterPolicy, options: ConformanceOptions, isSectioned: Bool = false,
        groups: [ConformanceGroup], seconds: Double
    ) {
        self.adapter = adapter
        self.policy = policy
        self.options = options
        self.isSectioned = isSectioned
        self.groups = groups
        self.seconds = seconds
    }

    /// The number of cases checked.
    public var casesChecked: Int { groups.reduce(0) { $0 + $1.casesChecked } }
    /// The number of exhaustive cases checked (every case of a sectioned run).
    public var exhaustiveCasesChecked: Int { groups.reduce(0) { $0 + ($1.isRandom ? 0 : $1.casesChecked) } }
    /// The number of random pairs checked.
    public var randomCasesChecked: Int { groups.reduce(0) { $0 + ($1.isRandom ? $1.casesChecked : 0) } }
    /// The number of failing cases.
    public var failureCount: Int { groups.reduce(0) { $0 + $1.failureCount } }
    /// Whether every case passed.
    public var passed: Bool { failureCount == 0 }

    /// The smallest failing case over all groups (the earlier group on a tie), or `nil`.
    public var smallestFailure: ConformanceFailure? {
        groups.lazy.flatMap(\.failures).min { $0.sizeKey.lexicographicallyPrecedes($1.sizeKey) }
    }

    /// The smallest failing case of each ``ConformanceFailure/kind`` over
    /// all groups, smallest first (then by kind).
    public var failures: [ConformanceFailure] {
        var smallest: [String: ConformanceFailure] = [:]
        for failure in groups.lazy.flatMap(\.failures) {
            if let current = smallest[failure.kind], !failure.sizeKey.lexicographicallyPrecedes(current.sizeKey) {
                continue
            }
            smallest[failure.kind] = failure
        }
        return smallest.values.sorted(by: ConformanceFailure.smallerFirst)
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

extension ConformanceFailure {
    /// Whether `lhs` sorts before `rhs`: smaller ``sizeKey``, then kind.
    @usableFromInline
    static func smallerFirst(_ lhs: ConformanceFailure, _ rhs: ConformanceFailure) -> Bool {
        if lhs.sizeKey != rhs.sizeKey { return lhs.sizeKey.lexicographicallyPrecedes(rhs.sizeKey) }
        return lhs.kind < rhs.kind
    }
}
