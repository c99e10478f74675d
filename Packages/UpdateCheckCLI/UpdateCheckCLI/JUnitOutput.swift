import JUnitReporter

/// Writing JUnit reports with the CLI's exit-code conventions.
///
/// Check commands write theirs through ``SuiteReport``, which calls
/// ``write(_:to:)``; runs too large to hold in memory stream instead:
/// ``streamWriter(to:name:)``, then ``finish(_:)``.
package enum JUnitOutput {
    /// Writes `report` atomically to `path`.
    ///
    /// - Throws: exit 73 (``CLIError/cannotCreate(_:)``) naming the file and
    ///   the reason; a previous file at `path` is then left untouched.
    package static func write(_ report: JUnitReport, to path: String) throws(CLIError) {
        do {
            try JUnitWriter.write(report, to: path)
        } catch {
            throw CLIError(error)
        }
    }

    /// Starts a streaming report at `path` named `name`.
    ///
    /// - Throws: exit 73 naming the file and the reason.
    package static func streamWriter(to path: String, name: String) throws(CLIError) -> JUnitStreamWriter {
        do {
            return try JUnitStreamWriter(path: path, name: name)
        } catch {
            throw CLIError(error)
        }
    }

    /// Finishes a streaming report and returns its totals.
    ///
    /// - Throws: exit 73 naming the file and the reason.
    @discardableResult
    package static func finish(_ writer: JUnitStreamWriter) throws(CLIError) -> JUnitTotals {
        do {
            return try writer.finish()
        } catch {
            throw CLIError(error)
        }
    }
}

extension CLIError {
    /// The CLI error for a JUnitReporter error: 73 for an output that cannot
    /// be written, 66 for an input that cannot be read, 65 for a malformed
    /// report or an unusable schema.
    package init(_ error: JUnitReporterError) {
        switch error {
        case .cannotCreate, .misuse: self.init(.cannotCreate, error.description)
        case .cannotRead: self.init(.noInput, error.description)
        case .malformed, .unusableSchema: self.init(.dataError, error.description)
        }
    }
}
