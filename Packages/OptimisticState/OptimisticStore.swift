/// The per-record optimistic-update state machine of a list: one
/// ``RecordState`` per record, keyed by stable record ID (never by row), in
/// one session, with deterministic tickets.
///
/// A plain value type: no threads, no network, no UI framework. In an app it
/// belongs on the main actor, and network callbacks hop back there before
/// calling ``finish(_:ticket:outcome:)`` or ``resync(_:ticket:value:)``.
///
/// Every event returns an ``EventResult``: applied with the ``Effect`` the
/// caller must perform (send a write, send a re-read, nothing), or ignored
/// with an ``IgnoreReason``. An ignored event changes nothing.
///
/// ```swift
/// var store = try OptimisticStore(session: 1, records: [("post-1", false)])
/// let tap = store.begin("post-1", desired: true)        // applied(sendWrite …)
/// store.finish("post-1", ticket: tap.ticket!, outcome: .rejected)
/// store["post-1"]!.visible                              // false: rolled back
/// ```
///
/// Storage is compact and copy-on-write: the records' states sit in one
/// array in load order; the ID list and its index change only when a session
/// loads, so copying a store and applying one event copies one small array.
public struct OptimisticStore<RecordID: Hashable & Sendable, Value: Equatable & Sendable>: Sendable {
    /// Storage of ``session``.
    @usableFromInline
    package var _session: Session
    /// The serial of the next ticket to mint (starts at 1, never reset).
    @usableFromInline
    package var nextSerial: UInt32
    /// Record IDs in load order.
    @usableFromInline
    package var ids: [RecordID]
    /// Load position of every record ID.
    @usableFromInline
    package var index: [RecordID: Int]
    /// States in load order, parallel to ``ids``.
    @usableFromInline
    package var states: [RecordState<Value>]
    /// The display order of the list: load positions, row by row.
    @usableFromInline
    package var rows: [Int]

    /// Creates a store for `session` with the records it loaded, in list order.
    ///
    /// - Throws: ``OptimisticStateError/duplicateRecord(id:first:second:)``
    ///   when an ID is given twice.
    /// - Complexity: O(n) in the number of records.
    @inlinable
    public init(session: Session = 1, records: [(RecordID, Value)]) throws(OptimisticStateError) {
        try self.init(session: session, loaded: records.map { LoadedRecord($0.0, $0.1) })
    }

    /// Creates a store for `session` from ``LoadedRecord`` values (scenarios,
    /// the explorer and the tests).
    ///
    /// - Throws: ``OptimisticStateError/duplicateRecord(id:first:second:)``
    ///   when an ID is given twice.
    @inlinable
    package init(session: Session, loaded: [LoadedRecord<RecordID, Value>]) throws(OptimisticStateError) {
        _session = session
        self.nextSerial = 1
        self.ids = []
        self.index = [:]
        self.states = []
        self.rows = []
        if let duplicate = Self.firstDuplicate(in: loaded) {
            throw .duplicateRecord(
                id: String(describing: loaded[duplicate.second].id), first: duplicate.first,
                second: duplicate.second)
        }
        load(loaded)
    }

    /// The current session.
    @inlinable
    public var session: Session { _session }

    /// The record IDs in display order (row by row).
    ///
    /// - Complexity: O(n).
    @inlinable
    public var records: [RecordID] { rows.map { ids[$0] } }

    /// The number of records.
    @inlinable
    public var count: Int { ids.count }

    /// The state of `record`, or `nil` when the session has no such record.
    @inlinable
    public subscript(record: RecordID) -> RecordState<Value>? {
        guard let position = index[record] else { return nil }
        return states[position]
    }

    /// The serial the next minted ticket will carry.
    @inlinable
    public var nextTicketSerial: UInt32 { nextSerial }

    /// Replaces every record with `loaded`, all idle, in the given order.
    @inlinable
    mutating func load(_ loaded: [LoadedRecord<RecordID, Value>]) {
        ids = loaded.map(\.id)
        var index: [RecordID: Int] = [:]
        index.reserveCapacity(loaded.count)
        for (position, record) in loaded.enumerated() { index[record.id] = position }
        self.index = index
        states = loaded.map { RecordState(loaded: $0.value) }
        rows = Array(loaded.indices)
    }

    /// The first pair of positions holding the same ID, if any.
    @inlinable
    static func firstDuplicate(in loaded: [LoadedRecord<RecordID, Value>]) -> (first: Int, second: Int)? {
        var seen: [RecordID: Int] = [:]
        seen.reserveCapacity(loaded.count)
        for (position, record) in loaded.enumerated() {
            if let first = seen.updateValue(position, forKey: record.id) { return (first, position) }
        }
        return nil
    }

    /// This store narrowed to `record`: the same session and ticket counter,
    /// and only that record (none when the session has no such record).
    ///
    /// An event on one record (a tap, an answer, a cancel, a re-read) writes
    /// nothing but that record's state and the ticket counter, whatever the
    /// faults (the explorer's checks of every invariant on every reachable
    /// state hold it to that), so the seven invariants around it hold on the
    /// whole stores exactly when they hold on the narrowed ones. Checking
    /// those is O(1) instead of O(n): a scenario's run is linear in its size.
    ///
    /// - Complexity: O(1); the records' storage is not copied.
    @inlinable
    package func narrowed(to record: RecordID) -> Self {
        var narrowed = self
        if let position = index[record] {
            narrowed.ids = [record]
            narrowed.index = [record: 0]
            narrowed.states = [states[position]]
            narrowed.rows = [0]
        } else {
            narrowed.ids = []
            narrowed.index = [:]
            narrowed.states = []
            narrowed.rows = []
        }
        return narrowed
    }

    /// Mints the next ticket in the current session.
    @inlinable
    mutating func mintTicket() -> Ticket {
        let ticket = Ticket(session: session, serial: nextSerial)
        nextSerial += 1
        return ticket
    }
}

extension OptimisticStore: Equatable {
    /// Two stores are equal when they hold the same session, ticket counter,
    /// records, states and display order.
    @inlinable
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.session == rhs.session && lhs.nextSerial == rhs.nextSerial
            && lhs.states == rhs.states && lhs.rows == rhs.rows && lhs.ids == rhs.ids
    }
}

extension OptimisticStore: Hashable where Value: Hashable {
    /// Hashes everything `==` compares.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(session)
        hasher.combine(nextSerial)
        hasher.combine(states)
        hasher.combine(rows)
        hasher.combine(ids)
    }
}
