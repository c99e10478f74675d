import UpdateCheckTestSupport

@testable import OptimisticState

/// Random event sequences over the real store: taps, answers with every
/// ticket ever issued (current, stale, duplicate, earlier session), re-read
/// answers, cancels, session switches and reorders.
struct RandomWalk {
    typealias Store = OptimisticStore<String, Bool>
    typealias Event = StoreEvent<String, Bool>

    var store: Store
    /// The store faults every event runs with (none for the real store).
    let faults: StoreFaults
    var random: SeededGenerator
    /// Every ticket issued so far, with the record it was issued for.
    var issued: [(record: String, ticket: Ticket)] = []
    let names: [String]

    init(records: Int, seed: UInt64, faults: StoreFaults = []) {
        names = (0..<records).map { "r\($0)" }
        store = try! Store(session: 1, loaded: names.map { LoadedRecord($0, false) })
        self.faults = faults
        random = SeededGenerator(seed: seed)
    }

    /// The next event to try.
    mutating func nextEvent() -> Event {
        let record = names.randomElement(using: &random)!
        let value = Bool.random(using: &random)
        let pick = Int.random(in: 0..<100, using: &random)
        func someTicket() -> (String, Ticket) {
            if issued.isEmpty { return (record, Ticket(session: store.session, serial: 1)) }
            // Prefer the newest tickets, but reach back to stale ones too.
            let back = min(issued.count, 1 + Int.random(in: 0..<4, using: &random))
            let entry = issued[issued.count - back]
            // Now and then route an answer to the wrong record.
            return (Int.random(in: 0..<10, using: &random) == 0 ? record : entry.record, entry.ticket)
        }
        switch pick {
        case 0..<30: return .begin(record, desired: value)
        case 30..<60:
            let (target, ticket) = someTicket()
            let outcomes: [Outcome<Bool>] = [.confirmed(value), .rejected, .uncertain, .conflict(value)]
            return .finish(target, ticket: ticket, outcome: outcomes.randomElement(using: &random)!)
        case 60..<70:
            let (target, ticket) = someTicket()
            return .cancel(target, ticket: ticket)
        case 70..<88:
            let (target, ticket) = someTicket()
            return .resync(target, ticket: ticket, value: value)
        case 88..<93:
            let next = Session(store.session.rawValue + UInt32(Int.random(in: 0..<2, using: &random)))
            return .replaceSession(next, names.map { LoadedRecord($0, Bool.random(using: &random)) })
        default:
            return .reorder(names.shuffled(using: &random))
        }
    }

    /// Applies `event`, remembering any ticket it issued, and returns the
    /// store before, the result and the first invariant violation.
    mutating func step(_ event: Event) -> (
        before: Store, result: EventResult<String, Bool>, violation: InvariantViolation<String>?
    ) {
        let before = store
        let result = store.apply(event, faults: faults)
        if let ticket = result.ticket, let record = event.record { issued.append((record, ticket)) }
        let violation = InvariantChecker.firstViolation(before: before, event: event, result: result, after: store)
        return (before, result, violation)
    }

    /// Walks `count` events; returns the first violation with the events
    /// that led to it, or `nil`.
    mutating func run(_ count: Int) -> (InvariantViolation<String>, [Event])? {
        var events: [Event] = []
        for _ in 0..<count {
            let event = nextEvent()
            events.append(event)
            if let violation = step(event).violation { return (violation, events) }
        }
        return nil
    }
}
