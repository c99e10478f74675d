/// A scripted run of a store: the records a session loads, then steps of
/// events and expectations. Scenario files (JSON, see the scenario-format
/// documentation) hold one; `updatecheck state run` executes them, and the
/// explorer writes its counterexamples as one.
public struct Scenario: Hashable, Sendable {
    /// A title for reports.
    public var name: String
    /// Free text: what the scenario shows.
    public var summary: String
    /// The first session.
    public var session: Session
    /// The records the first session loads, in list order.
    public var records: [LoadedRecord<String, ScenarioValue>]
    /// The steps, in order.
    public var steps: [ScenarioStep]

    /// Creates a scenario.
    public init(
        name: String, summary: String = "", session: Session = 1, records: [LoadedRecord<String, ScenarioValue>],
        steps: [ScenarioStep]
    ) {
        self.name = name
        self.summary = summary
        self.session = session
        self.records = records
        self.steps = steps
    }
}
