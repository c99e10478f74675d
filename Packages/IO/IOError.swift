/// The one error type of UpdateCheck's file input and output: what went
/// wrong, naming the file (or stream) and the reason.
///
/// Each case maps to one of the CLI's documented exit codes: 66 for an
/// input that cannot be read, 65 for one too large, 64 for an output that
/// is also an input, 73 for an output that cannot be created, 74 for one
/// whose bytes could not be written.
package enum IOError: Error, Sendable, Equatable, CustomStringConvertible {
    /// An output cannot be created or put in place at `path` (missing
    /// folder, no permission, a folder, the rename failed). Any previous
    /// file at `path` is left untouched.
    case cannotCreate(path: String, reason: String)
    /// Writing an output's bytes to `path` failed once it was created (a
    /// full disk, an I/O error, a file-size limit, a FIFO's reader went
    /// away). Any previous file at `path` is left untouched and the
    /// temporary file is removed.
    case writeFailed(path: String, reason: String)
    /// An input is missing, a folder or unreadable; `problem` completes
    /// the sentence after the name (`no such file`, `cannot be read (…)`).
    case cannotRead(path: String, problem: String)
    /// An input is larger than `limit` bytes, the largest `what` read.
    case tooLarge(path: String, limit: Int, what: String)
    /// The command line names files that cannot go together (an output
    /// that is also an input, standard input twice).
    case conflict(String)
    /// A file was used out of order (committed before it was opened).
    case misuse(String)

    /// The message, naming the file and the reason.
    package var description: String {
        switch self {
        case .cannotCreate(let path, let reason), .writeFailed(let path, let reason):
            "\(path): cannot be written (\(reason))."
        case .cannotRead(let path, let problem): "\(path): \(problem)."
        case .tooLarge(let path, let limit, let what):
            "\(path): larger than \(limit >= 1 << 30 ? "\(limit >> 30) GiB" : "\(limit >> 20) MiB"), "
                + "the largest \(what) read."
        case .conflict(let message), .misuse(let message): message
        }
    }
}
