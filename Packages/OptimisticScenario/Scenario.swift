import OptimisticState
import UpdateCheckSupport

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

/// A record value in a scenario file: a JSON boolean, whole number or string.
public enum ScenarioValue: Hashable, Sendable, CustomStringConvertible {
    /// `true` / `false` (a favourite button).
    case bool(Bool)
    /// A whole number (a rating, a counter).
    case integer(Int)
    /// A string (a status).
    case string(String)

    /// The value as JSON text: `true`, `3`, `"done"`.
    public var description: String {
        switch self {
        case .bool(let value): value ? "true" : "false"
        case .integer(let value): String(value)
        case .string(let value): JSONText.quote(value)
        }
    }

    /// The value as an accessibility value reads it: `on`/`off` for
    /// booleans, the number or the string itself otherwise.
    public var spoken: String {
        switch self {
        case .bool(let value): value ? "on" : "off"
        case .integer(let value): String(value)
        case .string(let value): value
        }
    }
}
