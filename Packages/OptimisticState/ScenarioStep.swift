/// One step of a scenario: an event (or none, for a pure check) and what is
/// expected after it.
public struct ScenarioStep: Hashable, Sendable {
    /// The event; `nil` for a step that only checks.
    public var event: ScenarioEvent?
    /// The expectations, checked in order after the event.
    public var expectations: [ScenarioExpectation]
    /// A comment for readers of the file (`"note"`); not checked.
    public var note: String?
    /// The 1-based line of the step in its file, when read from one.
    public var line: Int?

    /// Creates a step.
    public init(
        _ event: ScenarioEvent?, expect expectations: [ScenarioExpectation] = [], note: String? = nil,
        line: Int? = nil
    ) {
        self.event = event
        self.expectations = expectations
        self.note = note
        self.line = line
    }

    /// A short label for messages: the event's label, or `check`.
    public var label: String { event?.label ?? "check" }
}
