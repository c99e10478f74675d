import OptimisticScenario
import OptimisticState
import UpdateCheckSupport

/// The lines of the store-program protocol (`docs/store-protocol.md`):
/// the handshake a store program prints first, the request lines written to
/// it and the response lines read back.
enum StoreProtocolMessages {
    /// The protocol name in the handshake.
    static let protocolName = "updatecheck-store"
    /// The protocol version this build speaks.
    static let version = 1

    /// The most values a handshake line may hold: its two members and
    /// room for a team's own.
    static let handshakeValues = 1_024

    /// The most values the response to a request for `paths` may hold:
    /// 1,024, and for each observation (the steps and branches a path asks
    /// for) 1,024 (its members and a `hidden` state of a few hundred
    /// values) and 16 for each record the path loads (its ID in `order` and
    /// its state). A tree takes tens of bytes per value, so that a line of
    /// `0,0,0,…` up to the 64 MiB line bound would take over a gigabyte.
    static func responseValues(_ paths: [StorePath]) -> Int {
        paths.reduce(1_024) { total, path in
            let observations = (path.reportsEveryStep ? path.events.count + 1 : 1) + path.branches.count
            return total &+ observations &* (1_024 &+ 16 &* path.records.count)
        }
    }

    /// Checks the handshake line; the reason when it is not one.
    static func checkHandshake(_ line: [UInt8]) -> String? {
        let node: JSONNode
        do { node = try JSONNode.parse(line, maxValues: handshakeValues) } catch {
            if error.message == JSONScanner.pastValueBound(handshakeValues) {
                return "the handshake holds more than \(handshakeValues) values, more than a handshake may"
            }
            return "the handshake is not JSON (\(error.message))"
        }
        guard node.objectValue != nil else { return "the handshake is not a JSON object" }
        guard node["protocol"]?.stringValue == protocolName else {
            return "the handshake must have \"protocol\": \"\(protocolName)\""
        }
        guard case .number(let number)? = node["version"]?.value, Int(number) == version else {
            return "the handshake must have \"version\": \(version)"
        }
        return nil
    }

    /// The request line numbered `id` asking for `paths`.
    static func request(id: Int, paths: [StorePath]) -> [UInt8] {
        var out = Array("{\"id\":\(id),\"paths\":[".utf8)
        for (offset, path) in paths.enumerated() {
            if offset > 0 { out.append(UInt8(ascii: ",")) }
            out += Array("{\"session\":\(path.session.rawValue),\"load\":".utf8)
            append(path.records, to: &out)
            out += Array(",\"events\":".utf8)
            append(path.events, to: &out)
            out += Array(",\"branches\":".utf8)
            append(path.branches, to: &out)
            out += Array(",\"every\":\(path.reportsEveryStep)}".utf8)
        }
        out += Array("]}\n".utf8)
        return out
    }

    static func append(_ records: [LoadedRecord<String, ScenarioValue>], to out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        for (offset, record) in records.enumerated() {
            if offset > 0 { out.append(UInt8(ascii: ",")) }
            out.append(UInt8(ascii: "["))
            JSONText.appendQuoted(record.id, to: &out)
            out += Array(",\(record.value.description)]".utf8)
        }
        out.append(UInt8(ascii: "]"))
    }

    static func append(_ events: [PathEvent], to out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        for (offset, event) in events.enumerated() {
            if offset > 0 { out.append(UInt8(ascii: ",")) }
            func key(_ name: String, _ record: String) {
                out += Array("{\"\(name)\":".utf8)
                JSONText.appendQuoted(record, to: &out)
            }
            switch event {
            case .tap(let record, let value):
                key("tap", record)
                out += Array(",\"value\":\(value.description)}".utf8)
            case .answerWrite(let record, let request, let outcome):
                key("answer", record)
                out += Array(",\"request\":\(request),\"outcome\":\"\(outcome.category.rawValue)\"".utf8)
                switch outcome {
                case .confirmed(let value), .conflict(let value): out += Array(",\"value\":\(value.description)}".utf8)
                case .rejected, .uncertain: out.append(UInt8(ascii: "}"))
                }
            case .cancelRequest(let record, let request):
                key("cancel", record)
                out += Array(",\"request\":\(request)}".utf8)
            case .answerReread(let record, let request, let value):
                key("reread", record)
                out += Array(",\"request\":\(request),\"value\":\(value.description)}".utf8)
            case .switchSession(let session, let records):
                out += Array("{\"switch\":\(session.rawValue),\"load\":".utf8)
                append(records, to: &out)
                out.append(UInt8(ascii: "}"))
            case .reorder(let order):
                out += Array("{\"reorder\":[".utf8)
                for (index, record) in order.enumerated() {
                    if index > 0 { out.append(UInt8(ascii: ",")) }
                    JSONText.appendQuoted(record, to: &out)
                }
                out += Array("]}".utf8)
            }
        }
        out.append(UInt8(ascii: "]"))
    }

