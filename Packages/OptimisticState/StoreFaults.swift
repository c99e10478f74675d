/// Known faults that can be switched on inside the real store, to prove that
/// the rule tests, the invariant checker and the explorer catch them.
///
/// Package-level only: no app can turn them on, and no store holds them.
/// They are an argument of the store's package-level event methods
/// (`begin(_:desired:faults:)`, `apply(_:faults:)`, …); the public methods
/// pass the empty set, which the optimiser folds away when it inlines them,
/// so the production store neither stores, compares nor tests a fault.
/// ``FaultyStore`` pairs a store with its faults for the tests.
@usableFromInline
package struct StoreFaults: OptionSet, Hashable, Sendable, CustomStringConvertible {
    /// The raw bits.
    @usableFromInline
    package var rawValue: UInt8

    /// Creates a fault set from its bits.
    @inlinable
    package init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Answers are applied without checking session or ticket (the record
    /// must still exist): duplicates, stale and earlier-session answers act.
    @usableFromInline
    package static let skipTicketCheck = StoreFaults(rawValue: 1 << 0)
    /// A rejection leaves the desired (provisional) value visible instead of
    /// rolling back to the confirmed one.
    @usableFromInline
    package static let rollbackToDesiredOnReject = StoreFaults(rawValue: 1 << 1)
    /// A tap during `needsSync` starts a write before the re-read answered.
    @usableFromInline
    package static let allowWriteDuringNeedsSync = StoreFaults(rawValue: 1 << 2)
    /// A re-read answer is accepted with any ticket of the current session,
    /// whatever the record's phase.
    @usableFromInline
    package static let acceptStaleResync = StoreFaults(rawValue: 1 << 3)
    /// State is kept by row instead of by record ID: a reorder moves the
    /// record IDs but leaves each state at its row.
    @usableFromInline
    package static let keyByRow = StoreFaults(rawValue: 1 << 4)

    /// Every fault with its name, in bit order.
    package static let named: [(name: String, fault: StoreFaults)] = [
        ("skipTicketCheck", .skipTicketCheck),
        ("rollbackToDesiredOnReject", .rollbackToDesiredOnReject),
        ("allowWriteDuringNeedsSync", .allowWriteDuringNeedsSync),
        ("acceptStaleResync", .acceptStaleResync),
        ("keyByRow", .keyByRow),
    ]

    /// The names of the faults switched on, comma-separated (`none` if none).
    @usableFromInline
    package var description: String {
        let names = Self.named.filter { contains($0.fault) }.map(\.name)
        return names.isEmpty ? "none" : names.joined(separator: ",")
    }
}

/// The real store with faults switched on: every event runs the store's own
/// code with `faults` at its decision points. For the tests that prove each
/// rule, invariant and explorer check catches each fault; the faults travel
/// beside the store, never inside it.
@dynamicMemberLookup
package struct FaultyStore<RecordID: Hashable & Sendable, Value: Equatable & Sendable>: Equatable, Sendable {
    /// The store.
    package var store: OptimisticStore<RecordID, Value>
    /// The faults every event runs with.
    package let faults: StoreFaults

    /// Creates a store for `session` with `loaded`, running with `faults`.
    ///
    /// - Throws: ``OptimisticStateError/duplicateRecord(id:first:second:)``
    ///   when an ID is given twice.
    package init(
        session: Session, loaded: [LoadedRecord<RecordID, Value>], faults: StoreFaults
    ) throws(OptimisticStateError) {
        store = try OptimisticStore(session: session, loaded: loaded)
        self.faults = faults
    }

    /// Reads a property of the store (`session`, `records`, `count`).
    package subscript<Property>(dynamicMember path: KeyPath<OptimisticStore<RecordID, Value>, Property>) -> Property {
        store[keyPath: path]
    }

    /// The state of `record`, or `nil` when the session has no such record.
    package subscript(record: RecordID) -> RecordState<Value>? { store[record] }

    /// ``OptimisticStore/begin(_:desired:)`` with the faults.
    @discardableResult
    package mutating func begin(_ record: RecordID, desired: Value) -> EventResult<RecordID, Value> {
        store.begin(record, desired: desired, faults: faults)
    }

    /// ``OptimisticStore/finish(_:ticket:outcome:)`` with the faults.
    @discardableResult
    package mutating func finish(
        _ record: RecordID, ticket: Ticket, outcome: Outcome<Value>
    ) -> EventResult<RecordID, Value> {
        store.finish(record, ticket: ticket, outcome: outcome, faults: faults)
    }

    /// ``OptimisticStore/cancel(_:ticket:)`` with the faults.
    @discardableResult
    package mutating func cancel(_ record: RecordID, ticket: Ticket) -> EventResult<RecordID, Value> {
        store.cancel(record, ticket: ticket, faults: faults)
    }

    /// ``OptimisticStore/resync(_:ticket:value:)`` with the faults.
    @discardableResult
    package mutating func resync(_ record: RecordID, ticket: Ticket, value: Value) -> EventResult<RecordID, Value> {
        store.resync(record, ticket: ticket, value: value, faults: faults)
    }

    /// ``OptimisticStore/replaceSession(_:with:)-(_,[LoadedRecord<RecordID,Value>])``
    /// (no fault concerns it).
    @discardableResult
    package mutating func replaceSession(
        _ newSession: Session, with loaded: [(RecordID, Value)]
    ) -> EventResult<RecordID, Value> {
        store.replaceSession(newSession, with: loaded)
    }

    /// ``OptimisticStore/reorder(_:)`` with the faults.
    @discardableResult
    package mutating func reorder(_ order: [RecordID]) -> EventResult<RecordID, Value> {
        store.reorder(order, faults: faults)
    }

    /// ``OptimisticStore/apply(_:)`` with the faults.
    @discardableResult
    package mutating func apply(_ event: StoreEvent<RecordID, Value>) -> EventResult<RecordID, Value> {
        store.apply(event, faults: faults)
    }
}
