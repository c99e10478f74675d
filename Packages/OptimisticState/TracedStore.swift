/// A store that records a ``Trace`` of every event it receives, and can
/// replay its events from the start to reproduce the same trace.
///
/// The events themselves (with their values) are kept only for the replay;
/// the trace never holds them.
public struct TracedStore<RecordID: Hashable & Sendable, Value: Equatable & Sendable>: Sendable {
    /// The store now.
    public private(set) var store: OptimisticStore<RecordID, Value>
    /// Every event so far, anonymised.
    public private(set) var trace: Trace
    /// The store before the first event.
    public let initial: OptimisticStore<RecordID, Value>
    /// Every event so far, with its values, for ``replayed()``.
    public private(set) var events: [StoreEvent<RecordID, Value>] = []

    /// Starts tracing `store`, hashing record IDs with `salt`.
    public init(_ store: OptimisticStore<RecordID, Value>, salt: UInt64) {
        self.store = store
        self.initial = store
        self.trace = Trace(salt: salt)
    }

    /// Applies `event` to the store and appends its trace entry.
    ///
    /// - Complexity: that of the event, plus one hash of the record ID.
    @discardableResult
    public mutating func apply(_ event: StoreEvent<RecordID, Value>) -> EventResult<RecordID, Value> {
        apply(event, faults: [])
    }

    /// ``apply(_:)`` with store `faults` switched on (scenario replays of the
    /// explorer's counterexamples and the tests).
    @discardableResult
    package mutating func apply(
        _ event: StoreEvent<RecordID, Value>, faults: StoreFaults
    ) -> EventResult<RecordID, Value> {
        let result = store.apply(event, faults: faults)
        events.append(event)
        trace.record(event, result: result, store: store)
        return result
    }

    /// The same events applied again to the initial store with the same
    /// salt: the result has an identical trace and store.
    ///
    /// - Complexity: O(e) in the number of events.
    public func replayed() -> TracedStore {
        var replay = TracedStore(initial, salt: trace.salt)
        for event in events { replay.apply(event) }
        return replay
    }
}
