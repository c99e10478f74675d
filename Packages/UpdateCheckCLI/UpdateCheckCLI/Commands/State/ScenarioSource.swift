import OptimisticState

/// A scenario to run and the name it is reported under (its file path, or
/// `built-in:…` for an embedded one).
package struct ScenarioSource: Sendable {
    /// The name in output lines and JUnit case names.
    package var name: String
    /// The parsed, validated scenario.
    package var scenario: Scenario

    /// Creates a source.
    package init(name: String, scenario: Scenario) {
        self.name = name
        self.scenario = scenario
    }
}
