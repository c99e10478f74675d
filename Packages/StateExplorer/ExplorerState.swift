import OptimisticState

/// One state of the search: the real store, plus the answers the network
/// can still deliver with tickets the store no longer holds.
///
/// The store holds each record's current ticket (or, while idle, its last
/// settled one, whose answer is a duplicate). Every other ticket ever issued
/// is stale: the store tells such tickets apart only by session, and routes
/// an answer by the record it was issued for. So one representative per
/// record and session stands for all of them: the most recent ticket the
/// record gave up in the current session (``stale``), and its most recent
/// ticket of the earlier session (``earlier``). Keeping only these makes the
/// set of states finite, so the search reaches a fixed point.
struct ExplorerState {
    /// The store's record IDs: load positions.
    typealias RecordID = UInt8
    /// Values: `0 ..< values` (`0` = `false`, `1` = `true` for two values).
    typealias Value = UInt8
    /// The real store, specialised for the search.
    typealias Store = OptimisticStore<RecordID, Value>

    /// The store.
    var store: Store
    /// Per record: the latest ticket it gave up in the current session.
    var stale = RecordTickets()
    /// Per record: its latest ticket of the earlier session.
    var earlier = RecordTickets()

    /// The state after `event` took `self.store` to `after`: tickets the
    /// records gave up become their stale (or, across an account switch,
    /// earlier-session) representatives.
    ///
    /// - Complexity: O(r) in the number of records.
    @inlinable
    func successor(after: Store) -> ExplorerState {
        var next = ExplorerState(store: after, stale: stale, earlier: earlier)
        let count = store.states.count
        if after.session != store.session {
            for position in 0..<count {
                var latest = earlier[position]
                for candidate in [stale[position], store.states[position].ticket]
                where candidate.serial > latest.serial {
                    latest = candidate
                }
                next.earlier[position] = latest
                next.stale[position] = .none
            }
            return next
        }
        for position in 0..<count {
            let old = store.states[position].ticket
            if old.serial != 0, old != after.states[position].ticket { next.stale[position] = old }
        }
        return next
    }

    /// The ticket in `slot` of the record at `position`, or ``Ticket/none``.
    @inlinable
    func ticket(_ slot: TicketSlot, of position: Int) -> Ticket {
        switch slot {
        case .held: store.states[position].ticket
        case .stale: stale[position]
        case .earlier: earlier[position]
        }
    }
}

/// One ticket per record position, for up to three records, stored inline
/// (no heap storage) so that explorer states copy for free.
struct RecordTickets: Hashable, Sendable {
    /// The tickets of positions 0, 1 and 2; ``Ticket/none`` where there is none.
    var first: Ticket = .none
    var second: Ticket = .none
    var third: Ticket = .none

    /// The ticket of the record at load `position` (0 to 2).
    @inlinable
    subscript(position: Int) -> Ticket {
        get {
            switch position {
            case 0: first
            case 1: second
            default: third
            }
        }
        set {
            switch position {
            case 0: first = newValue
            case 1: second = newValue
            default: third = newValue
            }
        }
    }
}
