import Foundation

/// The text a run of suites ends with: the failing cases, a table of the
/// suites (cases, failures, seconds), a line that replays the run, and a
/// closing `N passed, N failed` line.
package enum SuiteSummary {
    /// How many failing cases are listed before the table; the JUnit report has all of them.
    package static let printedFailureLimit = 20

    /// The summary of `run`, with `replay` (the options that replay it) after the table.
    ///
    ///     suite                 cases  failures  seconds
    ///     state seed                1         0     0.00
    ///     diff seed                 6         0     0.00
    ///     total                     7         0     0.01
    ///     seed 1, shard 1/1, ids 5, records 2
    ///     7 passed, 0 failed
    package static func text(_ run: SuiteRun, replay: String) -> String {
        var lines: [String] = []
        var failures: [String] = []
        for result in run.results {
            for testCase in result.cases {
                switch testCase.outcome {
                case .failure(let message, _, let details), .error(let message, _, let details):
                    failures.append(
                        (["FAIL \(result.name) › \(testCase.name): \(message)"] + smallestCaseLines(details, message))
                            .joined(separator: "\n"))
                case .passed, .skipped:
                    break
                }
            }
        }
        lines += failures.prefix(printedFailureLimit)
        if failures.count > printedFailureLimit {
            lines.append("… and \(failures.count - printedFailureLimit) more failing cases (--junit lists them all).")
        }

        var rows: [[String]] = [["suite", "cases", "failures", "seconds"]]
        for result in run.results {
            rows.append([result.name, String(result.cases.count), String(result.failureCount), fixed(result.seconds)])
        }
        rows.append(["total", String(run.caseCount), String(run.failureCount), fixed(run.seconds)])
        let nameWidth = rows.map(\.[0].count).max() ?? 0
        let widths = (1..<4).map { column in rows.map(\.[column].count).max() ?? 0 }
        for row in rows {
            var line = row[0].padding(toLength: nameWidth, withPad: " ", startingAt: 0)
            for column in 1..<4 {
                line += "  " + String(repeating: " ", count: widths[column - 1] - row[column].count) + row[column]
            }
            lines.append(line)
        }
        lines.append(replay)
        lines.append("\(run.caseCount - run.failureCount) passed, \(run.failureCount) failed")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The most lines ``smallestCaseLines(_:_:)`` shows under a failure.
    package static let smallestCaseLineLimit = 8

    /// The lines that go with the failure's smallest case, such as an
    /// adapter's calls batch by batch: when the details start with the case
    /// the message names (`…; smallest: <case>`), the indented lines right
    /// after it, at most ``smallestCaseLineLimit``; none otherwise.
    static func smallestCaseLines(_ details: String, _ message: String) -> [String] {
        let lines = details.split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = lines.first, !first.isEmpty, message.hasSuffix(first) else { return [] }
        let indented = lines.dropFirst().prefix { $0.hasPrefix("  ") }
        var shown = indented.prefix(smallestCaseLineLimit).map(String.init)
        if indented.count > smallestCaseLineLimit {
            shown.append("  … \(indented.count - smallestCaseLineLimit) more lines (--junit has them all)")
        }
        return shown
    }

    /// `seconds` with two decimals and a `.`, whatever the locale.
    static func fixed(_ seconds: Double) -> String {
        let hundredths = Int((max(0, seconds) * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
