import OptimisticState
import UpdateCheckSupport

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

/// One failed check of a scenario run: where, for which record, and what
/// was expected against what happened.
public struct ScenarioFailure: Hashable, Sendable, CustomStringConvertible {
    /// The 1-based step.
    public var step: Int
    /// The step's line in its file, when known.
    public var line: Int?
    /// The step's label (`finish 'first'`).
    public var label: String
    /// The record concerned, if any.
    public var record: String?
    /// The broken invariant, for an invariant failure.
    public var invariant: Invariant?
    /// What was expected (`visible true`), or the problem.
    public var expected: String
    /// What happened (`false`), if there is a value to show.
    public var actual: String?

    /// Creates a failure.
    public init(
        step: Int, line: Int?, label: String, record: String?, invariant: Invariant? = nil, expected: String,
        actual: String?
    ) {
        self.step = step
        self.line = line
        self.label = label
        self.record = record
        self.invariant = invariant
        self.expected = expected
        self.actual = actual
    }

    /// `step 4 (finish 'first', line 12), record 'post-1': expected visible false, got true`.
    public var description: String {
        var text = "step \(step) (\(label)" + (line.map { ", line \($0)" } ?? "") + ")"
        if let record { text += ", record \(quoted: record)" }
        if let invariant { return text + ": \(invariant) violated: \(expected)" }
        guard let actual else { return text + ": " + expected }
        return text + ": expected \(expected), got \(actual)"
    }
}
