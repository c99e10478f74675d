import OptimisticState
import UpdateCheckSupport

/// The one reader and writer of scenario files (the JSON format of
/// `docs/scenario-format.md`).
///
/// Reading names the file, line, column and step of every problem and
/// validates the result; writing puts one step per line, keys in the
/// documented order, so files diff well and read back to the same scenario.
extension Scenario {
    /// Reads and validates the scenario-file JSON `bytes` (UTF-8; a byte
    /// order mark is skipped); `file` names the source in errors.
    ///
    /// - Throws: ``OptimisticScenarioError/malformed(file:line:column:message:)``
    ///   for malformed JSON (a key repeated in an object included), an
    ///   unknown key, a missing or mistyped value;
    ///   ``OptimisticScenarioError/invalidScenario(file:step:line:message:)``
    ///   when the scenario cannot run (see ``validate()``).
    /// - Complexity: O(n) in the size of the text.
    public init(jsonBytes bytes: [UInt8], file: String) throws(OptimisticScenarioError) {
        let root: JSONNode
        do {
            root = try JSONNode.parse(bytes)
        } catch {
            throw .malformed(file: file, line: error.line, column: error.column, message: error.message)
        }
        var reader = JSONReader(file: file)
        self = try reader.scenario(root)
        do {
            try validate()
        } catch {
            guard case .invalidScenario(_, let step, let line, let message) = error else { throw error }
            throw .invalidScenario(file: file, step: step, line: line, message: message)
        }
    }

    /// Reads and validates scenario-file JSON text; see ``init(jsonBytes:file:)``.
    ///
    /// - Throws: as ``init(jsonBytes:file:)``.
    public init(jsonText text: String, file: String) throws(OptimisticScenarioError) {
        try self.init(jsonBytes: Array(text.utf8), file: file)
    }

    /// The scenario as scenario-file JSON, ending with a newline.
    ///
    /// - Complexity: O(size of the scenario).
    public var jsonText: String {
        var out = "{\n"
        out += "  \"name\": \(JSONText.quote(name)),\n"
        if !summary.isEmpty { out += "  \"description\": \(JSONText.quote(summary)),\n" }
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
        "{" + records.map { "\(JSONText.quote($0.id)): \($0.value)" }.joined(separator: ", ") + "}"
    }

