import OptimisticState

/// Reads scenario files (the JSON format of `docs/scenario-format.md`) into
/// ``Scenario`` values, with errors that name the file, line, column and step.
package enum ScenarioFile {
    /// Reads, parses and validates the scenario file at `path`.
    ///
    /// - Throws: exit 66 when the file is missing; exit 65 naming file, line
    ///   and step for malformed JSON, a wrong key or type, an unknown record
    ///   or a dangling ticket name.
    package static func load(_ path: String) throws(CLIError) -> Scenario {
        try parse(InputFile.json(at: path), file: path)
    }

    /// Parses and validates scenario text (the built-in scenarios).
    ///
    /// - Throws: exit 65 as for ``load(_:)``, with `file` as the name.
    package static func parse(text: String, file: String) throws(CLIError) -> Scenario {
        let root: JSONNode
        do {
            root = try JSONNode.parse(Array(text.utf8))
        } catch {
            throw .dataError("\(file):\(error.line):\(error.column): \(error.message)")
        }
        return try parse(root, file: file)
    }

    /// Builds and validates a scenario from parsed JSON.
    ///
    /// - Throws: exit 65 naming file, line and step.
    package static func parse(_ root: JSONNode, file: String) throws(CLIError) -> Scenario {
        let scenario: Scenario
        do {
            var reader = Reader(file: file)
            scenario = try reader.scenario(root)
        } catch {
            throw .dataError(error.message)
        }
        do {
            try scenario.validate()
        } catch {
            guard case .invalidScenario(let step, let line, let message) = error else {
                throw .dataError("\(file): \(error)")
            }
            let place = line.map { "\(file):\($0)" } ?? file
            throw .dataError("\(place): " + (step == 0 ? "records: " : "step \(step): ") + message)
        }
        return scenario
    }

    /// A malformed scenario, with its message already located.
    struct Malformed: Error {
        var message: String
    }

    /// Reads JSON nodes into scenario values.
    struct Reader {
        let file: String
        var step = 0

        init(file: String) { self.file = file }

        func fail(_ node: JSONNode, _ message: String) -> Malformed {
            let where_ = step == 0 ? "" : "step \(step): "
            return Malformed(message: "\(file):\(node.line):\(node.column): \(where_)\(message)")
        }

        func object(_ node: JSONNode, _ what: String, allowed: [String]) throws(Malformed) -> JSONNode {
            guard let members = node.objectValue else {
                throw fail(node, "\(what) must be an object, not \(node.kindDescription)")
            }
            var seen: Set<String> = []
            for member in members {
                guard allowed.contains(member.key) else {
                    throw fail(
                        member.value,
                        "unknown key '\(member.key)' in \(what) (expected \(allowed.map { "'\($0)'" }.joined(separator: ", ")))"
                    )
                }
                guard seen.insert(member.key).inserted else {
                    throw fail(member.value, "key '\(member.key)' is given twice")
                }
            }
            return node
        }

        func required(_ node: JSONNode, _ key: String, in what: String) throws(Malformed) -> JSONNode {
            guard let value = node[key] else { throw fail(node, "\(what) needs \"\(key)\"") }
            return value
        }

        func string(_ node: JSONNode, _ what: String) throws(Malformed) -> String {
            guard let text = node.stringValue else {
                throw fail(node, "\(what) must be a string, not \(node.kindDescription)")
            }
            guard !text.isEmpty else { throw fail(node, "\(what) must not be empty") }
            return text
        }

        func bool(_ node: JSONNode, _ what: String) throws(Malformed) -> Bool {
            guard case .bool(let value) = node.value else {
                throw fail(node, "\(what) must be true or false, not \(node.kindDescription)")
            }
            return value
        }

        func session(_ node: JSONNode) throws(Malformed) -> Session {
            guard case .number(let text) = node.value, let number = UInt32(text), number > 0 else {
                throw fail(node, "\"session\" must be a whole number from 1 to \(UInt32.max)")
            }
            return Session(number)
        }

        func value(_ node: JSONNode, _ what: String) throws(Malformed) -> ScenarioValue {
            switch node.value {
            case .bool(let value): return .bool(value)
            case .string(let text): return .string(text)
            case .number(let text):
                guard let number = Int(text) else { throw fail(node, "\(what) must be a whole number, not \(text)") }
                return .integer(number)
            default:
                throw fail(node, "\(what) must be a boolean, a whole number or a string, not \(node.kindDescription)")
            }
        }

        func name<T: RawRepresentable<String> & CaseIterable>(_ node: JSONNode, _ what: String, as: T.Type)
            throws(Malformed) -> T
        {
            let text = try string(node, what)
            guard let found = T(rawValue: text) else {
                throw fail(
                    node,
                    "unknown \(what) '\(text)' (expected \(T.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")))"
                )
            }
            return found
        }

        func records(_ node: JSONNode) throws(Malformed) -> [LoadedRecord<String, ScenarioValue>] {
            guard let members = node.objectValue else {
                throw fail(node, "\"records\" must be an object of record IDs and values, not \(node.kindDescription)")
            }
            var seen: Set<String> = []
            var loaded: [LoadedRecord<String, ScenarioValue>] = []
            for member in members {
                guard seen.insert(member.key).inserted else {
                    throw fail(member.value, "record '\(member.key)' is loaded twice")
                }
                loaded.append(LoadedRecord(member.key, try value(member.value, "the value of record '\(member.key)'")))
            }
            return loaded
        }

        mutating func scenario(_ root: JSONNode) throws(Malformed) -> Scenario {
            let top = try object(root, "a scenario", allowed: ["name", "description", "session", "records", "steps"])
            let name = try top["name"].map { (node) throws(Malformed) in try string(node, "\"name\"") } ?? file
            let summary =
                try top["description"].map { (node) throws(Malformed) in try string(node, "\"description\"") } ?? ""
            let session = try top["session"].map { (node) throws(Malformed) in try self.session(node) } ?? Session(1)
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

        func scenarioStep(_ node: JSONNode) throws(Malformed) -> ScenarioStep {
            guard node.objectValue != nil else {
                throw fail(node, "a step must be an object, not \(node.kindDescription)")
            }
            let kind = try node["event"].map { (event) throws(Malformed) in try name(event, "event", as: EventKind.self)
            }
            let what = kind.map { "a \($0.rawValue) step" } ?? "a check step"
            let allowed = ["note", "event", "expect"] + (kind.flatMap { Self.eventKeys[$0] } ?? [])
            _ = try object(node, what, allowed: allowed)
            let note = try node["note"].map { (note) throws(Malformed) in try string(note, "\"note\"") }
            var expectations: [ScenarioExpectation] = []
            if let expect = node["expect"] {
                let items = expect.arrayValue ?? [expect]
                for item in items { expectations.append(try expectation(item)) }
            } else if kind == nil {
                throw fail(node, "a step needs \"event\" or \"expect\"")
            }
            let event = try kind.map { (kind) throws(Malformed) in try self.event(kind, node) }
            return ScenarioStep(event, expect: expectations, note: note, line: node.line)
        }

        func optionalString(_ node: JSONNode, _ key: String) throws(Malformed) -> String? {
            try node[key].map { (value) throws(Malformed) in try string(value, "\"\(key)\"") }
        }

        func event(_ kind: EventKind, _ node: JSONNode) throws(Malformed) -> ScenarioEvent {
            let what = "a \(kind.rawValue) step"
            switch kind {
            case .tap:
                return .tap(
                    record: try string(required(node, "record", in: what), "\"record\""),
                    value: try value(required(node, "value", in: what), "\"value\""),
                    name: try optionalString(node, "as"))
            case .finish:
                let ticket = try string(required(node, "ticket", in: what), "\"ticket\"")
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
                    ticket: ticket, record: try optionalString(node, "record"), outcome: outcome,
                    name: try optionalString(node, "as"))
            case .cancel:
                return .cancel(
                    ticket: try string(required(node, "ticket", in: what), "\"ticket\""),
                    record: try optionalString(node, "record"), name: try optionalString(node, "as"))
            case .resync:
                return .resync(
                    ticket: try string(required(node, "ticket", in: what), "\"ticket\""),
                    record: try optionalString(node, "record"),
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
                for item in items { order.append(try string(item, "a record ID in \"order\"")) }
                return .reorder(order)
            }
        }

        static let expectationKeys = [
            "record", "result", "ignored", "visible", "confirmed", "phase", "ticket", "isSaving", "acceptsTaps",
            "accessibility",
        ]

        func expectation(_ node: JSONNode) throws(Malformed) -> ScenarioExpectation {
            _ = try object(node, "\"expect\"", allowed: Self.expectationKeys)
            var expectation = ScenarioExpectation()
            expectation.record = try optionalString(node, "record")
            if let result = node["result"] {
                if let ignored = node["ignored"] {
                    throw fail(ignored, "give either \"result\" or \"ignored\", not both")
                }
                expectation.result = .applied(try name(result, "result", as: EffectKind.self))
            } else if let ignored = node["ignored"] {
                expectation.result = .ignored(try name(ignored, "ignore reason", as: IgnoreReason.self))
            }
            expectation.visible = try node["visible"].map { (v) throws(Malformed) in try value(v, "\"visible\"") }
            expectation.confirmed = try node["confirmed"].map { (v) throws(Malformed) in try value(v, "\"confirmed\"") }
            expectation.phase = try node["phase"].map { (v) throws(Malformed) in try phase(v) }
            expectation.ticket = try optionalString(node, "ticket")
            expectation.isSaving = try node["isSaving"].map { (v) throws(Malformed) in try bool(v, "\"isSaving\"") }
            expectation.acceptsTaps = try node["acceptsTaps"].map { (v) throws(Malformed) in
                try bool(v, "\"acceptsTaps\"")
            }
            expectation.accessibility = try node["accessibility"].map { (v) throws(Malformed) in
                guard let text = v.stringValue else {
                    throw fail(v, "\"accessibility\" must be a string, not \(v.kindDescription)")
                }
                return text
            }
            return expectation
        }

        func phase(_ node: JSONNode) throws(Malformed) -> PhaseKind {
            let text = try string(node, "\"phase\"")
            guard let found = PhaseKind.allCases.first(where: { $0.description == text }) else {
                throw fail(node, "unknown phase '\(text)' (expected 'idle', 'saving', 'needsSync')")
            }
            return found
        }
    }
}
