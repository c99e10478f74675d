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
