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
