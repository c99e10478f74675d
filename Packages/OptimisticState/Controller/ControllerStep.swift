/// One event an ``OptimisticController`` delivered to its store, with what
/// the store did and the store on both sides of it.
///
/// A controller reports a step for every tap, write answer, re-read answer,
/// timeout, session switch and reorder, ignored ones included, in the order
/// the store received them. The event is what reached the controller, in
/// the store's terms: a write's answer is ``StoreEvent/finish(_:ticket:outcome:)``
/// with the request's ticket, a timeout or a failed re-read is
/// ``StoreEvent/cancel(_:ticket:)``, a re-read's value is
/// ``StoreEvent/resync(_:ticket:value:)``. So
/// ``InvariantChecker/firstViolation(before:event:result:after:)`` checks a
/// step as it checks an event on a bare store.
public struct ControllerStep<RecordID: Hashable & Sendable, Value: Equatable & Sendable>: Equatable, Sendable {
    /// The event as it reached the controller.
    public var event: StoreEvent<RecordID, Value>
    /// What the store (and the controller) made of it.
    public var result: EventResult<RecordID, Value>
    /// The store before the event.
    public var before: OptimisticStore<RecordID, Value>
    /// The store after the event.
    public var after: OptimisticStore<RecordID, Value>

    /// Creates a step.
    @inlinable
    public init(
        event: StoreEvent<RecordID, Value>, result: EventResult<RecordID, Value>,
        before: OptimisticStore<RecordID, Value>, after: OptimisticStore<RecordID, Value>
    ) {
        self.event = event
        self.result = result
        self.before = before
        self.after = after
    }

    /// The record the step is about, or `nil` for a session switch or a
    /// reorder (which concern every row).
    @inlinable
    public var record: RecordID? { event.record }

    /// The first of the seven invariants the step breaks, or `nil`.
    ///
    /// - Complexity: O(n) in the number of records.
    @inlinable
    public var firstViolation: InvariantViolation<RecordID>? {
        InvariantChecker.firstViolation(before: before, event: event, result: result, after: after)
    }
}

extension ControllerStep: CustomStringConvertible {
    /// `finish(post-1, #1/s1, confirmed(true)) -> ignored(staleTicket)`.
    public var description: String {
        let event: String =
            switch event {
            case .begin(let record, let desired): "tap(\(record), \(desired))"
            case .finish(let record, let ticket, let outcome): "finish(\(record), \(ticket), \(outcome))"
            case .cancel(let record, let ticket): "cancel(\(record), \(ticket))"
            case .resync(let record, let ticket, let value): "resync(\(record), \(ticket), \(value))"
            case .replaceSession(let session, let loaded): "switchSession(\(session), \(loaded.count) records)"
            case .reorder(let order): "reorder(\(order.count) records)"
            }
        return "\(event) -> \(result)"
    }
}
