import OptimisticState
import UpdateCheckSupport

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

extension ScenarioExpectation {
    /// The record fields of this expectation that a record showing
    /// `confirmed`, `visible` and `phase` does not meet, in the order the
    /// fields are declared: each as what was expected (`visible true`) and
    /// what the record shows.
    ///
    /// `isSaving`, `acceptsTaps` and the accessibility value are derived
    /// from the phase and values, as `RecordState` derives them, so the
    /// runner over the built-in store and the runner over a driven store
    /// read them alike. `ticket` names the record's ticket in flight, quoted,
    /// or says why there is none; it is called only when a ticket is expected.
    func recordMismatches(
        confirmed: ScenarioValue, visible: ScenarioValue, phase: PhaseKind, ticket: () -> String
    ) -> [(expected: String, actual: String)] {
        let state = RecordState(confirmed: confirmed, visible: visible, phaseKind: phase, ticket: .none)
        var mismatches: [(expected: String, actual: String)] = []
        func check(_ field: String, _ expected: String?, _ actual: String) {
            if let expected, expected != actual { mismatches.append(("\(field) \(expected)", actual)) }
        }
        check("visible", self.visible?.description, visible.description)
        check("confirmed", self.confirmed?.description, confirmed.description)
        check("phase", self.phase?.description, phase.description)
        if let name = self.ticket {
            let actual = ticket()
            if actual != "\(quoted: name)" { mismatches.append(("ticket \(quoted: name)", actual)) }
        }
        check("isSaving", isSaving.map(String.init), String(state.isSaving))
        check("acceptsTaps", acceptsTaps.map(String.init), String(state.acceptsTaps))
        check("accessibility", accessibility.map { "\(quoted: $0)" }, "'\(state.accessibilityValue(\.spoken))'")
        return mismatches
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
