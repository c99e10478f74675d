/// Writes a scenario as the JSON text of a scenario file: one step per
/// line, keys in the documented order, so files diff well and read back to
/// the same scenario.
extension Scenario {
    /// The scenario as scenario-file JSON, ending with a newline.
    ///
    /// - Complexity: O(size of the scenario).
    public var jsonText: String {
        var out = "{\n"
        out += "  \"name\": \(JSONText.quoted(name)),\n"
        if !summary.isEmpty { out += "  \"description\": \(JSONText.quoted(summary)),\n" }
        out += "  \"session\": \(session.rawValue),\n"
        out += "  \"records\": \(Self.json(records)),\n"
        out += "  \"steps\": ["
        for (offset, step) in steps.enumerated() {
            out += (offset == 0 ? "\n" : ",\n") + "    " + Self.json(step)
        }
        out += steps.isEmpty ? "]\n" : "\n  ]\n"
        return out + "}\n"
    }

    static func json(_ records: [LoadedRecord<String, ScenarioValue>]) -> String {
        "{" + records.map { "\(JSONText.quoted($0.id)): \($0.value)" }.joined(separator: ", ") + "}"
    }

    static func object(_ members: [(String, String)]) -> String {
        "{" + members.map { "\(JSONText.quoted($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
    }

    static func json(_ step: ScenarioStep) -> String {
        var members: [(String, String)] = []
        func add(_ key: String, _ text: String?) { if let text { members.append((key, JSONText.quoted(text))) } }
        add("note", step.note)
        if let event = step.event {
            add("event", event.kind.rawValue)
            switch event {
            case .tap(let record, let value, let name):
                add("record", record)
                members.append(("value", value.description))
                add("as", name)
            case .finish(let ticket, let record, let outcome, let name):
                add("ticket", ticket)
                add("record", record)
                add("outcome", outcome.category.rawValue)
                switch outcome {
                case .confirmed(let value), .conflict(let value): members.append(("value", value.description))
                case .rejected, .uncertain: break
                }
                add("as", name)
            case .cancel(let ticket, let record, let name):
                add("ticket", ticket)
                add("record", record)
                add("as", name)
            case .resync(let ticket, let record, let value):
                add("ticket", ticket)
                add("record", record)
                members.append(("value", value.description))
            case .switchSession(let session, let loaded):
                members.append(("session", String(session.rawValue)))
                members.append(("records", json(loaded)))
            case .reorder(let order):
                members.append(("order", "[" + order.map(JSONText.quoted).joined(separator: ", ") + "]"))
            }
        }
        switch step.expectations.count {
        case 0: break
        case 1: members.append(("expect", json(step.expectations[0])))
        default: members.append(("expect", "[" + step.expectations.map(json).joined(separator: ", ") + "]"))
        }
        return object(members)
    }

    static func json(_ expectation: ScenarioExpectation) -> String {
        var members: [(String, String)] = []
        func add(_ key: String, _ text: String?) { if let text { members.append((key, text)) } }
        add("record", expectation.record.map(JSONText.quoted))
        switch expectation.result {
        case .applied(let effect): add("result", JSONText.quoted(effect.rawValue))
        case .ignored(let reason): add("ignored", JSONText.quoted(reason.rawValue))
        case nil: break
        }
        add("visible", expectation.visible?.description)
        add("confirmed", expectation.confirmed?.description)
        add("phase", expectation.phase.map { JSONText.quoted($0.description) })
        add("ticket", expectation.ticket.map(JSONText.quoted))
        add("isSaving", expectation.isSaving.map(String.init))
        add("acceptsTaps", expectation.acceptsTaps.map(String.init))
        add("accessibility", expectation.accessibility.map(JSONText.quoted))
        return object(members)
    }
}
