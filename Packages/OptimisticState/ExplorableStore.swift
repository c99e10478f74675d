/// A team's own optimistic-update store, as the explorer and the scenario
/// runner drive it: the events of the contract in, the observable state of
/// every record out.
///
/// Conforming is a few lines of glue around a view model, a reducer or any
/// other state holder. Each event is one method; a method that makes the app
/// send a request returns an opaque `Request` token for it (where
/// ``OptimisticStore`` returns a ``Ticket``), and the explorer hands that
/// token back with the request's answer: on time, twice, late, or after an
/// account switch. Tokens are only ever passed back; they need no equality.
///
/// The explorer never looks inside the store. It sees, per record, the
/// confirmed value, the visible value and the phase (``ObservedRecord``),
/// the session and the display order, and which events returned a token.
/// Two states are the same when all of that is the same, the tokens still
/// answerable are held by the same records in the same order of issue, and
/// ``hiddenState`` is equal. A store whose future behaviour depends on
/// anything else (a remembered tapped value, a retry counter, a queue of
/// pending writes) must return it from ``hiddenState``; otherwise the
/// explorer merges states that behave differently and can miss a bug.
///
/// A store is a value: the explorer copies it to try every event from the
/// same state. A store that is a class is re-created from its load and
/// replayed instead, which is correct and slower.
///
/// ```swift
/// extension FavouritesModel: ExplorableStore {
///     init(session: Session, loading records: [LoadedRecord<String, Bool>]) { … }
///     mutating func tap(_ record: String, to value: Bool) -> Int? { toggle(record, to: value) }
///     …
/// }
/// ```
public protocol ExplorableStore {
    /// The stable ID of a record (never its row).
    associatedtype RecordID: Hashable & Sendable
    /// A record's value.
    associatedtype Value: Hashable & Sendable
    /// The store's own token for a request the app sends (a write or a re-read).
    associatedtype Request
    /// Whatever else decides how the store reacts to later events; see
    /// ``hiddenState``.
    associatedtype HiddenState: Hashable & Sendable = NoHiddenState

    /// A store of `session` that loaded `records`, in list order, all idle.
    init(session: Session, loading records: [LoadedRecord<RecordID, Value>])

    /// A tap asking for `value`; the token of the write it sends, or `nil`
    /// when no write is sent (busy, awaiting a re-read, unknown record).
    mutating func tap(_ record: RecordID, to value: Value) -> Request?

    /// The answer to the write `request` of `record`; the token of the
    /// re-read it sends (after an uncertain outcome), or `nil`.
    mutating func answerWrite(_ request: Request, of record: RecordID, with outcome: Outcome<Value>) -> Request?

    /// The caller cancelled `request` of `record`; the token of the re-read
    /// it sends, or `nil`.
    mutating func cancelRequest(_ request: Request, of record: RecordID) -> Request?

    /// The answer to the re-read `request` of `record`: the server holds `value`.
    mutating func answerReread(_ request: Request, of record: RecordID, with value: Value)

    /// An account switch: `session` loaded `records`, which replace every record.
    mutating func switchSession(to session: Session, loading records: [LoadedRecord<RecordID, Value>])

    /// The list was sorted or filtered into `order`.
    mutating func reorder(to order: [RecordID])

    /// The current session.
    var session: Session { get }

    /// The record IDs in display order, row by row.
    var displayOrder: [RecordID] { get }

    /// What the UI shows of `record`, or `nil` when the session has no such record.
    func state(of record: RecordID) -> ObservedRecord<Value>?

    /// State the observable projection does not show but that decides how
    /// the store reacts to later events. ``NoHiddenState`` by default.
    var hiddenState: HiddenState { get }
}

extension ExplorableStore where HiddenState == NoHiddenState {
    /// No hidden state: the observable projection decides.
    @inlinable
    public var hiddenState: NoHiddenState { NoHiddenState() }
}

/// The hidden state of a store that has none.
public struct NoHiddenState: Hashable, Sendable, CustomStringConvertible {
    /// Creates the empty hidden state.
    @inlinable
    public init() {}

    /// Empty.
    public var description: String { "" }
}

/// What a store shows of one record: the confirmed value, the visible value
/// and the phase.
public struct ObservedRecord<Value: Hashable & Sendable>: Hashable, Sendable, CustomStringConvertible {
    /// The last value the server confirmed (or the session loaded).
    public var confirmed: Value
    /// What the UI shows now.
    public var visible: Value
    /// Idle, saving or needing a re-read.
    public var phase: PhaseKind

    /// Creates an observed record.
    @inlinable
    public init(confirmed: Value, visible: Value, phase: PhaseKind) {
        self.confirmed = confirmed
        self.visible = visible
        self.phase = phase
    }

    /// `confirmed false, visible true, saving`.
    public var description: String { "confirmed \(confirmed), visible \(visible), \(phase)" }
}

/// ``OptimisticStore`` through the store protocol: tokens are its tickets.
extension OptimisticStore: ExplorableStore where Value: Hashable {
    /// A store of `session` loading `records`; a record given twice keeps
    /// its first entry.
    @inlinable
    public init(session: Session, loading records: [LoadedRecord<RecordID, Value>]) {
        var seen = Set<RecordID>()
        let unique = records.filter { seen.insert($0.id).inserted }
        try! self.init(session: session, loaded: unique)
    }

    /// ``begin(_:desired:)``; the write's ticket.
    @inlinable
    public mutating func tap(_ record: RecordID, to value: Value) -> Ticket? {
        begin(record, desired: value).ticket
    }

    /// ``finish(_:ticket:outcome:)``; the re-read's ticket after an uncertain outcome.
    @inlinable
    public mutating func answerWrite(_ request: Ticket, of record: RecordID, with outcome: Outcome<Value>) -> Ticket? {
        finish(record, ticket: request, outcome: outcome).ticket
    }

    /// ``cancel(_:ticket:)``; the new re-read's ticket.
    @inlinable
    public mutating func cancelRequest(_ request: Ticket, of record: RecordID) -> Ticket? {
        cancel(record, ticket: request).ticket
    }

    /// ``resync(_:ticket:value:)``.
    @inlinable
    public mutating func answerReread(_ request: Ticket, of record: RecordID, with value: Value) {
        resync(record, ticket: request, value: value)
    }

    /// `replaceSession(_:with:)`.
    @inlinable
    public mutating func switchSession(to session: Session, loading records: [LoadedRecord<RecordID, Value>]) {
        apply(.replaceSession(session, records))
    }

    /// ``reorder(_:)``.
    @inlinable
    public mutating func reorder(to order: [RecordID]) { reorder(order) }

    /// ``records``.
    @inlinable
    public var displayOrder: [RecordID] { records }

    /// The record's confirmed and visible values and phase.
    @inlinable
    public func state(of record: RecordID) -> ObservedRecord<Value>? {
        self[record].map { ObservedRecord(confirmed: $0.confirmed, visible: $0.visible, phase: $0.phaseKind) }
    }
}
