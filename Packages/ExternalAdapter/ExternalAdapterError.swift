/// The one error type of ExternalAdapter: an adapter or store program that cannot be
/// started or does not complete the handshake. (A program that misbehaves
/// on a case fails that case, not the run; see ``ExternalAdapter``.)
public enum ExternalAdapterError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The command could not be started at all.
    case cannotStart(command: String, reason: String)
    /// The program's first line is not a valid handshake; `reason` names the
    /// field, and `stderr` holds the end of what the program wrote there.
    case badHandshake(command: String, reason: String, stderr: String)

    /// One sentence naming the command and what is wrong.
    public var description: String {
        switch self {
        case .cannotStart(let command, let reason):
            return "The program `\(command)` cannot be started: \(reason)."
        case .badHandshake(let command, let reason, let stderr):
            let tail = stderr.isEmpty ? "" : " Its stderr ends with:\n\(stderr)"
            return "The program `\(command)` did not complete the protocol handshake: \(reason)\(tail)"
        }
    }
}
