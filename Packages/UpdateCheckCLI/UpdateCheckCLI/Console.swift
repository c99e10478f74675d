import JUnitReporter
import UpdateCheckIO
import UpdateCheckPlatform

/// Where a command prints: standard output, standard error, and whether
/// standard error is a terminal (progress lines are shown only then).
///
/// The process's console (``standard``) makes every text safe for a
/// terminal: record IDs, file names and messages come from users' files, so
/// every control character, the ESC of an ANSI sequence included, becomes a
/// visible `\u{1B}` escape (`JUnitText.terminalSafe`): the text reads as what
/// the file holds and cannot move the cursor or clear the screen. It also remembers the
/// first write that failed (a closed pipe, a full disk, a closed
/// descriptor): printing on that stream stops, the command goes on (its
/// reports are still written), and ``UpdateCheckMain`` ends with exit 74.
///
/// Tests build a capturing console to assert exact text without a process.
package struct Console: Sendable {
    /// Writes text to standard output (no newline is added).
    package var writeOut: @Sendable (String) -> Void
    /// Writes text to standard error (no newline is added).
    package var writeErr: @Sendable (String) -> Void
    /// Writes terminal control text (a progress line) to standard error as
    /// it is.
    package var writeControl: @Sendable (String) -> Void
    /// Whether standard error is an interactive terminal (and `CI` is unset),
    /// so that a progress line may be drawn there.
    package var showsProgress: Bool
    /// The first failed write to standard output or error, described
    /// (`standard output: Broken pipe`), or nil.
    package var writeFailure: @Sendable () -> String?

    /// Creates a console from its sinks.
    package init(
        writeOut: @escaping @Sendable (String) -> Void,
        writeErr: @escaping @Sendable (String) -> Void,
        showsProgress: Bool = false,
        writeControl: (@Sendable (String) -> Void)? = nil,
        writeFailure: @escaping @Sendable () -> String? = { nil }
    ) {
        self.writeOut = writeOut
        self.writeErr = writeErr
        self.writeControl = writeControl ?? writeErr
        self.showsProgress = showsProgress
        self.writeFailure = writeFailure
    }

    /// The process's standard output and error, with terminal-safe text.
    package static var standard: Console {
        let interactive = System.isTerminal(System.standardError) && System.environment("CI") == nil
        return Console(
            writeOut: { text in StandardStream.output.write(JUnitText.terminalSafe(text)) },
            writeErr: { text in StandardStream.error.write(JUnitText.terminalSafe(text)) },
            showsProgress: interactive,
            writeControl: { text in StandardStream.error.write(text) },
            writeFailure: { StandardStream.output.failure ?? StandardStream.error.failure })
    }

    /// Prints one line on standard output.
    package func line(_ text: String = "") { writeOut(text + "\n") }

    /// Prints one line on standard error.
    package func errorLine(_ text: String) { writeErr(text + "\n") }

    /// Draws `text` as the progress line on standard error (replacing the
    /// previous one); the text itself is made terminal-safe.
    package func progress(_ text: String) {
        writeControl("\r\u{1B}[2K" + JUnitText.terminalSafe(text))
    }

    /// Erases the progress line.
    package func clearProgress() { writeControl("\r\u{1B}[2K") }
}
