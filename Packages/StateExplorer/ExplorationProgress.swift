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
