/// The events a store received, in order, in anonymised form: record IDs as
/// salted hashes (stable within the trace), outcome categories, tickets and
/// what the store did. It holds no values, so it can be logged or attached
/// to a CI report.
public struct Trace: Hashable, Sendable, CustomStringConvertible {
    /// The salt of the record hashes.
    public var salt: UInt64
    /// The entries, in order.
    public var entries: [TraceEntry]

    /// Creates an empty trace with `salt`.
    @inlinable
    public init(salt: UInt64) {
        self.salt = salt
        self.entries = []
    }

    /// Appends the entry for `event`, which gave `result` and left `store`.
    @inlinable
    public mutating func record<RecordID, Value>(
        _ event: StoreEvent<RecordID, Value>, result: EventResult<RecordID, Value>,
        store: OptimisticStore<RecordID, Value>
    ) {
        let traced: TraceEntry.Result =
            switch result {
            case .applied(let effect): .applied(effect.kind)
            case .ignored(let reason): .ignored(reason)
            }
        let outcome: OutcomeCategory? =
            switch event {
            case .finish(_, _, let outcome): outcome.category
            case .cancel: .uncertain
            default: nil
            }
        entries.append(
            TraceEntry(
                sequence: entries.count + 1, event: event.kind,
                record: event.record.map { AnonymousRecord($0, salt: salt) },
                ticket: event.ticket ?? (event.kind == .tap ? result.ticket : nil), outcome: outcome, result: traced,
                phase: event.record.flatMap { store[$0]?.phaseKind }))
    }

    /// One line per entry.
    public var description: String { entries.map(\.description).joined(separator: "\n") }
}
