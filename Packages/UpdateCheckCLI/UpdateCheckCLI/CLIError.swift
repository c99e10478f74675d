/// The one error type of the CLI: a message and the exit code it maps to.
///
/// Usage errors (exit 64) are printed with the command's usage line and a
/// `See 'updatecheck … --help'` hint; every other error prints its message only.
/// Messages name what is wrong and where (file, line or step, ID).
package struct CLIError: Error, Sendable, Equatable {
    /// The exit code the process ends with.
    package var code: ExitCode
    /// The text after `Error: `.
    package var message: String

    /// Creates an error with an explicit exit code.
    package init(_ code: ExitCode, _ message: String) {
        self.code = code
        self.message = message
    }

    /// A bad command line (exit 64).
    package static func usage(_ message: String) -> CLIError { CLIError(.usage, message) }
    /// A malformed input file (exit 65).
    package static func dataError(_ message: String) -> CLIError { CLIError(.dataError, message) }
    /// A missing or unreadable input file (exit 66).
    package static func noInput(_ message: String) -> CLIError { CLIError(.noInput, message) }
    /// An output file that cannot be created (exit 73).
    package static func cannotCreate(_ message: String) -> CLIError { CLIError(.cannotCreate, message) }
}

/// The exit codes of `updatecheck`, as documented in `docs/cli.md`.
///
/// They follow the BSD `sysexits.h` convention where one applies.
package enum ExitCode: Int32, Sendable, CaseIterable {
    /// Every check passed.
    case success = 0
    /// At least one check failed (the report says which).
    case checkFailed = 1
    /// The command line was wrong: unknown option, missing argument, bad value.
    case usage = 64
    /// An input file was malformed: bad JSON, duplicate IDs, unknown record.
    case dataError = 65
    /// An input file does not exist or cannot be read.
    case noInput = 66
    /// An output file cannot be created.
    case cannotCreate = 73
    /// Writing an output failed: standard output or error (a closed pipe, a
    /// full disk, a closed descriptor), or the bytes of an output file (a
    /// full disk or `/dev/full`, an I/O error, a file-size limit, a FIFO
    /// whose reader went away).
    case ioError = 74
}
