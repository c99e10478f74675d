import OptimisticState

/// What a scenario step expects after its event: the event's result and
/// any of one record's values, phase and UI bindings. Unset fields are not
/// checked.
public struct ScenarioExpectation: Hashable, Sendable {
    /// The record checked; `nil` means the record of the step's event.
    public var record: String?
    /// The event's result.
    public var result: ExpectedResult?
    /// The value the UI shows.
    public var visible: ScenarioValue?
    /// The server-confirmed value.
    public var confirmed: ScenarioValue?
    /// The phase.
    public var phase: PhaseKind?
    /// The name of the ticket in flight (while saving or needing sync).
    public var ticket: String?
    /// The `isSaving` binding.
    public var isSaving: Bool?
    /// The `acceptsTaps` binding.
    public var acceptsTaps: Bool?
    /// The accessibility value (`on, saving`).
    public var accessibility: String?

    /// Creates an expectation; every field is optional.
    public init(
        record: String? = nil, result: ExpectedResult? = nil, visible: ScenarioValue? = nil,
        confirmed: ScenarioValue? = nil, phase: PhaseKind? = nil, ticket: String? = nil, isSaving: Bool? = nil,
        acceptsTaps: Bool? = nil, accessibility: String? = nil
    ) {
        self.record = record
        self.result = result
        self.visible = visible
        self.confirmed = confirmed
        self.phase = phase
        self.ticket = ticket
        self.isSaving = isSaving
        self.acceptsTaps = acceptsTaps
        self.accessibility = accessibility
    }

    /// Whether anything about a record (not only the result) is checked.
    public var checksRecord: Bool {
        visible != nil || confirmed != nil || phase != nil || ticket != nil || isSaving != nil
            || acceptsTaps != nil || accessibility != nil
    }
}

/// What a scenario step expects the store to do with its event.
public enum ExpectedResult: Hashable, Sendable, CustomStringConvertible {
    /// Applied, with this kind of effect (`"result": "sendWrite"`).
    case applied(EffectKind)
    /// Ignored for this reason (`"ignored": "busy"`).
    case ignored(IgnoreReason)

    /// `sendWrite` or `ignored busy`, as in failure messages.
    public var description: String {
        switch self {
        case .applied(let effect): effect.rawValue
        case .ignored(let reason): "ignored \(reason.rawValue)"
        }
    }
}
