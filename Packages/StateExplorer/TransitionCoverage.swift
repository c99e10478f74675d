import OptimisticState

/// Which (phase, event) pairs an exploration exercised, and how often.
///
/// The phase is that of the record an event addresses, before the event;
/// a session switch or a reorder counts once for each phase present in the
/// list. Every enabled event is applied in every state reached, so a pair
/// that was not exercised was never enabled (for example a current-ticket
/// answer to an idle record).
public struct TransitionCoverage: Hashable, Sendable {
    /// Transition counts, indexed by `phase * labels + label index`.
    @usableFromInline
    var counts: [Int]

    /// Creates empty coverage.
    public init() {
        counts = [Int](repeating: 0, count: PhaseKind.allCases.count * TransitionLabel.all.count)
    }

    /// Counts one transition of `label` in `phase`.
    @inlinable
    mutating func count(_ phase: PhaseKind, _ label: Int) {
        counts[Int(phase.rawValue) * TransitionLabel.all.count + label] &+= 1
    }

    /// Adds the counts of `other`.
    public mutating func merge(_ other: TransitionCoverage) {
        for position in counts.indices { counts[position] += other.counts[position] }
    }

    /// The number of transitions of `label` in `phase`.
    public func count(of label: TransitionLabel, in phase: PhaseKind) -> Int {
        counts[Int(phase.rawValue) * TransitionLabel.all.count + label.index]
    }

    /// Every (phase, event) pair exercised at least once, with its count,
    /// by phase then in ``TransitionLabel/all`` order.
    public var exercised: [(phase: PhaseKind, label: TransitionLabel, transitions: Int)] {
        pairs.compactMap { pair in
            let count = count(of: pair.label, in: pair.phase)
            return count == 0 ? nil : (pair.phase, pair.label, count)
        }
    }

    /// Every (phase, event) pair never enabled in a reached state.
    public var neverEnabled: [(phase: PhaseKind, label: TransitionLabel)] {
        pairs.filter { count(of: $0.label, in: $0.phase) == 0 }
    }

    /// Every (phase, event) pair, by phase then label.
    public var pairs: [(phase: PhaseKind, label: TransitionLabel)] {
        PhaseKind.allCases.flatMap { phase in TransitionLabel.all.map { (phase, $0) } }
    }
}

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

/// How the ticket of an answer relates to the record it is delivered to, at
/// the moment it arrives.
public enum TicketAge: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// The record's ticket in flight (of either kind: a write answered by a
    /// re-read answer is still the current ticket, of the wrong kind).
    case current
    /// The record's last settled ticket: a second answer.
    case duplicate
    /// A ticket the record gave up earlier in the same session.
    case stale
    /// A ticket of the earlier session (an answer from before an account
    /// switch); for a session switch, a session that is not newer.
    case earlierSession

    /// The age as written in reports (`earlierSession`).
    public var description: String { rawValue }
}
