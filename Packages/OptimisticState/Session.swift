/// The identity of one signed-in account's data in a store.
///
/// Sessions only grow: `OptimisticStore.replaceSession(_:with:)` accepts a
/// strictly newer session, so a ticket minted under an earlier session can
/// always be told apart and ignored.
public struct Session: Hashable, Comparable, Sendable, CustomStringConvertible, ExpressibleByIntegerLiteral {
    /// The session number; higher is newer.
    public var rawValue: UInt32

    /// Creates a session with the number `rawValue`.
    @inlinable
    public init(_ rawValue: UInt32) { self.rawValue = rawValue }

    /// Creates a session from an integer literal (`let session: Session = 2`).
    @inlinable
    public init(integerLiteral value: UInt32) { self.rawValue = value }

    /// Orders sessions by number: the higher one is newer.
    @inlinable
    public static func < (lhs: Session, rhs: Session) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Two sessions are equal when their numbers are. Written out (not
    /// synthesised) so that it inlines in other modules.
    @inlinable
    public static func == (lhs: Session, rhs: Session) -> Bool { lhs.rawValue == rhs.rawValue }

    /// Hashes the session number.
    @inlinable
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    /// `session N`.
    public var description: String { "session \(rawValue)" }
}

/// One record as a session loads it: its ID and its server value.
public struct LoadedRecord<RecordID: Hashable & Sendable, Value: Equatable & Sendable>: Equatable, Sendable {
    /// The stable record ID.
    public var id: RecordID
    /// The value the server holds.
    public var value: Value

    /// Creates a loaded record.
    @inlinable
    public init(_ id: RecordID, _ value: Value) {
        self.id = id
        self.value = value
    }
}

extension LoadedRecord: Hashable where Value: Hashable {}
