/// One broken invariant: which, for which record, and what was seen.
public struct InvariantViolation<RecordID: Hashable & Sendable>: Error, Hashable, Sendable, CustomStringConvertible {
    /// The invariant that does not hold.
    public var invariant: Invariant
    /// The record it failed for, or `nil` when it concerns the whole store.
    public var record: RecordID?
    /// What was seen, in one sentence without values of other users.
    public var detail: String

    /// Creates a violation.
    @inlinable
    public init(_ invariant: Invariant, record: RecordID?, detail: String) {
        self.invariant = invariant
        self.record = record
        self.detail = detail
    }

    /// `invariant N (name) violated for record 'x': detail`.
    public var description: String {
        let subject = record.map { " for record '\($0)'" } ?? ""
        return "\(invariant) violated\(subject): \(detail)"
    }
}
