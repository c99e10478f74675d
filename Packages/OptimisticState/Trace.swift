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

/// One event of a trace: what kind, for which anonymised record, with which
/// ticket and outcome category, and what the store did. Never a value, an
/// account ID or a response body.
public struct TraceEntry: Hashable, Sendable, CustomStringConvertible {
    /// What a store did with an event.
    public enum Result: Hashable, Sendable, CustomStringConvertible {
        /// Applied, with the kind of effect.
        case applied(EffectKind)
        /// Ignored, with the reason.
        case ignored(IgnoreReason)

        /// `applied sendWrite` or `ignored busy`.
        public var description: String {
            switch self {
            case .applied(let effect): "applied \(effect.rawValue)"
            case .ignored(let reason): "ignored \(reason.rawValue)"
            }
        }
    }

    /// The 1-based position of the event in the trace.
    public var sequence: Int
    /// The kind of event.
    public var event: EventKind
    /// The record, anonymised; `nil` for session switches and reorders.
    public var record: AnonymousRecord?
    /// The ticket the event carried, or the ticket a tap minted.
    public var ticket: Ticket?
    /// The outcome category of a write's answer (a cancel counts as uncertain).
    public var outcome: OutcomeCategory?
    /// What the store did.
    public var result: Result
    /// The record's phase after the event (`nil` without a record, or when
    /// the record is unknown).
    public var phase: PhaseKind?

    /// Creates an entry.
    @inlinable
    public init(
        sequence: Int, event: EventKind, record: AnonymousRecord?, ticket: Ticket?, outcome: OutcomeCategory?,
        result: Result, phase: PhaseKind?
    ) {
        self.sequence = sequence
        self.event = event
        self.record = record
        self.ticket = ticket
        self.outcome = outcome
        self.result = result
        self.phase = phase
    }

    /// One line: `3 finish r:3fa9c0d1e2b4 #1/s1 rejected -> applied nothing, idle`.
    public var description: String {
        var parts = ["\(sequence)", event.rawValue]
        if let record { parts.append(record.description) }
        if let ticket { parts.append(ticket.description) }
        if let outcome { parts.append(outcome.rawValue) }
        var line = parts.joined(separator: " ") + " -> \(result)"
        if let phase { line += ", \(phase)" }
        return line
    }
}
