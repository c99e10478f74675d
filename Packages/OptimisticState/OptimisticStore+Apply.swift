/// Events as values: one entry point for scenarios, replays and the explorer.
extension OptimisticStore {
    /// Applies `event` by calling the matching method.
    ///
    /// - Complexity: that of the method called.
    @inlinable
    @discardableResult
    public mutating func apply(_ event: StoreEvent<RecordID, Value>) -> EventResult<RecordID, Value> {
        switch event {
        case .begin(let record, let desired): begin(record, desired: desired)
        case .finish(let record, let ticket, let outcome): finish(record, ticket: ticket, outcome: outcome)
        case .cancel(let record, let ticket): cancel(record, ticket: ticket)
        case .resync(let record, let ticket, let value): resync(record, ticket: ticket, value: value)
        case .replaceSession(let session, let loaded): replaceSession(session, with: loaded)
        case .reorder(let order): reorder(order)
        }
    }
}
