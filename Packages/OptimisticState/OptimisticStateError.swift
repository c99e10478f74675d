/// The one error type of OptimisticState.
public enum OptimisticStateError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A store was created with a record ID given twice: its description and
    /// the two 0-based positions in the list of loaded records.
    case duplicateRecord(id: String, first: Int, second: Int)
    /// A scenario that cannot run: the 1-based step (0 for the header), its
    /// line in the file when known, and what is wrong.
    case invalidScenario(step: Int, line: Int?, message: String)

    /// A sentence naming the problem and where it is.
    public var description: String {
        switch self {
        case .duplicateRecord(let id, let first, let second):
            "record '\(id)' is loaded twice (positions \(first) and \(second))"
        case .invalidScenario(let step, let line, let message):
            (step == 0 ? "records" : "step \(step)") + (line.map { " (line \($0))" } ?? "") + ": " + message
        }
    }
}
