/// The outcome of validating a report: its problems and what it holds.
public struct JUnitValidation: Sendable, Equatable {
    /// The problems found, in file order (at most the limit asked for).
    public var problems: [JUnitProblem]
    /// How many problems were found in all, including those not listed.
    public var problemCount: Int
    /// The counts and time computed from the report's cases.
    public var totals: JUnitTotals
    /// How many `<testsuite>` elements the report holds.
    public var suiteCount: Int

    /// Creates a validation result.
    public init(problems: [JUnitProblem], problemCount: Int, totals: JUnitTotals, suiteCount: Int) {
        self.problems = problems
        self.problemCount = problemCount
        self.totals = totals
        self.suiteCount = suiteCount
    }

    /// Whether the report has no problem at all.
    public var isValid: Bool { problemCount == 0 }
}
