/// One event delivered to a store, as a value: what scenarios, traces,
/// replays and the explorer feed through ``OptimisticStore/apply(_:)``.
public enum StoreEvent<RecordID: Hashable & Sendable, Value: Equatable & Sendable>: Equatable, Sendable {
    /// ``OptimisticStore/begin(_:desired:)``: a tap asking for a value.
    case begin(RecordID, desired: Value)
    /// ``OptimisticStore/finish(_:ticket:outcome:)``: the answer to a write.
    case finish(RecordID, ticket: Ticket, outcome: Outcome<Value>)
    /// ``OptimisticStore/cancel(_:ticket:)``: the caller cancelled a request.
    case cancel(RecordID, ticket: Ticket)
    /// ``OptimisticStore/resync(_:ticket:value:)``: the answer to a re-read.
    case resync(RecordID, ticket: Ticket, value: Value)
    /// `OptimisticStore.replaceSession(_:with:)`: an account switch.
    case replaceSession(Session, [LoadedRecord<RecordID, Value>])
    /// ``OptimisticStore/reorder(_:)``: the list was sorted or filtered.
    case reorder([RecordID])

    /// The record the event addresses; `nil` for session switches and
    /// reorders, which address the whole list.
    @inlinable
    public var record: RecordID? {
        switch self {
        case .begin(let record, _), .finish(let record, _, _), .cancel(let record, _), .resync(let record, _, _):
            record
        case .replaceSession, .reorder: nil
        }
    }

    /// The ticket the event carries, if any.
    @inlinable
    public var ticket: Ticket? {
        switch self {
        case .finish(_, let ticket, _), .cancel(_, let ticket), .resync(_, let ticket, _): ticket
        case .begin, .replaceSession, .reorder: nil
        }
    }

    /// The kind of the event, without record, ticket or values.
    @inlinable
    public var kind: EventKind {
        switch self {
        case .begin: .tap
        case .finish: .finish
        case .cancel: .cancel
        case .resync: .resync
        case .replaceSession: .switchSession
        case .reorder: .reorder
        }
    }
}

extension StoreEvent: Hashable where Value: Hashable {}

/// The kind of a ``StoreEvent``, as named in traces and scenario files.
public enum EventKind: String, CaseIterable, Hashable, Sendable {
    /// A tap (``OptimisticStore/begin(_:desired:)``).
    case tap
    /// A write's answer.
    case finish
    /// A cancelled request.
    case cancel
    /// A re-read's answer.
    case resync
    /// An account switch.
    case switchSession
    /// A sort or filter of the list.
    case reorder
}

/// Events as values: one entry point for scenarios, replays and the explorer.
extension OptimisticStore {
    /// Applies `event` by calling the matching method.
    ///
    /// - Complexity: that of the method called.
    @inlinable
    @discardableResult
    public mutating func apply(_ event: StoreEvent<RecordID, Value>) -> EventResult<RecordID, Value> {
        apply(event, faults: [])
    }

    /// ``apply(_:)`` with `faults` switched on (the explorer and the tests
    /// that prove the checks catch each fault).
    @inlinable
    @discardableResult
    package mutating func apply(
        _ event: StoreEvent<RecordID, Value>, faults: StoreFaults
    ) -> EventResult<RecordID, Value> {
        switch event {
        case .begin(let record, let desired): begin(record, desired: desired, faults: faults)
        case .finish(let record, let ticket, let outcome):
            finish(record, ticket: ticket, outcome: outcome, faults: faults)
        case .cancel(let record, let ticket): cancel(record, ticket: ticket, faults: faults)
        case .resync(let record, let ticket, let value): resync(record, ticket: ticket, value: value, faults: faults)
        case .replaceSession(let session, let loaded): replaceSession(session, with: loaded)
        case .reorder(let order): reorder(order, faults: faults)
        }
    }
}
