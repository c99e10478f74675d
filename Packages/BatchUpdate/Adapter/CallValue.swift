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
