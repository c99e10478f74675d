/// A store's value type as scenario files and the explorer write values:
/// `false`/`true`, whole numbers, strings.
///
/// `Bool`, `Int`, `String` and ``ScenarioValue`` conform; a store with its
/// own value type (an enum of states) conforms it in two lines.
public protocol ScenarioValueConvertible: Hashable, Sendable {
    /// The value written as `scenarioValue`, or `nil` when the type has no such value.
    init?(scenarioValue: ScenarioValue)
    /// The value as scenario files write it.
    var scenarioValue: ScenarioValue { get }
}

extension ScenarioValue: ScenarioValueConvertible {
    /// The value itself.
    public init?(scenarioValue: ScenarioValue) { self = scenarioValue }
    /// The value itself.
    public var scenarioValue: ScenarioValue { self }
}

extension Bool: ScenarioValueConvertible {
    /// `true` or `false`; `nil` for numbers and strings.
    public init?(scenarioValue: ScenarioValue) {
        guard case .bool(let value) = scenarioValue else { return nil }
        self = value
    }
    /// `.bool(self)`.
    public var scenarioValue: ScenarioValue { .bool(self) }
}

extension Int: ScenarioValueConvertible {
    /// A whole number; `nil` for booleans and strings.
    public init?(scenarioValue: ScenarioValue) {
        guard case .integer(let value) = scenarioValue else { return nil }
        self = value
    }
    /// `.integer(self)`.
    public var scenarioValue: ScenarioValue { .integer(self) }
}

extension String: ScenarioValueConvertible {
    /// A string; `nil` for booleans and numbers.
    public init?(scenarioValue: ScenarioValue) {
        guard case .string(let value) = scenarioValue else { return nil }
        self = value
    }
    /// `.string(self)`.
    public var scenarioValue: ScenarioValue { .string(self) }
}
