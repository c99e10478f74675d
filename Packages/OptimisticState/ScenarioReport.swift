/// The outcome of running one scenario.
public struct ScenarioReport: Hashable, Sendable {
    /// The scenario's name.
    public var name: String
    /// The number of steps in the scenario.
    public var stepCount: Int
    /// The number of steps run (a run stops after the first failing step).
    public var stepsRun: Int
    /// The failed checks of the first failing step; empty when it passed.
    public var failures: [ScenarioFailure]
    /// The anonymised trace of the events run.
    public var trace: Trace

    /// Whether every step passed.
    public var passed: Bool { failures.isEmpty }
}
