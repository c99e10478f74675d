import OptimisticState

/// One event of the search, packed into 32 bits: what it is, the record it
/// addresses, where its ticket comes from, the outcome and value, or the
/// index of the loaded values or of the display order.
///
/// The event names tickets by slot, not by number, so the same event means
/// the same thing in a canonical state and in a replay from a fresh store.
struct ExplorerEvent: Hashable, Sendable {
    /// What the event does.
    enum Kind: UInt32 {
        /// A tap asking for a value.
        case tap
        /// The answer to a write, with an outcome.
        case finish
        /// A cancelled request.
        case cancel
        /// The answer to a re-read.
        case resync
        /// An account switch to the second session.
        case switchSession
        /// A session load for a session that is not newer.
        case staleSwitch
        /// A reorder of the list.
        case reorder
    }

    /// The packed fields: kind (3 bits), record (2), slot (2), outcome (2),
    /// value (2), index (8).
    var code: UInt32

    /// Creates an event from its packed fields.
    @inline(__always)
    init(code: UInt32) { self.code = code }

    @inline(__always)
    init(
        _ kind: Kind, record: Int = 0, slot: TicketSlot = .held, outcome: UInt32 = 0, value: UInt8 = 0,
        index: Int = 0
    ) {
        code =
            kind.rawValue | UInt32(record) << 3 | slot.rawValue << 5 | outcome << 7 | UInt32(value) << 9
            | UInt32(index) << 11
    }

    /// What the event does.
    @inline(__always)
    var kind: Kind { Kind(rawValue: code & 7)! }
    /// The load position of the record addressed.
    @inline(__always)
    var record: Int { Int(code >> 3 & 3) }
    /// Where the answer's ticket comes from.
    @inline(__always)
    var slot: TicketSlot { TicketSlot(rawValue: code >> 5 & 3)! }
    /// The outcome of a finish, as its index in `OutcomeCategory.allCases`
    /// (confirmed, rejected, uncertain, conflict).
    @inline(__always)
    var outcomeIndex: Int { Int(code >> 7 & 3) }
    /// The value of a tap, a confirmed or conflict outcome, or a re-read.
    @inline(__always)
    var value: UInt8 { UInt8(code >> 9 & 3) }
    /// The index of the loaded values (a switch) or the display order (a reorder).
    @inline(__always)
    var index: Int { Int(code >> 11) }

    /// The outcome of a finish.
    @inline(__always)
    var outcome: Outcome<UInt8> {
        switch outcomeIndex {
        case 0: .confirmed(value)
        case 1: .rejected
        case 2: .uncertain
        default: .conflict(value)
        }
    }
}
