import JUnitReporter

/// The one-line summary of a report's totals printed by the `junit` commands.
enum JUnitSummary {
    /// E.g. `2 suites, 10 tests, 1 failure, 0 errors, 0 skipped`.
    static func text(_ totals: JUnitTotals, suites: Int? = nil) -> String {
        func count(_ value: Int, _ singular: String, _ plural: String) -> String {
            "\(value) \(value == 1 ? singular : plural)"
        }
        var parts: [String] = []
        if let suites { parts.append(count(suites, "suite", "suites")) }
        parts.append(count(totals.tests, "test", "tests"))
        parts.append(count(totals.failures, "failure", "failures"))
        parts.append(count(totals.errors, "error", "errors"))
        parts.append("\(totals.skipped) skipped")
        return parts.joined(separator: ", ")
    }
}
