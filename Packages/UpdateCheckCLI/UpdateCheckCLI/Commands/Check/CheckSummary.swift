import Foundation

/// The text `updatecheck check` prints at the end: the failing cases, a table
/// of the suites (cases, failures, seconds), the options that replay the
/// run, and a closing `N passed, N failed` line.
package enum CheckSummary {
    /// How many failing cases are listed before the table; the JUnit report has all of them.
    package static let printedFailureLimit = 20

    /// The summary of `results`, which took `seconds` in all, run with `options`.
    ///
    ///     suite                 cases  failures  seconds
    ///     state seed                1         0     0.00
    ///     diff seed                 6         0     0.00
    ///     total                     7         0     0.01
    ///     seed 1, shard 1/1, ids 5, records 2
    ///     7 passed, 0 failed
    package static func text(_ results: [CheckSuiteResult], seconds: Double, options: CheckOptions) -> String {
        var lines: [String] = []
        var failures: [String] = []
        for result in results {
            for testCase in result.cases {
                switch testCase.outcome {
                case .failure(let message, _, _), .error(let message, _, _):
                    failures.append("FAIL \(result.name) › \(testCase.name): \(message)")
                case .passed, .skipped:
                    break
                }
            }
        }
        lines += failures.prefix(printedFailureLimit)
        if failures.count > printedFailureLimit {
            lines.append("… and \(failures.count - printedFailureLimit) more failing cases (--junit lists them all).")
        }

        let total = results.reduce(0) { $0 + $1.cases.count }
        let failed = results.reduce(0) { $0 + $1.failureCount }
        var rows: [[String]] = [["suite", "cases", "failures", "seconds"]]
        for result in results {
            rows.append([result.name, String(result.cases.count), String(result.failureCount), fixed(result.seconds)])
        }
        rows.append(["total", String(total), String(failed), fixed(seconds)])
        let nameWidth = rows.map(\.[0].count).max() ?? 0
        let widths = (1..<4).map { column in rows.map(\.[column].count).max() ?? 0 }
        for row in rows {
            var line = row[0].padding(toLength: nameWidth, withPad: " ", startingAt: 0)
            for column in 1..<4 {
                line += "  " + String(repeating: " ", count: widths[column - 1] - row[column].count) + row[column]
            }
            lines.append(line)
        }
        lines.append(replayLine(options))
        lines.append("\(total - failed) passed, \(failed) failed")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The options that replay the run: `seed 1, shard 1/1, ids 5, records 2` (and `only …` when given).
    package static func replayLine(_ options: CheckOptions) -> String {
        var parts = [
            "seed \(options.seed)", "shard \(options.shard)", "ids \(options.ids)", "records \(options.records)",
        ]
        if options.areas != CheckArea.allCases {
            parts.append("only \(options.areas.map(\.rawValue).joined(separator: ","))")
        }
        return parts.joined(separator: ", ")
    }

    /// `seconds` with two decimals and a `.`, whatever the locale.
    static func fixed(_ seconds: Double) -> String {
        let hundredths = Int((max(0, seconds) * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
