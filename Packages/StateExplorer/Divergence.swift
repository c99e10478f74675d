import OptimisticScenario
import OptimisticState

/// Where a store first shows something else than `OptimisticStore` after
/// the same events: a shortest event sequence, as a scenario whose steps
/// expect what `OptimisticStore` shows, so that replaying it on the store
/// fails at the diverging step.
public struct Divergence: Hashable, Sendable, CustomStringConvertible {
    /// The record that differs, or `nil` for the session or the display order.
    public var record: String?
    /// What `OptimisticStore` showed after the last event.
    public var expected: String
    /// What the store showed.
    public var actual: String
    /// The scenario: the loaded records, then one step per event.
    public var scenario: Scenario
    /// Each step in words, with what the store did.
    public var steps: [String]

    /// The number of events.
    public var length: Int { scenario.steps.count }

    /// The scenario as the JSON text of a scenario file.
    public var scenarioFile: String { scenario.jsonText }

    /// The difference, then the loaded records and the numbered steps.
    public var description: String {
        let subject = record.map { "record '\($0)'" } ?? "the list"
        var lines = [
            "differs from OptimisticStore on \(subject): expected \(expected), got \(actual)",
            "after \(length) event\(length == 1 ? "" : "s") from "
                + scenario.records.map { "\($0.id) = \($0.value)" }.joined(separator: ", ") + ":",
        ]
        for (offset, step) in steps.enumerated() { lines.append("  \(offset + 1). \(step)") }
        return lines.joined(separator: "\n")
    }
}
