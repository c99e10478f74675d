import OptimisticState

/// What a search of the state space counted: the states first reached at
/// each depth and the transitions tried and applied, each also before
/// symmetry reduction (every state of each orbit), the transitions'
/// coverage, and whether the search ran to a fixed point.
///
/// The search over the built-in store keeps one, as does each chunk of a
/// level it expands in parallel and the search over a driven store; both
/// explorers build their report from it, so they count and report alike.
struct SearchCounts: Sendable {
    /// The number of states first reached at each depth.
    var levels: [Int] = []
    /// The same, counting every state of each orbit.
    var levelsBeforeReduction: [Int] = []
    /// Transitions tried, and those the store applied.
    var transitions = 0
    var applied = 0
    /// The same, counting the transitions of every state of each orbit:
    /// what the search without symmetry reduction tries from the same states.
    var transitionsBeforeReduction = 0
    var appliedBeforeReduction = 0
    /// Which (phase, event) pairs the transitions tried exercised.
    var coverage = TransitionCoverage()
    /// Whether every level was expanded until none was left.
    var reachedFixedPoint = false

    /// Counts the expansion of one state whose orbit holds `orbit` states:
    /// `enabled` transitions tried, `applied` of them applied.
    @inline(__always)
    mutating func countExpansion(enabled: Int, applied: Int, orbit: Int) {
        transitions &+= enabled
        self.applied &+= applied
        transitionsBeforeReduction &+= enabled * orbit
        appliedBeforeReduction &+= applied * orbit
    }

    /// Adds the transitions and coverage `chunk` counted.
    mutating func add(_ chunk: SearchCounts) {
        transitions += chunk.transitions
        applied += chunk.applied
        transitionsBeforeReduction += chunk.transitionsBeforeReduction
        appliedBeforeReduction += chunk.appliedBeforeReduction
        coverage.merge(chunk.coverage)
    }

    /// Ends a level that first reached `reached` states (`beforeReduction`
    /// counting every state of their orbits); a level that reached none
    /// adds no depth.
    mutating func endLevel(reached: Int, beforeReduction: Int) {
        guard reached > 0 else { return }
        levels.append(reached)
        levelsBeforeReduction.append(beforeReduction)
    }
}

extension ExplorationReport {
    /// The report of a search of `configuration` that folded `symmetry`,
    /// reached `states` states and counted `counts`.
    init(
        configuration: ExplorerConfiguration, symmetry: ExplorerSymmetry, states: Int, counts: SearchCounts,
        counterexamples: [Counterexample]
    ) {
        self.init(
            configuration: configuration, symmetry: symmetry, states: states, transitions: counts.transitions,
            appliedTransitions: counts.applied, statesByDepth: counts.levels,
            statesBeforeReduction: counts.levelsBeforeReduction.reduce(0, +),
            statesByDepthBeforeReduction: counts.levelsBeforeReduction,
            transitionsBeforeReduction: counts.transitionsBeforeReduction,
            appliedTransitionsBeforeReduction: counts.appliedBeforeReduction,
            reachedFixedPoint: counts.reachedFixedPoint, coverage: counts.coverage,
            counterexamples: counterexamples)
    }
}

extension Dictionary where Key == Invariant {
    /// The violations found, one per invariant, in the order a report
    /// lists their counterexamples: shortest first, ties in the checker's
    /// reporting order.
    func shortestFirst(length: (Value) -> Int) -> [Value] {
        let order = InvariantChecker.reportingOrder
        return sorted {
            (length($0.value), order.firstIndex(of: $0.key)!) < (length($1.value), order.firstIndex(of: $1.key)!)
        }
        .map(\.value)
    }
}
