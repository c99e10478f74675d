import JUnitReporter
import Testing

/// Totals count each case once, and print their counts.
@Suite struct JUnitTotalsTests {
    @Test func totalsCountEachOutcomeAndPrintTheCounts() {
        var totals = JUnitTotals()
        totals.add(JUnitTestCase(name: "a", className: "c", time: 0.5))
        totals.add(JUnitTestCase(name: "b", className: "c", outcome: .failure(message: "m", type: "t", details: "d")))
        totals.add(JUnitTestCase(name: "c", className: "c", outcome: .skipped(message: "later")))
        #expect(totals.passed == 1)
        #expect("\(totals)" == "tests 3, failures 1, errors 0, skipped 1")
    }
}
