/// What a failed write means, as the app's classifier decides from the error
/// its write closure threw.
///
/// Only a definite "not applied" is ``rejected``; only an answer that carries
/// the server's current value is ``conflict(_:)``; anything else (a timeout,
/// a lost connection, a cancelled request, an error the app does not know)
/// is ``uncertain``, because the server may have applied the write.
public enum WriteFailure<Value: Equatable & Sendable>: Equatable, Sendable {
    /// The server refused the write and did not apply it (a business rule).
    case rejected
    /// The server refused because of a version condition and returned its
    /// current value.
    case conflict(Value)
    /// The server may or may not have applied the write.
    case uncertain

    /// The store outcome this failure stands for.
    @inlinable
    public var outcome: Outcome<Value> {
        switch self {
        case .rejected: .rejected
        case .conflict(let value): .conflict(value)
        case .uncertain: .uncertain
        }
    }
}
