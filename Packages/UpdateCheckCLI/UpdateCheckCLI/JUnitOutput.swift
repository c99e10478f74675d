import JUnitReporter
import UpdateCheckIO

/// Writing JUnit reports and other output files with the CLI's exit-code
/// conventions.
///
/// Check commands write theirs through ``SuiteReport``, which calls
/// ``write(_:to:)``; runs too large to hold in memory stream instead:
/// ``streamWriter(to:name:)``, then ``finish(_:)``.
package enum JUnitOutput {
    /// Writes `report` atomically to `path`.
    ///
    /// - Throws: exit 73 (``CLIError/cannotCreate(_:)``) or 74 (a failed
    ///   write) naming the file and the reason; a previous file at `path` is
    ///   then left untouched.
    package static func write(_ report: JUnitReport, to path: String) throws(CLIError) {
        try CLIError.mapping { () throws(JUnitReporterError) in try JUnitWriter.write(report, to: path) }
    }

    /// Starts a streaming report at `path` named `name`.
    ///
    /// - Throws: exit 73 naming the file and the reason.
    package static func streamWriter(to path: String, name: String) throws(CLIError) -> JUnitStreamWriter {
        try CLIError.mapping { () throws(JUnitReporterError) in try JUnitStreamWriter(path: path, name: name) }
    }

    /// Finishes a streaming report and returns its totals.
    ///
    /// - Throws: exit 73 or 74 naming the file and the reason.
    @discardableResult
    package static func finish(_ writer: JUnitStreamWriter) throws(CLIError) -> JUnitTotals {
        try CLIError.mapping { () throws(JUnitReporterError) in try writer.finish() }
    }
}

/// Writes the CLI's other output files (counterexample scenarios) through
/// `AtomicFile`, the one home of safe output writing: a
/// reader never sees half a file, a symbolic link is followed and stays a
/// link, a device, FIFO or open descriptor (`-`, `/dev/stdout`) is written
/// through and never replaced.
package enum OutputFile {
    /// Writes `text` as UTF-8 to `path`.
    ///
    /// - Throws: exit 73 naming the file and the reason when it cannot be
    ///   created, 74 when writing it fails; a previous file at `path` is
    ///   then untouched.
    package static func write(_ text: String, to path: String) throws(CLIError) {
        try CLIError.mapping { () throws(IOError) in try AtomicFile.write(text, to: path) }
    }
}

extension CLIError {
    /// The CLI error for a JUnitReporter error: 73 for an output that cannot
    /// be created, 74 for one whose bytes could not be written (a full
    /// disk, an I/O error, a file-size limit), 66 for an input that cannot
    /// be read, 65 for a malformed report or an unusable schema.
    package init(_ error: JUnitReporterError) {
        switch error {
        case .cannotCreate, .misuse: self.init(.cannotCreate, error.description)
        case .writeFailed: self.init(.ioError, error.description)
        case .cannotRead: self.init(.noInput, error.description)
        case .malformed, .unusableSchema: self.init(.dataError, error.description)
        }
    }

    /// The result of `body`, with a JUnitReporter error it throws turned
    /// into the CLI's (see ``init(_:)``).
    @discardableResult
    package static func mapping<Result>(_ body: () throws(JUnitReporterError) -> Result) throws(CLIError) -> Result {
        do {
            return try body()
        } catch {
            throw CLIError(error)
        }
    }

    /// The CLI error for a file input or output error: 66 for an input
    /// that cannot be read, 65 for one too large, 64 for outputs and inputs
    /// that cannot go together, 73 for an output that cannot be created,
    /// 74 for one whose bytes could not be written.
    package init(_ error: IOError) {
        switch error {
        case .cannotCreate, .misuse: self.init(.cannotCreate, error.description)
        case .writeFailed: self.init(.ioError, error.description)
        case .cannotRead: self.init(.noInput, error.description)
        case .tooLarge: self.init(.dataError, error.description)
        case .conflict: self.init(.usage, error.description)
        }
    }

    /// The result of `body`, with a file input or output error it throws
    /// turned into the CLI's (see ``init(_:)``).
    @discardableResult
    package static func mapping<Result>(_ body: () throws(IOError) -> Result) throws(CLIError) -> Result {
        do {
            return try body()
        } catch {
            throw CLIError(error)
        }
    }
}
