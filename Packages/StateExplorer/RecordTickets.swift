import OptimisticState

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
