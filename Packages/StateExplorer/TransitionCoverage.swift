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
