import BatchUpdate
import JUnitReporter

/// The JUnit side of a conformance run, flat or sectioned: BatchUpdate's
/// `ConformanceTestCase` mapping as JUnit cases, and the pictures of failing
/// groups attached to them.
///
/// The adapter suite (``AdapterConformanceSuite``) names, times and fails
/// its cases through here, so a flat and a sectioned report read the same in
/// every CI system.
enum ConformanceCases {
    /// One JUnit case per kit case, in order: class
    /// `BatchUpdate.conformance.<adapter>`, a failing group naming its
    /// smallest failing case.
    static func junit(_ testCases: [ConformanceTestCase]) -> [JUnitTestCase] {
        testCases.map { testCase in
            JUnitTestCase(
                name: testCase.name, className: testCase.className, time: testCase.seconds,
                outcome: testCase.failure.map { .failure(message: $0.message, type: $0.type, details: $0.details) }
                    ?? .passed)
        }
    }

    /// `testCases` as JUnit cases, whose groups sit at the suite's local
    /// `positions` (one each, in order), each failing one with the picture
    /// `smallest(index)` gives for it attached (as `system-out`,
    /// `[[ATTACHMENT|path]]`) when `pictures` is given; a picture is named by
    /// the case's position in the whole suite, whatever the shard.
    ///
    /// `smallest` returns `nil` for a group that passed; it is not called
    /// when `pictures` is `nil`.
    ///
    /// - Throws: exit 73 when a picture cannot be written.
    static func junit(
        _ testCases: [ConformanceTestCase], adapter: String, positions: [Int], pictures: PictureFolder?,
        smallest: (Int) -> PlanPicture?
    ) throws(CLIError) -> [JUnitTestCase] {
        precondition(
            positions.count == testCases.count, "the kit ran \(testCases.count) groups, not \(positions.count)")
        var cases = junit(testCases)
        guard let pictures else { return cases }
        for (index, position) in positions.enumerated() {
            guard let picture = smallest(index) else { continue }
            let path = try pictures.write(picture, named: "\(adapter)-\(position + 1)")
            cases[index].systemOut = "[[ATTACHMENT|\(path)]]"
        }
        return cases
    }
}
