extension JUnitTestSuite {
    /// The suite's counts and time, computed from its cases.
    ///
    /// - Complexity: O(n) in the number of cases.
    public var totals: JUnitTotals {
        var totals = JUnitTotals()
        for testCase in cases { totals.add(testCase) }
        return totals
    }
}

extension JUnitReport {
    /// The report's counts and time: the sum over its suites.
    ///
    /// - Complexity: O(n) in the number of cases.
    public var totals: JUnitTotals {
        var totals = JUnitTotals()
        for suite in suites { totals.add(suite.totals) }
        return totals
    }
}
