import Foundation
import Testing

@testable import UpdateCheckCLI

/// The Markdown summary sink: the table, the replay line and each failing
/// case, with nothing from a case read as Markdown.
@Suite struct SuiteMarkdownTests {
    static func run(_ cases: [CheckCase]) -> SuiteRun {
        let result = SuiteResult(
            name: "adapters team|list", area: .adapters, timestamp: Date(timeIntervalSince1970: 0), seconds: 1.5,
            properties: [], cases: cases)
        return SuiteRun(results: [result], timestamp: Date(timeIntervalSince1970: 0), seconds: 2)
    }

    @Test func tableReplayLineAndFailures() {
        let failing = CheckCase(
            name: "old [a, b]", className: "BatchUpdate.conformance.team",
            outcome: .failure(
                message: "1 of 3 cases failed; smallest: [a, b] → []: wrong rows",
                type: "BatchUpdate.ConformanceFailure",
                details: "[a, b] → []\n  batch 1: onRemoved(0, 1); onRemoved(1, 1)\n```not a fence"))
        let text = SuiteMarkdown.text(
            Self.run([CheckCase(name: "old []", className: "c"), failing]), title: "updatecheck check",
            replay: "seed 1, shard 1/1")
        #expect(
            text == """

                ## updatecheck check: 1 passed, 1 failed

                | suite | cases | failures | seconds |
                | --- | ---: | ---: | ---: |
                | adapters team\\|list | 2 | 1 | 1.50 |
                | **total** | 2 | 1 | 2.00 |

                seed 1, shard 1/1

                ### Failures

                #### adapters team\\|list › old \\[a, b\\]

                1 of 3 cases failed; smallest: \\[a, b\\] → \\[\\]: wrong rows

                ````text
                [a, b] → []
                  batch 1: onRemoved(0, 1); onRemoved(1, 1)
                ```not a fence
                ````

                """)
    }

    @Test func atMostTheFailureLimitIsShown() {
        let cases = (0..<(SuiteMarkdown.failureLimit + 5)).map { index in
            CheckCase(name: "case \(index)", className: "c", outcome: .error(message: "boom", type: "t", details: ""))
        }
        let text = SuiteMarkdown.text(Self.run(cases), title: "t", replay: "r")
        #expect(text.components(separatedBy: "\n#### ").count - 1 == SuiteMarkdown.failureLimit)
        #expect(text.hasSuffix("… and 5 more failing cases (the JUnit report lists them all).\n"))
    }

    @Test func longTextIsCutAndControlCharactersEscaped() {
        let long = String(repeating: "x", count: SuiteMarkdown.detailLimit + 100)
        let text = SuiteMarkdown.text(
            Self.run([
                CheckCase(
                    name: "id \u{1B}[2J", className: "c", outcome: .failure(message: "m", type: "t", details: long))
            ]), title: "t", replay: "r")
        // The escape shows as `\u{1B}` (its backslash escaped for Markdown), the bracket as text.
        #expect(text.contains("#### adapters team\\|list › id \\\\u{1B}\\[2J\n"))
        #expect(text.contains("[… 100 bytes cut; the JUnit report has the whole text]"))
        #expect(!text.contains(long))
    }
}
