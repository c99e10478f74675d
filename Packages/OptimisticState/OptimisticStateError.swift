/// The one error type of OptimisticState.
public enum OptimisticStateError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A store was created with a record ID given twice: its description and
    /// the two 0-based positions in the list of loaded records.
    case duplicateRecord(id: String, first: Int, second: Int)

    /// A sentence naming the problem and where it is.
    public var description: String {
        switch self {
        case .duplicateRecord(let id, let first, let second):
            "record '\(id)' is loaded twice (positions \(first) and \(second))"
        }
    }
}
