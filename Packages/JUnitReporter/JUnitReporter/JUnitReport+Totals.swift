extension JUnitTestSuite {
    /// The suite's counts, computed from its cases, and its time: ``time``
    /// when given, else the sum of its cases' times.
    ///
    /// - Complexity: O(n) in the number of cases.
    public var totals: JUnitTotals {
        var totals = JUnitTotals()
        for testCase in cases { totals.add(testCase) }
        if let time { totals.milliseconds = JUnitTimeFormat.milliseconds(time) }
        return totals
    }
}

extension JUnitReport {
    /// The report's counts, the sum over its suites, and its time: ``time``
    /// when given, else the sum of its suites' times.
    ///
    /// - Complexity: O(n) in the number of cases.
    public var totals: JUnitTotals {
        var totals = JUnitTotals()
        for suite in suites { totals.add(suite.totals) }
        if let time { totals.milliseconds = JUnitTimeFormat.milliseconds(time) }
        return totals
    }
}
