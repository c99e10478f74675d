import BatchUpdate
import BatchUpdateTesting
import Foundation
import Testing
import UpdateCheckUIKit

@Suite struct ConformanceExpectationTests {
    let options = ConformanceOptions(ids: 3, randomPairs: 20, maxRandomItems: 30, seed: 1)

    /// Deletes the item one past each deleted one: wrong whenever something is deleted.
    struct DeletesOnePastOldPath: UpdateAdapter {
        typealias Model = UIKitBatchModel<Int>
        var name: String { "uikit-off-by-one" }
        var summary: String { "" }
        var policy: AdapterPolicy { UIKitBatchAdapter<Int>().policy }
        func batches(for plan: UpdatePlan<Int>) -> [UpdateBatch<[Int], UIKitBatchCall>] {
            UIKitBatchAdapter<Int>().batches(for: plan).map { batch in
                UpdateBatch(dataSource: batch.dataSource, calls: batch.calls.map(Self.shift))
            }
        }
        static func shift(_ call: UIKitBatchCall) -> UIKitBatchCall {
            guard case .deleteItems(let paths) = call else { return call }
            return .deleteItems(paths.map { ItemPath(section: $0.section, item: $0.item + 1) })
        }
    }

    @Test func aPassingRunRecordsNothing() {
        #expect(expectConformance(ConformanceKit.check(UIKitBatchAdapter<Int>(), options: options)))
    }

    @Test func aFailingRunRecordsOneIssuePerFailingGroup() {
        let report = ConformanceKit.check(DeletesOnePastOldPath(), options: options)
        let failing = report.testCases.compactMap(\.failure)
        #expect(!failing.isEmpty && failing.count < report.testCases.count)
        let recorded = Recorded()
        withKnownIssue {
            #expect(!expectConformance(report))
        } matching: { issue in
            recorded.append(issue.comments.map(\.rawValue).joined(separator: "\n"))
            return true
        }
        let comments = recorded.comments
        #expect(comments.count == failing.count)
        for (comment, (testCase, failure)) in zip(comments, zip(report.testCases.filter { $0.failure != nil }, failing))
        {
            // The group, its one-line message with the smallest case, then its cases with their calls, once.
            #expect(comment == "uikit-off-by-one › \(testCase.name): \(failure.message)\n\(failure.details)")
            #expect(comment.contains("smallest: ") && comment.contains("deleteItems"))
        }
    }

    /// The comments of the issues a block recorded, in order.
    final class Recorded: @unchecked Sendable {
        private let lock = NSLock()
        private var texts: [String] = []
        func append(_ text: String) { lock.withLock { texts.append(text) } }
        var comments: [String] { lock.withLock { texts } }
    }
}
