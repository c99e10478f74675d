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
