/// The exit codes of `updatecheck`, as documented in the README.
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
    /// full disk, a closed descriptor) or a device such as `/dev/full`.
    case ioError = 74
}
