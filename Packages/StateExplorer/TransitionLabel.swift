import OptimisticState

/// An event as transition coverage counts it: its kind, the outcome of a
/// write's answer, and the age of the ticket an answer carries.
public struct TransitionLabel: Hashable, Sendable, CustomStringConvertible {
    /// The kind of event.
    public var event: EventKind
    /// The outcome, for `EventKind.finish`.
    public var outcome: OutcomeCategory?
    /// The age of the answer's ticket (finish, cancel, resync), or
    /// ``TicketAge/stale`` for a session switch to a session that is not newer.
    public var ticket: TicketAge?

    /// Creates a label.
    public init(_ event: EventKind, outcome: OutcomeCategory? = nil, ticket: TicketAge? = nil) {
        self.event = event
        self.outcome = outcome
        self.ticket = ticket
    }

    /// Every label the explorer can produce, in report order: tap, the
    /// answers by outcome and ticket age, cancels and re-read answers by
    /// ticket age, the two session switches, reorder.
    public static let all: [TransitionLabel] = {
        var labels = [TransitionLabel(.tap)]
        for outcome in OutcomeCategory.allCases {
            for age in TicketAge.allCases { labels.append(TransitionLabel(.finish, outcome: outcome, ticket: age)) }
        }
        for kind in [EventKind.cancel, .resync] {
            for age in TicketAge.allCases { labels.append(TransitionLabel(kind, ticket: age)) }
        }
        labels.append(TransitionLabel(.switchSession))
        labels.append(TransitionLabel(.switchSession, ticket: .stale))
        labels.append(TransitionLabel(.reorder))
        return labels
    }()

    /// The position of the label in ``all``.
    ///
    /// - Complexity: O(1).
    public var index: Int {
        let age = ticket.map { TicketAge.allCases.firstIndex(of: $0)! } ?? 0
        switch event {
        case .tap: return 0
        case .finish:
            let outcome = outcome.map { OutcomeCategory.allCases.firstIndex(of: $0)! } ?? 0
            return 1 + outcome * 4 + age
        case .cancel: return 17 + age
        case .resync: return 21 + age
        case .switchSession: return ticket == nil ? 25 : 26
        case .reorder: return 27
        }
    }

    /// `tap`, `finish confirmed stale`, `resync current`, `switchSession stale`.
    public var description: String {
        [event.rawValue, outcome?.rawValue, ticket?.rawValue].compactMap { $0 }.joined(separator: " ")
    }
}
