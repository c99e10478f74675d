import OptimisticScenario
import OptimisticState

/// A shortest event sequence that breaks an invariant, as a scenario that
/// `updatecheck state run` (`ScenarioRunner`) replays.
///
/// Records are named `r1`, `r2`, `r3`; values are `false`/`true` (two
/// values) or `0`, `1`, `2` (three). Tickets are named by the step that
/// issues them, in order: `write1` for a tap's write, `reread2` for the
/// re-read after an uncertain outcome or a cancel. Every step expects the
/// result the store gave, so a replay on another store shows where it first
/// behaves differently.
public struct Counterexample: Hashable, Sendable, CustomStringConvertible {
    /// The broken invariant, the record and what was seen at the last step.
    public var violation: InvariantViolation<String>
    /// The scenario: the loaded records, then one step per event.
    public var scenario: Scenario
    /// Each step in words, with the store's result
    /// (`finish write1 of r1: confirmed true → nothing`).
    public var steps: [String]
    /// Whether the last event broke the invariant only by acting differently
    /// on the same list loaded in another order (invariant 6). A scenario run
    /// then passes on either order alone; compare the two runs.
    public var inPermutedList: Bool
    /// The store faults that were switched on (empty for the real store).
    package var faults: StoreFaults

    /// The broken invariant.
    public var invariant: Invariant { violation.invariant }

    /// The number of events.
    public var length: Int { scenario.steps.count }

    /// The scenario as the JSON text of a scenario file.
    public var scenarioFile: String { scenario.jsonText }

    /// The violation, then the loaded records and the numbered steps.
    public var description: String {
        var lines = ["\(violation)", "after \(length) event\(length == 1 ? "" : "s") from " + loadedText + ":"]
        for (offset, step) in steps.enumerated() { lines.append("  \(offset + 1). \(step)") }
        if inPermutedList {
            lines.append("  (the last event acts differently when the list is loaded in another order)")
        }
        return lines.joined(separator: "\n")
    }

    /// `r1 = false, r2 = true`.
    var loadedText: String {
        scenario.records.map { "\($0.id) = \($0.value)" }.joined(separator: ", ")
    }
}
