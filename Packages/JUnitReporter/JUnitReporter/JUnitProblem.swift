/// One thing wrong with a report: where (1-based line, 0 when unknown) and what.
public struct JUnitProblem: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The line of the report the problem is on, or 0 when it has none.
    public var line: Int
    /// What is wrong, as one sentence.
    public var message: String

    /// Creates a problem.
    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }

    /// `line N: message`, or the message alone when there is no line.
    public var description: String { line > 0 ? "line \(line): \(message)" : message }
}
