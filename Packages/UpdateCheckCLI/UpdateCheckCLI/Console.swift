#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a command prints: standard output, standard error, and whether
/// standard output is a terminal (progress lines are shown only then).
///
/// Tests build a capturing console to assert exact text without a process.
package struct Console: Sendable {
    /// Writes text to standard output (no newline is added).
    package var writeOut: @Sendable (String) -> Void
    /// Writes text to standard error (no newline is added).
    package var writeErr: @Sendable (String) -> Void
    /// Whether standard error is an interactive terminal (and `CI` is unset),
    /// so that a progress line may be drawn there.
    package var showsProgress: Bool

    /// Creates a console from its two sinks.
    package init(
        writeOut: @escaping @Sendable (String) -> Void,
        writeErr: @escaping @Sendable (String) -> Void,
        showsProgress: Bool = false
    ) {
        self.writeOut = writeOut
        self.writeErr = writeErr
        self.showsProgress = showsProgress
    }

    /// The process's standard output and error.
    package static var standard: Console {
        let interactive = isatty(STDERR_FILENO) == 1 && getenv("CI") == nil
        return Console(
            writeOut: { text in writeAll(text, to: STDOUT_FILENO) },
            writeErr: { text in writeAll(text, to: STDERR_FILENO) },
            showsProgress: interactive)
    }

    /// Prints one line on standard output.
    package func line(_ text: String = "") { writeOut(text + "\n") }

    /// Prints one line on standard error.
    package func errorLine(_ text: String) { writeErr(text + "\n") }
}

/// Writes every byte of `text` to the file descriptor, retrying short writes
/// and interrupted calls; gives up silently on any other error (a closed pipe).
private func writeAll(_ text: String, to descriptor: Int32) {
    var text = text
    text.withUTF8 { buffer in
        var offset = 0
        while offset < buffer.count {
            let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if written > 0 {
                offset += written
            } else if written < 0, errno == EINTR {
                continue
            } else {
                return
            }
        }
    }
}
