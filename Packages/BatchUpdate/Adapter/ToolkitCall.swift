/// One call an adapter makes on a toolkit (`deleteItems(at:)`,
/// `onMoved(from, to)`, `apply(snapshot)`).
///
/// Its `description` is what reports print; ``record`` is the same call as
/// data for JSON output.
public protocol ToolkitCall: Sendable, Equatable, CustomStringConvertible {
    /// The call as data: method name and labelled arguments.
    var record: CallRecord { get }
}

extension ToolkitCall {
    /// The record's text, e.g. `deleteItems(at: [[0, 1]])`.
    public var description: String { record.description }
}
