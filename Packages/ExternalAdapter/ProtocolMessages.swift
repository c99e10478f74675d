import BatchUpdate
import UpdateCheckSupport

/// The messages of the adapter protocol, version 1 (docs/adapter-protocol.md):
/// the program's handshake, the kit's case requests and the program's responses.
enum ProtocolMessages {
    /// The protocol version this build speaks.
    static var version: Int { 1 }

    /// A handshake problem: what is wrong, naming the field.
    struct HandshakeError: Error {
        var message: String
    }

    /// What one response line gave.
    enum Response<Call: ToolkitCall> {
        /// The batches for case `id`.
        case answer(id: Int, batches: [UpdateBatch<Int, ExternalCall<Call>>])
        /// Case `id` is failed: the program reported an error, or its calls do not fit the model.
        case refused(id: Int, reason: String)
        /// The line is not a response to any waiting case.
        case garbage(String)
    }

    /// Checks the handshake line:
    /// `{"protocol": 1, "name": …, "model": …, "policy": {…}, "summary": …}`.
    static func handshake(_ line: [UInt8], modelName: String) throws(HandshakeError) -> ExternalProgram.Handshake {
        let json: ProtocolJSON
        do {
            json = try ProtocolJSON.parse(line)
        } catch {
            throw HandshakeError(
                message: "its first line is not JSON (column \(error.column): \(error.message)): \(excerpt(line))")
        }
        guard case .object = json else {
            throw HandshakeError(message: "its first line is \(json.kind), not an object.")
        }
        guard case .integer(let version) = json["protocol"] else {
            throw HandshakeError(message: "\"protocol\" must be the number \(Self.version).")
        }
        guard version == Self.version else {
            throw HandshakeError(
                message: "it speaks protocol \(version); this updatecheck speaks protocol \(Self.version).")
        }
        guard case .string(let name) = json["name"], !name.isEmpty, name.utf8.count <= 200 else {
            throw HandshakeError(message: "\"name\" must be a non-empty string of at most 200 bytes.")
        }
        guard case .string(let model) = json["model"] else {
            throw HandshakeError(message: "\"model\" must be a string.")
        }
        guard model == modelName else {
            throw HandshakeError(
                message: "it targets the model \"\(model)\", but was started for the model \"\(modelName)\".")
        }
        guard let policyJSON = json["policy"], case .object = policyJSON else {
            throw HandshakeError(message: "\"policy\" must be an object with \"movedAndChanged\" and \"refresh\".")
        }
        func choice<Value: RawRepresentable & CaseIterable>(_ key: String, _: Value.Type, default fallback: Value?)
            throws(HandshakeError) -> Value where Value.RawValue == String
        {
            let names = Value.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            guard let value = policyJSON[key] else {
                if let fallback { return fallback }
                throw HandshakeError(message: "\"policy.\(key)\" is missing; it is one of \(names).")
            }
            guard case .string(let text) = value, let parsed = Value(rawValue: text) else {
                throw HandshakeError(message: "\"policy.\(key)\" must be one of \(names).")
            }
            return parsed
        }
        let policy = AdapterPolicy(
            movedAndChanged: try choice("movedAndChanged", MovedAndChangedPolicy.self, default: nil),
            refresh: try choice("refresh", RefreshStyle.self, default: nil),
            moves: try choice("moves", MoveStyle.self, default: .keepsCell))
        var summary = "An adapter program on the \(model) model."
        if let value = json["summary"] {
            guard case .string(let text) = value else { throw HandshakeError(message: "\"summary\" must be a string.") }
            summary = text
        }
        return ExternalProgram.Handshake(name: name, summary: summary, policy: policy)
    }

    /// The request line for case `id`: the snapshots, the changed IDs and the
    /// plan with index paths, IDs named as the kit names them (`a`, `b`, …).
    static func request(id: Int, plan: UpdatePlan<Int>) -> [UInt8] {
        var text = "{\"type\":\"case\",\"id\":\(id),\"old\":"
        func list(_ ids: [Int]) {
            text += "["
            for (offset, id) in ids.enumerated() {
                if offset > 0 { text += "," }
                text += "\"" + ConformanceKit.label(id) + "\""
            }
            text += "]"
        }
        func path(_ path: ItemPath) -> String { "[\(path.section),\(path.item)]" }
        list(plan.old)
        text += ",\"new\":"
        list(plan.new)
        text += ",\"changed\":"
        list(plan.changedIDs)
        var deleted: [String] = []
        var inserted: [String] = []
        var kept: [String] = []
        for item in plan.items {
            switch item {
            case .deleted(let id, let from):
                deleted.append("{\"id\":\"\(ConformanceKit.label(id))\",\"from\":\(path(from))}")
            case .inserted(let id, let at):
                inserted.append("{\"id\":\"\(ConformanceKit.label(id))\",\"at\":\(path(at))}")
            case .kept(let id, let from, let to, let isMoved, let isChanged):
                kept.append(
                    "{\"id\":\"\(ConformanceKit.label(id))\",\"from\":\(path(from)),\"to\":\(path(to)),"
                        + "\"moved\":\(isMoved),\"changed\":\(isChanged)}")
            }
        }
        text +=
            ",\"plan\":{\"deleted\":[" + deleted.joined(separator: ",") + "],\"inserted\":["
            + inserted.joined(separator: ",") + "],\"kept\":[" + kept.joined(separator: ",") + "]}}\n"
        return Array(text.utf8)
    }

