import BatchUpdate

/// What proving one adapter found, flat or sectioned: the domain result of
/// an adapter suite, from which it yields its cases (through ``testCases``
/// and the pictures of failing groups) and `adapters check` its lines.
package enum AdapterReport: Sendable {
    /// The conformance kit's report on a flat adapter.
    case flat(ConformanceReport)
    /// The sectioned kit's report on a sectioned adapter.
    case sectioned(SectionedConformanceReport)

    /// The adapter's name; a manifest's program is reported under the
    /// manifest's name for it.
    package var adapter: String {
        get {
            switch self {
            case .flat(let report): report.adapter
            case .sectioned(let report): report.adapter
            }
        }
        set {
            switch self {
            case .flat(var report):
                report.adapter = newValue
                self = .flat(report)
            case .sectioned(var report):
                report.adapter = newValue
                self = .sectioned(report)
            }
        }
    }

    /// One test case per group, in the report's order (see `ConformanceTestCase`).
    package var testCases: [ConformanceTestCase] {
        switch self {
        case .flat(let report): report.testCases
        case .sectioned(let report): report.testCases
        }
    }

    /// How many cases were replayed.
    package var casesChecked: Int {
        switch self {
        case .flat(let report): report.casesChecked
        case .sectioned(let report): report.casesChecked
        }
    }

    /// Figures measured by the run, as `(name, value)` properties of its
    /// suite: a sectioned run's `cases` (a flat run's count follows from its
    /// options).
    package var measured: [SuiteProperty] {
        switch self {
        case .flat: []
        case .sectioned(let report): [SuiteProperty(name: "cases", value: String(report.casesChecked))]
        }
    }

    /// The picture of group `index`'s smallest failing case, or `nil` when
    /// the group passed.
    package func picture(ofGroup index: Int) -> PlanPicture? {
        switch self {
        case .flat(let report):
            report.groups[index].failures.first.map { PlanPicture(adapter: report.adapter, failure: $0) }
        case .sectioned(let report):
            report.groups[index].failures.first.map { PlanPicture(adapter: report.adapter, failure: $0) }
        }
    }

    /// `uikit: passed 914721 cases in 2.1 s`, or the failure count and the
    /// smallest failing case (of each kind, for a sectioned run) with its
    /// calls; for an adapter program, `(7695 requests sent)` after the time.
    package func summary(requests: Int? = nil) -> String {
        switch self {
        case .flat(let report):
            let time = Self.time(report.seconds, requests: requests)
            guard let smallest = report.smallestFailure else {
                return "\(report.adapter): passed \(report.casesChecked) cases in \(time)\n"
            }
            let text = smallest.description.split(separator: "\n").map { "  \($0)" }.joined(separator: "\n")
            return "\(report.adapter): FAILED \(report.failureCount) of \(report.casesChecked) cases in \(time); "
                + "smallest:\n\(text)\n"
        case .sectioned(let report):
            let time = Self.time(report.seconds, requests: requests)
            guard !report.passed else {
                return "\(report.adapter): passed \(report.casesChecked) cases in \(time)\n"
            }
            let text = report.failures.map(\.details).joined(separator: "\n").split(separator: "\n").map { "  \($0)" }
            return "\(report.adapter): FAILED \(report.failureCount) of \(report.casesChecked) cases in \(time); "
                + "smallest of each kind:\n\(text.joined(separator: "\n"))\n"
        }
    }

    /// `2.1 s`, or `2.1 s (7695 requests sent)`.
    static func time(_ seconds: Double, requests: Int?) -> String {
        String(format1: seconds) + " s" + (requests.map { " (\($0) requests sent)" } ?? "")
    }
}
