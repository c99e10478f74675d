/// What the caller must do after an event was applied.
public enum Effect<RecordID: Hashable & Sendable, Value: Equatable & Sendable>: Equatable, Sendable {
    /// Nothing to send.
    case none
    /// Send a write of `value` for `record`; deliver its answer with
    /// ``OptimisticStore/finish(_:ticket:outcome:)`` and this ticket.
    case sendWrite(record: RecordID, ticket: Ticket, value: Value)
    /// Send a re-read of `record`; deliver its answer with
    /// ``OptimisticStore/resync(_:ticket:value:)`` and this ticket.
    case sendReread(record: RecordID, ticket: Ticket)

    /// The category of the effect (what a trace and a scenario name).
    @inlinable
    public var kind: EffectKind {
        switch self {
        case .none: .nothing
        case .sendWrite: .sendWrite
        case .sendReread: .sendReread
        }
    }

    /// The ticket of the request to send, if any.
    @inlinable
    public var ticket: Ticket? {
        switch self {
        case .none: nil
        case .sendWrite(_, let ticket, _), .sendReread(_, let ticket): ticket
        }
    }

    /// Two effects are equal when kind, record, ticket and value are.
    /// Written out (not synthesised) so that it inlines and specialises in
    /// other modules.
    @inlinable
    public static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.none, .none): true
        case (.sendWrite(let leftRecord, let leftTicket, let leftValue), .sendWrite(let record, let ticket, let value)):
            leftTicket == ticket && leftRecord == record && leftValue == value
        case (.sendReread(let leftRecord, let leftTicket), .sendReread(let record, let ticket)):
            leftTicket == ticket && leftRecord == record
        default: false
        }
    }
}

extension Effect: CustomStringConvertible {
    /// `none`, `sendWrite(post-1, #1/s1, true)` or `sendReread(post-1, #2/s1)`:
    /// the record, the ticket and, for a write, the value to send.
    public var description: String {
        switch self {
        case .none: "none"
        case .sendWrite(let record, let ticket, let value): "sendWrite(\(record), \(ticket), \(value))"
        case .sendReread(let record, let ticket): "sendReread(\(record), \(ticket))"
        }
    }
}

/// The kind of an ``Effect``, without its record, ticket or value.
public enum EffectKind: String, CaseIterable, Hashable, Sendable {
    /// Nothing to send.
    case nothing
    /// Send a write.
    case sendWrite
    /// Send a re-read.
    case sendReread
}
