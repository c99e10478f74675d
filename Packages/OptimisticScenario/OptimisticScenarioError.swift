import OptimisticState

/// The one error type of OptimisticScenario: a scenario file that cannot be
/// read, or a scenario that cannot run.
public enum OptimisticScenarioError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Scenario-file text that is not a scenario: the file's name, the
    /// 1-based line and column (in bytes) of the offending value, and what is
    /// wrong (prefixed with `step N: ` inside a step). Malformed JSON, an
    /// unknown or repeated key, a missing or mistyped value.
    case malformed(file: String, line: Int, column: Int, message: String)
    /// A scenario that cannot run: the file it was read from (`nil` for a
    /// scenario built in code), the 1-based step (0 for the records it
    /// loads first), the step's line in the file when known, and what is
    /// wrong.
    case invalidScenario(file: String?, step: Int, line: Int?, message: String)
    /// A store driven through ``StoreDriver`` failed: the store's name (a
    /// Swift type or a program's command) and what went wrong (a value it
    /// cannot hold, a program that crashed, hung or answered garbage, with
    /// its standard error).
    case storeFailed(store: String, message: String)

    /// A sentence naming the problem and where it is:
    /// `a.json:3:14: step 2: unknown key 'x' …`, `a.json:7: step 2: unknown
    /// record 'z'`, or without a file `step 2 (line 7): unknown record 'z'`.
    public var description: String {
        switch self {
        case .malformed(let file, let line, let column, let message):
            return "\(file):\(line):\(column): \(message)"
        case .invalidScenario(let file?, let step, let line, let message):
            let place = line.map { "\(file):\($0)" } ?? file
            return "\(place): " + (step == 0 ? "records: " : "step \(step): ") + message
        case .invalidScenario(nil, let step, let line, let message):
            return (step == 0 ? "records" : "step \(step)") + (line.map { " (line \($0))" } ?? "") + ": " + message
        case .storeFailed(let store, let message):
            return "store \(store): \(message)"
        }
    }
}
