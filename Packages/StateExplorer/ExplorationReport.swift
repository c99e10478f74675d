import OptimisticState

/// What an exploration found: how much of the state space it covered, and
/// the shortest counterexample to each invariant that does not hold.
public struct ExplorationReport: Hashable, Sendable {
    /// The configuration explored.
    public var configuration: ExplorerConfiguration
    /// The renamings the search folded: ``ExplorerConfiguration/symmetry``,
    /// less ``ExplorerSymmetry/records`` when invariant 6 broke (then the
    /// records are not interchangeable, and the search was repeated without
    /// folding them).
    public var symmetry: ExplorerSymmetry
    /// The number of distinct canonical states reached and expanded: one
    /// representative per orbit under ``symmetry``.
    public var states: Int
    /// The number of transitions tried: every enabled event in every
    /// expanded state, applied or ignored.
    public var transitions: Int
    /// The transitions the store applied (the others it ignored, with a reason).
    public var appliedTransitions: Int
    /// The number of states first reached at each depth (index 0: the
    /// freshly loaded lists).
    public var statesByDepth: [Int]
    /// The states the orbits reached hold: what the search without
    /// symmetry reduction reaches (equal to ``states`` when nothing is folded).
    public var statesBeforeReduction: Int
    /// ``statesByDepth`` counting every state of each orbit.
    public var statesByDepthBeforeReduction: [Int]
    /// The transitions the search without symmetry reduction tries from the
    /// same states: every enabled event of every state of each orbit.
    public var transitionsBeforeReduction: Int
    /// The applied transitions among ``transitionsBeforeReduction``.
    public var appliedTransitionsBeforeReduction: Int
    /// Whether the search ran until no new state appeared, so that every
    /// reachable state was expanded.
    public var reachedFixedPoint: Bool
    /// Which (phase, event) pairs were exercised.
    public var coverage: TransitionCoverage
    /// The shortest counterexample to each broken invariant, shortest first
    /// (ties in the checker's reporting order).
    public var counterexamples: [Counterexample]
    /// With refinement on (``StoreExplorer/refinement``): the first place,
    /// on a shortest event sequence, where the store showed something else
    /// than `OptimisticStore` after the same events; `nil` when it never did.
    public var divergence: Divergence? = nil
    /// The calls to the store's driver (for a program, its round trips);
    /// 0 for the built-in store, which is searched in process.
    public var roundTrips = 0

    /// The deepest level reached, in events from a loaded list.
    public var depth: Int { statesByDepth.count - 1 }

    /// Whether every invariant held on every transition explored (and, with
    /// refinement on, the store never showed anything else than `OptimisticStore`).
    public var passed: Bool { counterexamples.isEmpty && divergence == nil }

    /// The first violation found: a shortest counterexample overall.
    public var counterexample: Counterexample? { counterexamples.first }

    /// The shortest counterexample to `invariant`, or `nil` when it held on
    /// every transition explored.
    public func counterexample(for invariant: Invariant) -> Counterexample? {
        counterexamples.first { $0.invariant == invariant }
    }
}

/// How far an exploration has come, reported after each level of the search.
public struct ExplorationProgress: Hashable, Sendable {
    /// The level just reached, in events from a loaded list.
    public var depth: Int
    /// The distinct states reached so far.
    public var states: Int
    /// The transitions tried so far.
    public var transitions: Int

    /// Creates a progress report.
    public init(depth: Int, states: Int, transitions: Int) {
        self.depth = depth
        self.states = states
        self.transitions = transitions
    }
}
