/// A record value in a scenario file: a JSON boolean, whole number or string.
public enum ScenarioValue: Hashable, Sendable, CustomStringConvertible {
    /// `true` / `false` (a favourite button).
    case bool(Bool)
    /// A whole number (a rating, a counter).
    case integer(Int)
    /// A string (a status).
    case string(String)

    /// The value as JSON text: `true`, `3`, `"done"`.
    public var description: String {
        switch self {
        case .bool(let value): value ? "true" : "false"
        case .integer(let value): String(value)
        case .string(let value): JSONText.quoted(value)
        }
    }

    /// The value as an accessibility value reads it: `on`/`off` for
    /// booleans, the number or the string itself otherwise.
    public var spoken: String {
        switch self {
        case .bool(let value): value ? "on" : "off"
        case .integer(let value): String(value)
        case .string(let value): value
        }
    }
}