    /// The results of the response line to request `id` for `paths`, or
    /// what is wrong with it.
    static func results(_ line: [UInt8], id: Int, paths: [StorePath]) -> Result<[StorePathResult], Problem> {
        let node: JSONNode
        let bound = responseValues(paths)
        do { node = try JSONNode.parse(line, maxValues: bound) } catch {
            if error.message == JSONScanner.pastValueBound(bound) {
                return .failure(
                    Problem(
                        "the response holds more than \(bound) values, more than its request allows (column "
                            + "\(error.column)): \(MessageText.excerpt(line))"))
            }
            return .failure(Problem("the response is not JSON (\(error.message)): \(MessageText.excerpt(line))"))
        }
        guard node.objectValue != nil else { return .failure(Problem("the response is not a JSON object")) }
        guard case .number(let number)? = node["id"]?.value, Int(number) == id else {
            if case .number(let number)? = node["id"]?.value, let earlier = Int(number), (1..<id).contains(earlier) {
                return .failure(
                    Problem(
                        "the response carries \"id\": \(earlier), an earlier request's, where \"id\": \(id) was "
                            + "expected: the program answered a request twice"))
            }
            return .failure(Problem("the response does not carry \"id\": \(id)"))
        }
        if let error = node["error"] {
            return .failure(
                Problem("the program refused the request: \(MessageText.shortened(error.stringValue ?? "(no text)"))"))
        }
        guard let items = node["results"]?.arrayValue, items.count == paths.count else {
            return .failure(Problem("the response must have \"results\": one per path (\(paths.count))"))
        }
        var results: [StorePathResult] = []
        results.reserveCapacity(items.count)
        for (offset, item) in items.enumerated() {
            let path = paths[offset]
            let expected = path.reportsEveryStep ? path.events.count + 1 : 1
            guard let steps = item["steps"]?.arrayValue, steps.count == expected else {
                return .failure(Problem("result \(offset + 1): \"steps\" must hold \(expected) observations"))
            }
            guard let branches = item["branches"]?.arrayValue, branches.count == path.branches.count else {
                return .failure(
                    Problem("result \(offset + 1): \"branches\" must hold \(path.branches.count) observations"))
            }
            // The records the path loads, at its start or at an account switch: a store shows no other.
            var loaded = Set(path.records.map(\.id))
            for case .switchSession(_, let records) in path.events + path.branches {
                loaded.formUnion(records.map(\.id))
            }
            var observedSteps: [ObservedStep] = []
            var observedBranches: [ObservedStep] = []
            for (node, isStep) in steps.map({ ($0, true) }) + branches.map({ ($0, false) }) {
                switch observation(node, loaded: loaded) {
                case .success(let observed):
                    if isStep { observedSteps.append(observed) } else { observedBranches.append(observed) }
                case .failure(let problem): return .failure(problem.at("result \(offset + 1)"))
                }
            }
            results.append(StorePathResult(steps: observedSteps, branches: observedBranches))
        }
        return .success(results)
    }

    /// What is wrong with a response.
    struct Problem: Error {
        var message: String
        init(_ message: String) { self.message = message }
        func at(_ place: String) -> Problem { Problem("\(place): \(message)") }
    }

    /// One observation object, of a path that loads the records `loaded`.
    static func observation(_ node: JSONNode, loaded: Set<String>) -> Result<ObservedStep, Problem> {
        func problem(_ text: String) -> Result<ObservedStep, Problem> {
            .failure(Problem("line \(node.line), column \(node.column): \(text)"))
        }
        guard node.objectValue != nil else { return problem("an observation must be a JSON object") }
        guard case .bool(let issued)? = node["issued"]?.value else {
            return problem("an observation needs \"issued\": true or false")
        }
        guard case .number(let number)? = node["session"]?.value, let session = UInt32(number) else {
            return problem("an observation needs \"session\": a whole number")
        }
        guard let orderNodes = node["order"]?.arrayValue else {
            return problem("an observation needs \"order\": the record IDs in display order")
        }
        var order: [String] = []
        for entry in orderNodes {
            guard let id = entry.stringValue else { return problem("\"order\" must hold record IDs as strings") }
            guard loaded.contains(id) else { return problem("\"order\" shows \(notLoaded(id))") }
            order.append(id)
        }
        guard let members = node["records"]?.objectValue else {
            return problem("an observation needs \"records\": an object of record states")
        }
        var records: [String: ObservedRecord<ScenarioValue>] = [:]
        for (id, state) in members {
            guard loaded.contains(id) else { return problem("\"records\" holds \(notLoaded(id))") }
            guard let confirmed = state["confirmed"].flatMap(value), let visible = state["visible"].flatMap(value)
            else { return problem("record \(quoted: id) needs \"confirmed\" and \"visible\" values") }
            guard let phaseName = state["phase"]?.stringValue,
                let phase = PhaseKind.allCases.first(where: { $0.description == phaseName })
            else { return problem("record \(quoted: id) needs \"phase\": \"idle\", \"saving\" or \"needsSync\"") }
            records[id] = ObservedRecord(confirmed: confirmed, visible: visible, phase: phase)
        }
        // A string is its own text; any other value its compact JSON, keys sorted.
        let hidden = node["hidden"].map { $0.stringValue ?? $0.canonicalText } ?? ""
        return .success(
            ObservedStep(
                StoreObservation(session: Session(session), order: order, records: records, hidden: hidden),
                issuedRequest: issued))
    }

    /// `record 'x', which the path never loads (…)`, for an observation
    /// showing a record no session of its path loaded.
    static func notLoaded(_ id: String) -> String {
        "record \(quoted: id), which the path never loads (a store shows only the records a session loads)"
    }

    /// A record value: a boolean, a whole number or a string.
    static func value(_ node: JSONNode) -> ScenarioValue? {
        switch node.value {
        case .bool(let value): .bool(value)
        case .number(let text): Int(text).map(ScenarioValue.integer)
        case .string(let text): .string(text)
        default: nil
        }
    }
}
