import BatchUpdate

/// What proving one adapter found, flat or sectioned, as the adapter suite
/// yields it (its cases through `testCases` and the pictures of failing
/// groups) and `adapters check` prints it.
extension ConformanceReport {
    /// Figures measured by the run, as `(name, value)` properties of its
    /// suite: a sectioned run's `cases` (a flat run's count follows from its
    /// options).
    package var measured: [SuiteProperty] {
        isSectioned ? [SuiteProperty(name: "cases", value: String(casesChecked))] : []
    }

    /// The picture of group `index`'s smallest failing case, or `nil` when
    /// the group passed.
    package func picture(ofGroup index: Int) -> PlanPicture? {
        groups[index].failures.first.map { PlanPicture(adapter: adapter, failure: $0) }
    }

    /// `uikit: passed 914721 cases in 2.1 s`, or the failure count and the
    /// smallest failing case (of each kind, for a sectioned run) with its
    /// calls; for an adapter program, `(7695 requests sent)` after the time.
    package func summary(requests: Int? = nil) -> String {
        let time = String(format1: seconds) + " s" + (requests.map { " (\($0) requests sent)" } ?? "")
        guard let smallest = smallestFailure else { return "\(adapter): passed \(casesChecked) cases in \(time)\n" }
        let shown = isSectioned ? failures : [smallest]
        let text = shown.map(\.description).joined(separator: "\n").split(separator: "\n").map { "  \($0)" }
        return "\(adapter): FAILED \(failureCount) of \(casesChecked) cases in \(time); "
            + "smallest\(isSectioned ? " of each kind" : ""):\n\(text.joined(separator: "\n"))\n"
    }
}
