import JUnitReporter

/// The Markdown summary of a run of suites: what CI systems show on a run's
/// page (GitHub's `$GITHUB_STEP_SUMMARY`, a merge request comment).
///
/// A sink over the runner's results, like the table of ``SuiteSummary`` and
/// the JUnit report of ``SuiteReport``: the same table as a Markdown table,
/// the line that replays the run, and for each failing case (at most
/// ``failureLimit``) its suite, name, one-line message and full text (for an
/// adapter, the smallest failing case with its calls) in a code block.
///
/// Text from cases is never taken as Markdown: table cells have their `|`
/// and line breaks escaped, and a code block's fence is longer than any run
/// of backticks inside it, so no ID or message can end it early. Each
/// failure's text is cut at ``detailLimit`` bytes, keeping the summary well
/// under GitHub's 1 MiB per step.
package enum SuiteMarkdown {
    /// How many failing cases are shown; the JUnit report has all of them.
    package static let failureLimit = 20
    /// The longest text shown for one failure, in UTF-8 bytes.
    package static let detailLimit = 16 << 10

    /// The summary of `run`, titled `title` (`updatecheck check`), with
    /// `replay` (the options that replay it) under the table.
    package static func text(_ run: SuiteRun, title: String, replay: String) -> String {
        var lines = ["", "## \(title): \(run.caseCount - run.failureCount) passed, \(run.failureCount) failed", ""]
        lines.append("| suite | cases | failures | seconds |")
        lines.append("| --- | ---: | ---: | ---: |")
        for result in run.results {
            lines.append(
                "| \(cell(result.name)) | \(result.cases.count) | \(result.failureCount) | "
                    + "\(SuiteSummary.fixed(result.seconds)) |")
        }
        lines.append(
            "| **total** | \(run.caseCount) | \(run.failureCount) | \(SuiteSummary.fixed(run.seconds)) |")
        lines.append("")
        lines.append(cell(replay))
        var shown = 0
        for result in run.results {
            for testCase in result.cases where testCase.isFailure {
                guard shown < failureLimit else { continue }
                if shown == 0 { lines += ["", "### Failures"] }
                shown += 1
                let (message, details) = texts(of: testCase)
                lines += ["", "#### \(cell(result.name)) › \(cell(testCase.name))", "", cell(message)]
                if !details.isEmpty, details != message { lines += [""] + codeBlock(cut(details)) }
            }
        }
        if run.failureCount > shown {
            lines += ["", "… and \(run.failureCount - shown) more failing cases (the JUnit report lists them all)."]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The message and full text of a failing case.
    private static func texts(of testCase: CheckCase) -> (String, String) {
        switch testCase.outcome {
        case .failure(let message, _, let details), .error(let message, _, let details): (message, details)
        case .passed, .skipped: ("", "")
        }
    }

    /// `text` on one line, safe inside a table cell or a heading: line
    /// breaks become spaces, `|` and the characters Markdown reads as markup
    /// at a line's start are escaped, control characters shown as escapes.
    static func cell(_ text: String) -> String {
        var out = ""
        for scalar in JUnitText.terminalSafe(text).unicodeScalars {
            switch scalar {
            case "\n", "\r": out += " "
            case "|", "\\", "`", "*", "_", "<", ">", "[", "]", "#": out += "\\" + String(scalar)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `text` as a fenced code block whose fence no line of `text` can close.
    static func codeBlock(_ text: String) -> [String] {
        var longest = 0
        var run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: max(3, longest + 1))
        return [fence + "text"]
            + JUnitText.terminalSafe(text).split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init) + [fence]
    }

    /// `text` cut at ``detailLimit`` bytes (on a character boundary), with a note of what was cut.
    static func cut(_ text: String) -> String {
        guard text.utf8.count > detailLimit else { return text }
        var kept = ""
        var bytes = 0
        for character in text {
            bytes += character.utf8.count
            if bytes > detailLimit { break }
            kept.append(character)
        }
        return kept + "\n[… \(text.utf8.count - kept.utf8.count) bytes cut; the JUnit report has the whole text]"
    }
}
