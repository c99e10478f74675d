/// The identity of one request a store asked its caller to send: a write or
/// a re-read.
///
/// Tickets are deterministic: a store counter plus the session. The counter
/// is never reset, not even by `OptimisticStore.replaceSession(_:with:)`,
/// so a ticket is unique for the life of a store and never reused across
/// sessions, and replaying the same events mints the same tickets.
///
/// A real request captures (record ID, ticket); the response is routed by
/// record ID and then checked against this ticket before it changes anything.
public struct Ticket: Hashable, Sendable, CustomStringConvertible {
    /// The session the ticket was minted in.
    public var session: Session
    /// The store-wide serial number, starting at 1; 0 means "no ticket".
    public var serial: UInt32

    /// Creates a ticket. Stores mint their own; tests and replays build
    /// tickets to deliver stale or forged answers.
    @inlinable
    public init(session: Session, serial: UInt32) {
        self.session = session
        self.serial = serial
    }

    /// The placeholder stored where a record has never had a ticket.
    @inlinable
    package static var none: Ticket { Ticket(session: Session(0), serial: 0) }

    /// Whether this is the ``none`` placeholder.
    @inlinable
    package var isNone: Bool { serial == 0 }

    /// Two tickets are equal when serial and session are. Written out (not
    /// synthesised) so that it inlines in other modules.
    @inlinable
    public static func == (lhs: Ticket, rhs: Ticket) -> Bool {
        lhs.serial == rhs.serial && lhs.session.rawValue == rhs.session.rawValue
    }

    /// Hashes everything `==` compares.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(serial)
        hasher.combine(session.rawValue)
    }

    /// `#serial/session`, e.g. `#3/s1`.
    public var description: String { "#\(serial)/s\(session.rawValue)" }
}
