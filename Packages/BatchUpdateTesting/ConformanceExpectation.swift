import BatchUpdate
import Testing

/// Expects a conformance run, flat or sectioned, to have passed, recording
/// one Swift Testing issue per failing group.
///
/// Each issue reads as the kit reports the group: the adapter and the
/// group's name, how many of its cases failed, the smallest failing case
/// (old and new lists, changed items) with its problem, then every kept
/// failing case with its calls. Nothing else is printed, so no case appears
/// twice, as it does with `#expect(report.passed, "\(report)")`, whose
/// comment repeats the whole report under the expression.
///
/// ```swift
/// import BatchUpdate
/// import BatchUpdateTesting
/// import Testing
/// import UpdateCheckUIKit
///
/// @Test func uikitAdapterPassesTheKit() {
///     expectConformance(ConformanceKit.check(UIKitBatchAdapter<Int>(), options: ConformanceOptions()))
/// }
/// ```
///
/// - Parameters:
///   - report: the kit's report.
///   - sourceLocation: where the issues are recorded; the caller's line.
/// - Returns: whether the run passed, so a test can stop early.
/// - Complexity: O(failing groups + their text).
@discardableResult
public func expectConformance(_ report: ConformanceReport, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
    var passed = true
    for testCase in report.testCases {
        guard let failure = testCase.failure else { continue }
        passed = false
        var text = "\(report.adapter) › \(testCase.name): \(failure.message)"
        if !failure.details.isEmpty { text += "\n" + failure.details }
        Issue.record(Comment(rawValue: text), sourceLocation: sourceLocation)
    }
    return passed
}
