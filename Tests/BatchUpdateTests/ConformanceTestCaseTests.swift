import BatchUpdate
import Testing

/// A conformance report as CI test cases: one per group, named and classed
/// as `updatecheck` reports them, failures with the smallest case first.
@Suite struct ConformanceTestCaseTests {
    @Test func aPassingRunGivesOnePassingCasePerGroup() {
        let report = ConformanceKit.check(StepAdapter(), options: ConformanceOptions(ids: 2, randomPairs: 150))
        let cases = report.testCases
        #expect(
            cases.map(\.name) == [
                "old []", "old [a]", "old [a, b]", "old [b]", "old [b, a]", "random pairs 0-99",
                "random pairs 100-149",
            ])
        #expect(cases.allSatisfy { $0.className == "BatchUpdate.conformance.steps" && $0.failure == nil })
        #expect(cases.map(\.seconds) == report.groups.map(\.seconds))
    }

    @Test func aFailingGroupNamesItsSmallestCaseAndKeepsTheOthersInItsDetails() throws {
        var options = ConformanceOptions(ids: 3)
        options.failuresPerGroup = 2
        let report = ConformanceKit.check(StepAdapter(flaw: .forgetsRefresh), options: options)
        let cases = report.testCases
        #expect(cases.count == report.groups.count)
        #expect(cases.first?.failure == nil, "old [] keeps nothing, so nothing is left unrefreshed")
        let group = try #require(report.groups.first { $0.failureCount > 2 })
        let testCase = try #require(cases.first { $0.name == group.name })
        let failure = try #require(testCase.failure)
        let smallest = group.failures[0]
        #expect(
            failure.message
                == "\(group.failureCount) of \(group.casesChecked) cases failed; smallest: \(smallest.pair): "
                + "\(smallest.problem)")
        #expect(failure.message.contains("was not refreshed"), "\(failure.message)")
        #expect(failure.type == "BatchUpdate.ConformanceFailure")
        #expect(
            failure.details
                == group.failures.map(\.description).joined(separator: "\n")
                + "\n… and \(group.failureCount - 2) more failing cases")
        #expect(cases.filter { $0.failure != nil }.count == report.groups.filter { !$0.passed }.count)
    }
}
