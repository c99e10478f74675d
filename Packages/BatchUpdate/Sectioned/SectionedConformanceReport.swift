import UpdateCheckDiff

/// One way a sectioned adapter failed, on the smallest pair that shows it.
public struct SectionedConformanceFailure: Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure: the model error's kind, or `wrong rows`,
    /// `wrong sections`, `not refreshed`, `cell lost`.
    public var kind: String
    /// The old snapshot, `[S: a b | T: c]`.
    public var old: String
    /// The new snapshot.
    public var new: String
    /// The content-changed items and sections of the case (`a, §S`), or empty.
    public var changed: String
    /// What went wrong: the toolkit's message, or expected against shown.
    public var message: String
    /// The adapter's batches, one line each.
    public var batches: [String]
    /// Sorts failures smallest first: total items, total sections, then the
    /// variant (nothing changed, items changed, sections changed).
    public var sizeKey: [Int]
    /// The old snapshot with its IDs as text (for pictures of the case).
    public var oldSnapshot: SectionedSnapshot<String, String>
    /// The new snapshot with its IDs as text.
    public var newSnapshot: SectionedSnapshot<String, String>
    /// The changed items, as text, sorted.
    public var changedItems: [String]
    /// The changed sections, as text, sorted.
    public var changedSections: [String]

    /// Creates the failure record of a case: `old` to `new` with
    /// `changedItems` and `changedSections`, its IDs shown as text.
    public init<SectionID, ItemID>(
        kind: String, old: SectionedSnapshot<SectionID, ItemID>, new: SectionedSnapshot<SectionID, ItemID>,
        changedItems: Set<ItemID>, changedSections: Set<SectionID>, message: String, batches: [String],
        sizeKey: [Int] = []
    ) {
        func text(_ snapshot: SectionedSnapshot<SectionID, ItemID>) -> SectionedSnapshot<String, String> {
            SectionedSnapshot<String, String>(
                snapshot.sections.map { .init(id: "\($0.id)", items: $0.items.map { "\($0)" }) })
        }
        self.kind = kind
        self.old = old.description
        self.new = new.description
        self.changedItems = changedItems.map { "\($0)" }.sorted()
        self.changedSections = changedSections.map { "\($0)" }.sorted()
        self.changed = (self.changedItems + self.changedSections.map { "§" + $0 }).joined(separator: ", ")
        self.message = message
        self.batches = batches
        self.sizeKey = sizeKey
        oldSnapshot = text(old)
        newSnapshot = text(new)
    }

    /// `[S: a] -> [T: a] (changed: none)`: the case.
    public var pair: String { "\(old) -> \(new) (changed: \(changed.isEmpty ? "none" : changed))" }

    /// `[S: a] -> [T: a] (changed: none): <message>`.
    public var description: String { "\(pair): \(message)" }

    /// The case, its message and its batches, one per line (`batch 1: …`).
    public var details: String {
        ([description] + batches.enumerated().map { "  batch \($0.offset + 1): \($0.element)" })
            .joined(separator: "\n")
    }
}

/// The cases of one old snapshot of a sectioned conformance run: every new
/// snapshot of the bound, each with no content change, every kept item
/// changed and every kept section changed. One JUnit test case.
public struct SectionedConformanceGroup: Sendable, Equatable {
    /// The old snapshot, `[S: a b | T: c]`.
    public var old: String
    /// The number of cases checked.
    public var casesChecked: Int
    /// The number of cases that failed.
    public var failureCount: Int
    /// The smallest failing case of each kind, smallest first.
    public var failures: [SectionedConformanceFailure]
    /// Seconds the group took.
    public var seconds: Double

    /// Creates a group result.
    public init(
        old: String, casesChecked: Int, failureCount: Int, failures: [SectionedConformanceFailure], seconds: Double
    ) {
        self.old = old
        self.casesChecked = casesChecked
        self.failureCount = failureCount
        self.failures = failures
        self.seconds = seconds
    }

    /// `old [S: a b | T: c]`.
    public var name: String { "old \(old)" }

    /// Whether every case passed.
    public var passed: Bool { failureCount == 0 }

    /// The group as a test case of `adapter`: named ``name``, class
    /// `BatchUpdate.conformance.<adapter>`, a failure's message `3 of 393
    /// cases failed; smallest: <case>: <message>` and its details every kept
    /// failing case with its batches (see ``ConformanceTestCase``).
    public func testCase(adapter: String) -> ConformanceTestCase {
        let className = ConformanceTestCase.className(adapter: adapter)
        guard let smallest = failures.first else {
            return ConformanceTestCase(name: name, className: className, seconds: seconds)
        }
        return ConformanceTestCase(
            name: name, className: className, seconds: seconds,
            failure: ConformanceTestCase.Failure(
                message: "\(failureCount) of \(casesChecked) cases failed; smallest: \(smallest)",
                type: ConformanceTestCase.failureType,
                details: failures.map(\.details).joined(separator: "\n")))
    }
}

/// The outcome of proving one sectioned adapter: one group per old snapshot.
public struct SectionedConformanceReport: Sendable, Equatable {
    /// The adapter's name.
    public var adapter: String
    /// The adapter's declared policy, which the kit held it to.
    public var policy: AdapterPolicy
    /// The bound's sections, *s*.
    public var sectionCount: Int
    /// The bound's items, *k*.
    public var idCount: Int
    /// The groups run, in old-snapshot order (those of the shard).
    public var groups: [SectionedConformanceGroup]
    /// Seconds the whole run took (wall clock).
    public var seconds: Double

    /// Creates a report.
    public init(
        adapter: String, policy: AdapterPolicy, sectionCount: Int, idCount: Int,
        groups: [SectionedConformanceGroup], seconds: Double
    ) {
        self.adapter = adapter
        self.policy = policy
        self.sectionCount = sectionCount
        self.idCount = idCount
        self.groups = groups
        self.seconds = seconds
    }

    /// How many cases (pair × changed content) were replayed.
    public var casesChecked: Int { groups.reduce(0) { $0 + $1.casesChecked } }
    /// How many of them failed.
    public var failureCount: Int { groups.reduce(0) { $0 + $1.failureCount } }
    /// Whether every case passed.
    public var passed: Bool { failureCount == 0 }

    /// The smallest failing case of each kind over all groups, smallest first.
    public var failures: [SectionedConformanceFailure] {
        var smallest: [String: SectionedConformanceFailure] = [:]
        for failure in groups.lazy.flatMap(\.failures) {
            if let current = smallest[failure.kind], !failure.sizeKey.lexicographicallyPrecedes(current.sizeKey) {
                continue
            }
            smallest[failure.kind] = failure
        }
        return smallest.values.sorted(by: SectionedConformanceKit.smallerFirst)
    }

    /// One test case per group, in the report's order.
    public var testCases: [ConformanceTestCase] { groups.map { $0.testCase(adapter: adapter) } }
}
