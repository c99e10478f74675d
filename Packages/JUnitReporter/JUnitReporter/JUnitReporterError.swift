import UpdateCheckIO

/// The one error type of JUnitReporter: what went wrong, naming the file and
/// the reason (and the line, for malformed input).
public enum JUnitReporterError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A report cannot be created or written at `path` (missing folder, no
    /// permission, disk full, the rename failed). Any previous file at
    /// `path` is left untouched.
    case cannotCreate(path: String, reason: String)
    /// Writing a report's bytes to `path` failed once it was created (the
    /// disk filled up, an I/O error, a file-size limit, a FIFO's reader
    /// went away). Any previous file at `path` is left untouched and the
    /// temporary file is removed.
    case writeFailed(path: String, reason: String)
    /// An input file (a report or a schema) is missing or cannot be read.
    case cannotRead(path: String, reason: String)
    /// An input report is not well-formed XML or not a JUnit report at all.
    /// `line` is 1-based; 0 when the problem has no line.
    case malformed(path: String, line: Int, reason: String)
    /// A schema file is not a usable XML Schema.
    case unusableSchema(path: String, reason: String)
    /// The streaming writer was used out of order (for example a case added
    /// outside a suite, or a call after `finish()`).
    case misuse(String)

    /// The message, naming the file, line and reason.
    public var description: String {
        switch self {
        case .cannotCreate(let path, let reason), .writeFailed(let path, let reason):
            "\(path): cannot be written (\(reason))."
        case .cannotRead(let path, let reason): "\(path): \(reason)."
        case .malformed(let path, let line, let reason):
            line > 0 ? "\(path):\(line): \(reason)" : "\(path): \(reason)"
        case .unusableSchema(let path, let reason): "\(path): not a usable XML Schema (\(reason))."
        case .misuse(let message): message
        }
    }
}

extension JUnitReporterError {
    /// The JUnitReporter error for a file input or output error: the same
    /// case where JUnitReporter has one (an output that cannot be created
    /// or written, an input that cannot be read), else a misuse.
    package init(_ error: IOError) {
        switch error {
        case .cannotCreate(let path, let reason): self = .cannotCreate(path: path, reason: reason)
        case .writeFailed(let path, let reason): self = .writeFailed(path: path, reason: reason)
        case .cannotRead(let path, let problem): self = .cannotRead(path: path, reason: problem)
        case .tooLarge(let path, _, _): self = .cannotRead(path: path, reason: String(error.description.dropLast()))
        case .conflict(let message), .misuse(let message): self = .misuse(message)
        }
    }

    /// The result of `body`, with a file input or output error it throws
    /// turned into JUnitReporter's (see ``init(_:)``).
    package static func mapping<Result>(_ body: () throws(IOError) -> Result) throws(JUnitReporterError) -> Result {
        do {
            return try body()
        } catch {
            throw JUnitReporterError(error)
        }
    }
}