    static func object(_ members: [(String, String)]) -> String {
        "{" + members.map { "\(JSONText.quote($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
    }

    static func json(_ step: ScenarioStep) -> String {
        var members: [(String, String)] = []
        func add(_ key: String, _ text: String?) { if let text { members.append((key, JSONText.quote(text))) } }
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
                members.append(("order", "[" + order.map(JSONText.quote).joined(separator: ", ") + "]"))
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
        add("record", expectation.record.map(JSONText.quote))
        switch expectation.result {
        case .applied(let effect): add("result", JSONText.quote(effect.rawValue))
        case .ignored(let reason): add("ignored", JSONText.quote(reason.rawValue))
        case nil: break
        }
        add("visible", expectation.visible?.description)
        add("confirmed", expectation.confirmed?.description)
        add("phase", expectation.phase.map { JSONText.quote($0.description) })
        add("ticket", expectation.ticket.map(JSONText.quote))
        add("isSaving", expectation.isSaving.map(String.init))
        add("acceptsTaps", expectation.acceptsTaps.map(String.init))
        add("accessibility", expectation.accessibility.map(JSONText.quote))
        return object(members)
    }

    /// Reads parsed JSON into scenario values, naming the file, position and
    /// step of the first problem.
    struct JSONReader {
        let file: String
        var step = 0

        init(file: String) { self.file = file }

        func fail(_ node: JSONNode, _ message: String) -> OptimisticScenarioError {
            fail(node.shapeError(message))
        }

        func fail(_ error: JSONNode.ShapeError) -> OptimisticScenarioError {
            .malformed(
                file: file, line: error.line, column: error.column,
                message: (step == 0 ? "" : "step \(step): ") + error.message)
        }

        func object(_ node: JSONNode, _ what: String, allowed: [String]) throws(OptimisticScenarioError) -> JSONNode {
            do { _ = try node.members(of: what, allowed: allowed) } catch { throw fail(error) }
            return node
        }

        func required(_ node: JSONNode, _ key: String, in what: String) throws(OptimisticScenarioError) -> JSONNode {
            guard let value = node[key] else { throw fail(node, "\(what) needs \"\(key)\"") }
            return value
        }

        func string(_ node: JSONNode, _ what: String) throws(OptimisticScenarioError) -> String {
            do { return try node.nonEmptyString(what) } catch { throw fail(error) }
        }

        /// A record ID or ticket name: a string without control characters.
        func identifier(_ node: JSONNode, _ what: String) throws(OptimisticScenarioError) -> String {
            do { return try node.identifier(what) } catch { throw fail(error) }
        }

        func optionalIdentifier(_ node: JSONNode, _ key: String) throws(OptimisticScenarioError) -> String? {
            try node[key].map { (value) throws(OptimisticScenarioError) in try identifier(value, "\"\(key)\"") }
        }

        func bool(_ node: JSONNode, _ what: String) throws(OptimisticScenarioError) -> Bool {
            guard case .bool(let value) = node.value else {
                throw fail(node, "\(what) must be true or false, not \(node.kindDescription)")
            }
            return value
        }

        func session(_ node: JSONNode) throws(OptimisticScenarioError) -> Session {
            guard case .number(let text) = node.value, let number = UInt32(text), number > 0 else {
                throw fail(node, "\"session\" must be a whole number from 1 to \(UInt32.max)")
            }
            return Session(number)
        }

        func value(_ node: JSONNode, _ what: String) throws(OptimisticScenarioError) -> ScenarioValue {
            switch node.value {
            case .bool(let value): return .bool(value)
            case .string(let text): return .string(text)
            case .number(let text):
                guard let number = Int(text) else {
                    // Digits alone (JSON puts a minus sign only first): a whole number past the range.
                    let range = text.allSatisfy { "-0123456789".contains($0) } ? " from \(Int.min) to \(Int.max)" : ""
                    throw fail(node, "\(what) must be a whole number\(range), not \(MessageText.shortened(text))")
                }
                return .integer(number)
            default:
                throw fail(node, "\(what) must be a boolean, a whole number or a string, not \(node.kindDescription)")
            }
        }

        func name<T: RawRepresentable<String> & CaseIterable>(_ node: JSONNode, _ what: String, as: T.Type)
            throws(OptimisticScenarioError) -> T
        {
            let text = try string(node, what)
            guard let found = T(rawValue: text) else {
                throw fail(
                    node,
                    "unknown \(what) \(quoted: text) (expected \(T.allCases.map { "\(quoted: $0.rawValue)" }.joined(separator: ", ")))"
                )
            }
            return found
        }

        func records(_ node: JSONNode) throws(OptimisticScenarioError) -> [LoadedRecord<String, ScenarioValue>] {
            guard let members = node.objectValue else {
                throw fail(node, "\"records\" must be an object of record IDs and values, not \(node.kindDescription)")
            }
            var seen: Set<String> = []
            var loaded: [LoadedRecord<String, ScenarioValue>] = []
            for member in members {
                // Events name records by non-empty identifiers: an empty ID could be loaded, never addressed.
                guard !member.key.isEmpty else { throw fail(member.value, "a record ID must not be empty") }
                if let control = JSONNode.controlCharacter(in: member.key) {
                    throw fail(
                        member.value,
                        "a record ID must not contain a control character (\(JSONNode.codePoint(control)))")
                }
                guard seen.insert(member.key).inserted else {
                    throw fail(member.value, "record \(quoted: member.key) is loaded twice")
                }
                loaded.append(
                    LoadedRecord(member.key, try value(member.value, "the value of record \(quoted: member.key)")))
            }
            return loaded
        }

        mutating func scenario(_ root: JSONNode) throws(OptimisticScenarioError) -> Scenario {
            let top = try object(root, "a scenario", allowed: ["name", "description", "session", "records", "steps"])
            let name =
                try top["name"].map { (node) throws(OptimisticScenarioError) in try string(node, "\"name\"") } ?? file
            let summary =
                try top["description"].map { (node) throws(OptimisticScenarioError) in
                    try string(node, "\"description\"")
                } ?? ""
            let session =
                try top["session"].map { (node) throws(OptimisticScenarioError) in try self.session(node) }
                ?? Session(1)
            let records = try records(required(top, "records", in: "a scenario"))
            let stepsNode = try required(top, "steps", in: "a scenario")
            guard let items = stepsNode.arrayValue else {
                throw fail(stepsNode, "\"steps\" must be an array, not \(stepsNode.kindDescription)")
            }
            var steps: [ScenarioStep] = []
            for (offset, item) in items.enumerated() {
                step = offset + 1
                steps.append(try scenarioStep(item))
            }
            return Scenario(name: name, summary: summary, session: session, records: records, steps: steps)
        }

        static let eventKeys: [EventKind: [String]] = [
            .tap: ["record", "value", "as"],
            .finish: ["ticket", "record", "outcome", "value", "as"],
            .cancel: ["ticket", "record", "as"],
            .resync: ["ticket", "record", "value"],
            .switchSession: ["session", "records"],
            .reorder: ["order"],
        ]

        func scenarioStep(_ node: JSONNode) throws(OptimisticScenarioError) -> ScenarioStep {
            guard node.objectValue != nil else {
                throw fail(node, "a step must be an object, not \(node.kindDescription)")
            }
            let kind = try node["event"].map { (event) throws(OptimisticScenarioError) in
                try name(event, "event", as: EventKind.self)
            }
            let what = kind.map { "a \($0.rawValue) step" } ?? "a check step"
            let allowed = ["note", "event", "expect"] + (kind.flatMap { Self.eventKeys[$0] } ?? [])
            _ = try object(node, what, allowed: allowed)
            let note = try node["note"].map { (note) throws(OptimisticScenarioError) in try string(note, "\"note\"") }
            var expectations: [ScenarioExpectation] = []
            if let expect = node["expect"] {
                let items = expect.arrayValue ?? [expect]
                for item in items { expectations.append(try expectation(item)) }
            } else if kind == nil {
                throw fail(node, "a step needs \"event\" or \"expect\"")
            }
            let event = try kind.map { (kind) throws(OptimisticScenarioError) in try self.event(kind, node) }
            return ScenarioStep(event, expect: expectations, note: note, line: node.line)
        }

        func event(_ kind: EventKind, _ node: JSONNode) throws(OptimisticScenarioError) -> ScenarioEvent {
            let what = "a \(kind.rawValue) step"
            switch kind {
            case .tap:
                return .tap(
                    record: try identifier(required(node, "record", in: what), "\"record\""),
                    value: try value(required(node, "value", in: what), "\"value\""),
                    name: try optionalIdentifier(node, "as"))
            case .finish:
                let ticket = try identifier(required(node, "ticket", in: what), "\"ticket\"")
                let outcomeNode = try required(node, "outcome", in: what)
                let category = try name(outcomeNode, "outcome", as: OutcomeCategory.self)
                let outcome: Outcome<ScenarioValue>
                switch category {
                case .confirmed, .conflict:
                    let server = try value(
                        required(node, "value", in: "a \(category.rawValue) outcome"), "\"value\"")
                    outcome = category == .confirmed ? .confirmed(server) : .conflict(server)
                case .rejected, .uncertain:
                    if let extra = node["value"] {
                        throw fail(extra, "a \(category.rawValue) outcome carries no server value")
                    }
                    outcome = category == .rejected ? .rejected : .uncertain
                }
                return .finish(
                    ticket: ticket, record: try optionalIdentifier(node, "record"), outcome: outcome,
                    name: try optionalIdentifier(node, "as"))
            case .cancel:
                return .cancel(
                    ticket: try identifier(required(node, "ticket", in: what), "\"ticket\""),
                    record: try optionalIdentifier(node, "record"), name: try optionalIdentifier(node, "as"))
            case .resync:
                return .resync(
                    ticket: try identifier(required(node, "ticket", in: what), "\"ticket\""),
                    record: try optionalIdentifier(node, "record"),
                    value: try value(required(node, "value", in: what), "\"value\""))
            case .switchSession:
                return .switchSession(
                    try session(required(node, "session", in: what)), try records(required(node, "records", in: what)))
            case .reorder:
                let orderNode = try required(node, "order", in: what)
                guard let items = orderNode.arrayValue else {
                    throw fail(orderNode, "\"order\" must be an array of record IDs, not \(orderNode.kindDescription)")
                }
                var order: [String] = []
                for item in items { order.append(try identifier(item, "a record ID in \"order\"")) }
                return .reorder(order)
            }
        }

        static let expectationKeys = [
            "record", "result", "ignored", "visible", "confirmed", "phase", "ticket", "isSaving", "acceptsTaps",
            "accessibility",
        ]

        func expectation(_ node: JSONNode) throws(OptimisticScenarioError) -> ScenarioExpectation {
            _ = try object(node, "\"expect\"", allowed: Self.expectationKeys)
            var expectation = ScenarioExpectation()
            expectation.record = try optionalIdentifier(node, "record")
            if let result = node["result"] {
                if let ignored = node["ignored"] {
                    throw fail(ignored, "give either \"result\" or \"ignored\", not both")
                }
                expectation.result = .applied(try name(result, "result", as: EffectKind.self))
            } else if let ignored = node["ignored"] {
                expectation.result = .ignored(try name(ignored, "ignore reason", as: IgnoreReason.self))
            }
            expectation.visible = try node["visible"].map { (v) throws(OptimisticScenarioError) in
                try value(v, "\"visible\"")
            }
            expectation.confirmed = try node["confirmed"].map { (v) throws(OptimisticScenarioError) in
                try value(v, "\"confirmed\"")
            }
            expectation.phase = try node["phase"].map { (v) throws(OptimisticScenarioError) in try phase(v) }
            expectation.ticket = try optionalIdentifier(node, "ticket")
            expectation.isSaving = try node["isSaving"].map { (v) throws(OptimisticScenarioError) in
                try bool(v, "\"isSaving\"")
            }
            expectation.acceptsTaps = try node["acceptsTaps"].map { (v) throws(OptimisticScenarioError) in
                try bool(v, "\"acceptsTaps\"")
            }
            expectation.accessibility = try node["accessibility"].map { (v) throws(OptimisticScenarioError) in
                guard let text = v.stringValue else {
                    throw fail(v, "\"accessibility\" must be a string, not \(v.kindDescription)")
                }
                return text
            }
            return expectation
        }

        func phase(_ node: JSONNode) throws(OptimisticScenarioError) -> PhaseKind {
            let text = try string(node, "\"phase\"")
            guard let found = PhaseKind.allCases.first(where: { $0.description == text }) else {
                throw fail(node, "unknown phase \(quoted: text) (expected 'idle', 'saving', 'needsSync')")
            }
            return found
        }
    }
}