    /// Reads one response line against the waiting cases.
    static func response<Inner: ReplayableModel>(
        _ line: [UInt8], plans: [UpdatePlan<Int>], waiting: Set<Int>, model: Inner.Type
    ) -> Response<Inner.Call> where Inner.ID == Int {
        let json: ProtocolJSON
        do {
            json = try ProtocolJSON.parse(line)
        } catch {
            return .garbage(
                "it printed a line that is not JSON (column \(error.column): \(error.message)): \(excerpt(line))")
        }
        guard case .integer(let id) = json["id"], waiting.contains(id) else {
            return .garbage(
                "it printed a line that answers no waiting case (\"id\" must be a waiting case's number): \(excerpt(line))"
            )
        }
        if let error = json["error"] {
            guard case .string(let message) = error else {
                return .refused(id: id, reason: "\"error\" must be a string")
            }
            return .refused(id: id, reason: "it reported an error: \(message)")
        }
        guard case .array(let batchList) = json["batches"] else {
            return .refused(id: id, reason: "the response has neither \"batches\" (an array) nor \"error\"")
        }
        let plan = plans[id]
        var known: [String: Int] = [:]
        for item in plan.old { known[ConformanceKit.label(item)] = item }
        for item in plan.new { known[ConformanceKit.label(item)] = item }
        let resolve: (String) -> Int? = { known[$0] }
        var batches: [UpdateBatch<Int, ExternalCall<Inner.Call>>] = []
        for (number, batch) in batchList.enumerated() {
            let place = "batch \(number + 1)"
            guard case .array(let itemList) = batch["items"] else {
                return .refused(id: id, reason: "\(place): \"items\" must be an array of item IDs")
            }
            var items: [Int] = []
            items.reserveCapacity(itemList.count)
            for item in itemList {
                guard case .string(let name) = item, let resolved = resolve(name) else {
                    return .refused(
                        id: id, reason: "\(place): \"items\" holds \(describe(item)), which is not an item of the case")
                }
                items.append(resolved)
            }
            guard case .array(let callList) = batch["calls"] else {
                return .refused(id: id, reason: "\(place): \"calls\" must be an array of calls")
            }
            var calls: [ExternalCall<Inner.Call>] = []
            calls.reserveCapacity(callList.count)
            for (index, call) in callList.enumerated() {
                let where_ = "\(place), call \(index + 1)"
                guard case .string(let method) = call["method"] else {
                    return .refused(id: id, reason: "\(where_): \"method\" must be a string")
                }
                var arguments: [CallArgument] = []
                if let args = call["args"] {
                    guard case .object(let members) = args else {
                        return .refused(id: id, reason: "\(where_): \"args\" must be an object")
                    }
                    for member in members {
                        guard let value = callValue(member.value) else {
                            return .refused(
                                id: id, reason: "\(where_): \"args.\(member.key)\" holds an object, which no call takes"
                            )
                        }
                        arguments.append(CallArgument(member.key, value))
                    }
                }
                do {
                    calls.append(
                        .call(try Inner.call(from: CallRecord(method: method, arguments: arguments), id: resolve)))
                } catch {
                    return .refused(id: id, reason: "\(where_): \(error)")
                }
            }
            batches.append(UpdateBatch(items: items, calls: calls))
        }
        return .answer(id: id, batches: batches)
    }

    /// A JSON value as a call argument (objects are not arguments).
    static func callValue(_ json: ProtocolJSON) -> CallValue? {
        switch json {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .integer(let number): return .integer(number)
        case .string(let text): return .text(text)
        case .array(let elements):
            var values: [CallValue] = []
            values.reserveCapacity(elements.count)
            for element in elements {
                guard let value = callValue(element) else { return nil }
                values.append(value)
            }
            return .list(values)
        case .object: return nil
        }
    }

    /// `"zz"` or `a number`, for messages.
    static func describe(_ json: ProtocolJSON) -> String {
        if case .string(let text) = json { return JSONText.quote(String(text.prefix(40))) }
        return json.kind
    }

    /// The start of a line, for messages.
    static func excerpt(_ line: [UInt8]) -> String {
        let text = String(decoding: line.prefix(120), as: UTF8.self)
        return JSONText.quote(text) + (line.count > 120 ? "…" : "")
    }
}
