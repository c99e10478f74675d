/// A toolkit call as data: the method and its labelled arguments, for
/// machine-readable output (`updatecheck plan --format json`).
public struct CallRecord: Sendable, Hashable, CustomStringConvertible {
    /// The method as the toolkit names it, without arguments (`deleteItems`, `onMoved`).
    public var method: String
    /// The arguments, in order.
    public var arguments: [CallArgument]

    /// Creates a record.
    public init(method: String, arguments: [CallArgument]) {
        self.method = method
        self.arguments = arguments
    }

    /// `deleteItems(at: [[0, 1]])`.
    public var description: String {
        method + "(" + arguments.map { "\($0.label): \($0.value)" }.joined(separator: ", ") + ")"
    }
}

/// One labelled argument of a toolkit call (`at: [[0, 1]]`).
public struct CallArgument: Sendable, Hashable {
    /// The argument label as the toolkit's API spells it (`at`, `to`, `position`).
    public var label: String
    /// The value.
    public var value: CallValue

    /// Creates an argument.
    public init(_ label: String, _ value: CallValue) {
        self.label = label
        self.value = value
    }
}

/// One argument value of a toolkit call, in a neutral form that the CLI
/// prints as JSON and a report prints as text.
public indirect enum CallValue: Sendable, Hashable, CustomStringConvertible {
    /// A whole number: a row, a position, a count.
    case integer(Int)
    /// An index path.
    case path(ItemPath)
    /// Text, such as an ID or a payload.
    case text(String)
    /// A boolean.
    case bool(Bool)
    /// No value (a `nil` payload).
    case null
    /// A list of values.
    case list([CallValue])

    /// Swift-like text: `3`, `[0, 2]`, `"a"`, `true`, `nil`, `[…]`.
    public var description: String {
        switch self {
        case .integer(let number): String(number)
        case .path(let path): path.description
        case .text(let text): "\"\(text)\""
        case .bool(let flag): String(flag)
        case .null: "nil"
        case .list(let values): "[" + values.map(\.description).joined(separator: ", ") + "]"
        }
    }
}

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
