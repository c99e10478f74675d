/// How a write ended, as reported by the caller's network layer.
///
/// Pick the case by what is *known* about the server, not by the transport
/// error: only a definite "not applied" is ``rejected``; anything that may or
/// may not have reached the server is ``uncertain``.
public enum Outcome<Value: Equatable & Sendable>: Equatable, Sendable {
    /// The server applied a write and answered with its value, which may
    /// differ from what the user asked for (a business rule changed it).
    case confirmed(Value)
    /// The write is known not to have been applied (e.g. a business rule
    /// refused it). The record rolls back to its confirmed value.
    case rejected
    /// The server may or may not have applied the write (timeout, lost
    /// connection, cancelled). The record rolls back and asks for a re-read.
    case uncertain
    /// The server refused because of a version condition and returned its
    /// current value, which becomes the confirmed value.
    case conflict(Value)

    /// The category of the outcome, without its value (what a trace keeps).
    @inlinable
    public var category: OutcomeCategory {
        switch self {
        case .confirmed: .confirmed
        case .rejected: .rejected
        case .uncertain: .uncertain
        case .conflict: .conflict
        }
    }
}

extension Outcome: Hashable where Value: Hashable {}

/// The kind of an ``Outcome`` without its server value; what a trace records.
public enum OutcomeCategory: String, CaseIterable, Hashable, Sendable {
    /// ``Outcome/confirmed(_:)``.
    case confirmed
    /// ``Outcome/rejected``.
    case rejected
    /// ``Outcome/uncertain`` (also a cancel).
    case uncertain
    /// ``Outcome/conflict(_:)``.
    case conflict
}
