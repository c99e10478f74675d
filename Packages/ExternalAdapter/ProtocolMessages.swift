import BatchUpdate
import UpdateCheckDiff
import UpdateCheckSupport

/// The messages of the adapter protocol, version 1 (docs/adapter-protocol.md):
/// the program's handshake, the kit's case requests and the program's
/// responses, flat and sectioned. A flat request is a sectioned one's items
/// in one unnamed section: the same `deleted`, `inserted` and `kept` lists
/// with index paths in section 0 (``RequestWriter/itemFates(deleted:inserted:kept:)``),
/// without the sections' own lists.
@usableFromInline
enum ProtocolMessages {
    /// The protocol version this build speaks.
    static var version: Int { 1 }

    /// What a program declared in its handshake.
    struct Handshake: Sendable, Equatable {
        var name: String
        var summary: String
        var policy: AdapterPolicy
        /// Whether it reads `{"type":"cases"}` lines and answers each with one `{"answers":[…]}` line.
        var batches: Bool
        /// Whether it asked for plans as positions (`"plan": "positions"`):
        /// each request's plan is the old position of every new item and the
        /// new positions of moved and changed items, instead of index paths.
        var planPositions: Bool = false
    }

    /// A handshake problem: what is wrong, naming the field.
    struct HandshakeError: Error {
        var message: String
    }

    /// One batch of a program's answer, its names not yet resolved: the
    /// items (or, from a sectioned program, the sections) the data source
    /// holds and the calls as records.
    @usableFromInline
    struct RawBatch: Sendable, Equatable {
        /// The item names of `items` (empty from a sectioned program).
        @usableFromInline var items: [String]
        /// The calls, with item names as text arguments.
        @usableFromInline var calls: [CallRecord]
        /// The sections of `items` from a sectioned program, in order.
        @usableFromInline var sections: [RawSection] = []
    }

    /// One section of a sectioned program's batch: its name and its items' names.
    @usableFromInline
    struct RawSection: Sendable, Equatable {
        /// The section's name.
        @usableFromInline var name: String
        /// Its items' names, top to bottom.
        @usableFromInline var items: [String]
    }

    /// What one response gave.
    enum Response {
        /// The batches for case `id`, names not yet resolved.
        case answer(id: Int, batches: [RawBatch])
        /// Case `id` is failed: the program reported an error, or its answer is malformed.
        case refused(id: Int, reason: String)
        /// The line is not a response to any waiting case.
        case garbage(String)
    }

    /// A case's answer that does not fit the case: the reason.
    @usableFromInline
    struct Refusal: Error {
        @usableFromInline var reason: String
    }

    /// The most values a handshake line may hold: its members, the policy's,
    /// and room for a team's own.
    static let handshakeValues = 1_024

    /// Checks the handshake line:
    /// `{"protocol": 1, "name": …, "model": …, "policy": {…}, "summary": …, "batch": true, "plan": "positions"}`
    /// (`summary`, `batch` and `plan` optional).
    static func handshake(_ line: [UInt8], modelName: String) throws(HandshakeError) -> Handshake {
        let json: ProtocolJSON
        do {
            json = try ProtocolJSON.parse(line, maxValues: handshakeValues)
        } catch  where error.pastValueBound {
            throw HandshakeError(
                message: "its first line holds more than \(handshakeValues) values, more than a handshake may "
                    + "(column \(error.column)): \(MessageText.excerpt(line))")
        } catch {
            throw HandshakeError(
                message:
                    "its first line is not JSON (column \(error.column): \(error.message)): \(MessageText.excerpt(line))"
            )
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
        // Names and summaries are printed as they are: a line break would
        // let a program print lines of its own under the report's.
        guard !MessageText.hasControl(name) else {
            throw HandshakeError(message: "\"name\" must hold no control character (a line break, ESC, …).")
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
            guard case .string(let text) = value, !MessageText.hasControl(text) else {
                throw HandshakeError(
                    message: "\"summary\" must be a string of one paragraph, with no control character.")
            }
            summary = text
        }
        var batches = false
        if let value = json["batch"] {
            guard case .bool(let flag) = value else {
                throw HandshakeError(message: "\"batch\" must be true or false.")
            }
            batches = flag
        }
        var planPositions = false
        if let value = json["plan"] {
            guard case .string(let text) = value, text == "paths" || text == "positions" else {
                throw HandshakeError(message: "\"plan\" must be \"paths\" or \"positions\".")
            }
            planPositions = text == "positions"
        }
        return Handshake(
            name: name, summary: summary, policy: policy, batches: batches, planPositions: planPositions)
    }

    /// The request line for case `id`: the snapshots, the changed IDs and the
    /// plan, IDs named as the kit names them (`a`, `b`, …).
    ///
    /// The plan lists every item's fate with index paths, or, with
    /// `positions` (a program that asked for `"plan": "positions"`), is
    /// `{"sources": […], "moved": […], "changed": […]}`: for each new
    /// position the old position of its item (-1 when inserted), then the new
    /// positions of the moved and of the changed items, ascending — about a
    /// quarter of the bytes for large lists.
    ///
    /// - Complexity: O(*n*) for *n* items.
    static func request(id: Int, plan: UpdatePlan<Int>, positions: Bool = false) -> [UInt8] {
        var line = RequestWriter(
            capacity: 64 + 8 * (plan.old.count + plan.new.count) + (positions ? 12 : 56) * plan.new.count)
        line.text(#"{"type":"case","id":"#)
        line.number(id)
        line.text(#","old":"#)
        line.names(plan.old)
        line.text(#","new":"#)
        line.names(plan.new)
        line.text(#","changed":"#)
        line.names(plan.new.indices.lazy.filter { plan.isChanged(new: $0) }.map { plan.new[$0] })
        if positions {
            line.text(#","plan":{"sources":"#)
            line.numbers(plan.new.indices.lazy.map { plan.oldIndex(ofNew: $0) ?? -1 })
            line.text(#","moved":"#)
            line.numbers(plan.new.indices.lazy.filter { plan.isMoved(new: $0) })
            line.text(#","changed":"#)
            line.numbers(plan.new.indices.lazy.filter { plan.isChanged(new: $0) })
            line.text("}}\n")
            return line.bytes
        }
        line.text(#","plan":{"#)
        line.itemFates(
            deleted: plan.old.indices.lazy.filter { plan.newIndex(ofOld: $0) == nil }.map { (plan.old[$0], (0, $0)) },
            inserted: plan.new.indices.lazy.filter { plan.oldIndex(ofNew: $0) == nil }.map { (plan.new[$0], (0, $0)) },
            kept: plan.new.indices.lazy.compactMap { index in
                plan.oldIndex(ofNew: index).map {
                    (
                        plan.new[index], (0, $0), (0, index), moved: plan.isMoved(new: index),
                        changed: plan.isChanged(new: index)
                    )
                }
            })
        line.text("}}\n")
        return line.bytes
    }

    /// The line of several requests, for a program that declared `"batch": true`:
    /// `{"type":"cases","cases":[…]}`, each element a request as ``request(id:plan:)`` writes it.
    static func casesLine(_ requests: some Sequence<[UInt8]>) -> [UInt8] {
        var line = Array(#"{"type":"cases","cases":["#.utf8)
        var first = true
        for request in requests {
            if !first { line.append(UInt8(ascii: ",")) }
            first = false
            line += request.last == 0x0A ? request.dropLast() : request[...]
        }
        line += Array("]}\n".utf8)
        return line
    }

    /// Reads one line of the program's output: one response, or, from a
    /// batching program, `{"answers": […]}` holding several. A line is
    /// taken whole or not at all: one that answers a case twice, or a case
    /// that is not waiting (answered already, or never sent), is
    /// ``Response/garbage(_:)`` alone, none of its answers taken, as a line
    /// of one case is; an empty `answers` list is garbage too, so the result
    /// is never empty. A `sectioned` program's `items` are sections,
    /// `{"section": …, "items": […]}`.
    ///
    /// `sizes[i]`, when given, is the size *m* of case *i* (see
    /// ``batchLimit(size:)``): each answer is held to its case's bounds, and
    /// the line to the values its waiting cases' answers may hold together
    /// (``valueLimit(size:)``), refused before more of it is read into a tree.
    static func responses(_ line: [UInt8], waiting: Set<Int>, sizes: [Int]? = nil, sectioned: Bool = false)
        -> [Response]
    {
        let json: ProtocolJSON
        do {
            var maxValues = sizes == nil ? Int.max : 16
            if let sizes {
                for id in waiting where sizes.indices.contains(id) {
                    maxValues = saturating(maxValues, plus: valueLimit(size: sizes[id]))
                }
            }
            json = try ProtocolJSON.parse(line, maxValues: maxValues)
        } catch  where error.pastValueBound {
            return [
                .garbage(
                    "it printed a line of \(error.message) (column "
                        + "\(error.column)), more than the answers of the \(waiting.count) cases it was sent may "
                        + "hold together (docs/adapter-protocol.md, Bounds)")
            ]
        } catch {
            return [
                .garbage(
                    "it printed a line that is not JSON (column \(error.column): \(error.message)): \(MessageText.excerpt(line))"
                )
            ]
        }
        guard case .array(let answers) = json["answers"] else {
            return [response(json, line: line, waiting: waiting, sizes: sizes, sectioned: sectioned)]
        }
        guard !answers.isEmpty else {
            // A line answers at least one case, or its cases would wait out the timeout for nothing.
            return [.garbage("it printed an \"answers\" list that answers no case: \(MessageText.excerpt(line))")]
        }
        var results: [Response] = []
        results.reserveCapacity(answers.count)
        var answered = Set<Int>()
        for answer in answers {
            let result = response(answer, line: line, waiting: waiting, sizes: sizes, sectioned: sectioned)
            switch result {
            case .answer(let id, _), .refused(let id, _):
                // Two answers to one case contradict each other or repeat: neither is taken, nor any of the line.
                guard answered.insert(id).inserted else {
                    return [.garbage("it answered the case \(id) twice in one line: \(MessageText.excerpt(line))")]
                }
            case .garbage: return [result]
            }
            results.append(result)
        }
        return results
    }

    /// The size *m* of a case for the bounds of its answer: the items of
    /// its old and new snapshots together (with a sectioned case's sections).
    /// An answer may hold at most ``batchLimit(size:)`` batches and
    /// ``callLimit(size:)`` calls in all; no correct adapter needs as many.
    static func batchLimit(size: Int) -> Int { saturating(saturating(size, plus: size), plus: 8) }

    /// The most calls an answer to a case of size *m* may hold in all its
    /// batches together: 4*m* + 16.
    static func callLimit(size: Int) -> Int { saturating(saturating(size, times: 4), plus: 16) }

    /// The most JSON values an answer to a case of size *m* may take:
    /// ``batchLimit(size:)`` batches of 3*m* + 4 values (the items, or the
    /// sections and their items) and ``callLimit(size:)`` calls of 10.
    static func valueLimit(size: Int) -> Int {
        saturating(
            saturating(batchLimit(size: size), times: saturating(saturating(size, times: 3), plus: 4)),
            plus: saturating(callLimit(size: size), times: 10))
    }

    /// `a + b`, or `Int.max` past it.
    static func saturating(_ a: Int, plus b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? .max : sum
    }

    /// `a × b`, or `Int.max` past it.
    static func saturating(_ a: Int, times b: Int) -> Int {
        let (product, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? .max : product
    }

    /// Reads one response object against the waiting cases; a `sectioned`
    /// program's `items` are sections. With `sizes`, an answer past its
    /// case's ``batchLimit(size:)`` or ``callLimit(size:)`` is refused.
    static func response(
        _ json: ProtocolJSON, line: [UInt8], waiting: Set<Int>, sizes: [Int]? = nil, sectioned: Bool = false
    ) -> Response {
        guard case .integer(let id) = json["id"] else {
            return .garbage(
                "it printed a line that answers no waiting case (\"id\" must be a waiting case's number): \(MessageText.excerpt(line))"
            )
        }
        guard waiting.contains(id) else {
            return .garbage(
                "it printed a line that answers the case \(id), which is not waiting (answered already, or never "
                    + "sent): \(MessageText.excerpt(line))")
        }
        if let error = json["error"] {
            guard case .string(let message) = error else {
                return .refused(id: id, reason: "\"error\" must be a string")
            }
            return .refused(id: id, reason: "it reported an error: \(MessageText.shortened(message))")
        }
        guard case .array(let batchList) = json["batches"] else {
            return .refused(id: id, reason: "the response has neither \"batches\" (an array) nor \"error\"")
        }
        if let size = sizes.flatMap({ $0.indices.contains(id) ? $0[id] : nil }) {
            let calls = batchList.reduce(0) { total, batch in
                guard case .array(let list) = batch["calls"] else { return total }
                return total + list.count
            }
            let bound =
                batchList.count > batchLimit(size: size)
                ? "\(batchList.count) batches, more than the \(batchLimit(size: size))"
                : calls > callLimit(size: size) ? "\(calls) calls, more than the \(callLimit(size: size))" : nil
            if let bound {
                return .refused(
                    id: id,
                    reason: "the answer holds \(bound) a case of \(size) items and sections may need "
                        + "(docs/adapter-protocol.md, Bounds)")
            }
        }
        var batches: [RawBatch] = []
        batches.reserveCapacity(batchList.count)
        for (number, batch) in batchList.enumerated() {
            let place = "batch \(number + 1)"
            guard case .array(let itemList) = batch["items"] else {
                let what = sectioned ? "sections ({\"section\": …, \"items\": […]})" : "item IDs"
                return .refused(id: id, reason: "\(place): \"items\" must be an array of \(what)")
            }
            var items: [String] = []
            var sections: [RawSection] = []
            if sectioned {
                sections.reserveCapacity(itemList.count)
                for (offset, section) in itemList.enumerated() {
                    let inSection = "\(place): \"items\"[\(offset)]"
                    guard case .string(let name) = section["section"], case .array(let list) = section["items"] else {
                        return .refused(
                            id: id,
                            reason: "\(inSection) must be a section, {\"section\": \"S\", \"items\": [\"a\", …]}")
                    }
                    guard let names = strings(list) else {
                        return .refused(id: id, reason: "\(inSection).items must be an array of item IDs")
                    }
                    sections.append(RawSection(name: name, items: names))
                }
            } else {
                items.reserveCapacity(itemList.count)
                for item in itemList {
                    guard case .string(let name) = item else {
                        return .refused(
                            id: id,
                            reason: "\(place): \"items\" holds \(describe(item)), which is not an item of the case")
                    }
                    items.append(name)
                }
            }
            guard case .array(let callList) = batch["calls"] else {
                return .refused(id: id, reason: "\(place): \"calls\" must be an array of calls")
            }
            var calls: [CallRecord] = []
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
                calls.append(CallRecord(method: method, arguments: arguments))
            }
            batches.append(RawBatch(items: items, calls: calls, sections: sections))
        }
        return .answer(id: id, batches: batches)
    }

    /// The batches of a response on the model `Inner`, item names resolved
    /// by `resolve` in `items` and by `callNames` in calls (the same
    /// function, or one that notes whether any call names an item).
    ///
    /// - Throws: ``Refusal`` naming the batch and call that name an item
    ///   not in the case or that the model does not take.
    @usableFromInline
    static func resolve<Inner: ReplayableModel>(
        _ raw: [RawBatch], model: Inner.Type, names resolve: (String) -> Int?, callNames: (String) -> Int?
    ) throws(Refusal) -> [UpdateBatch<[Int], ExternalCall<Inner.Call>>]
    where Inner.ItemID == Int, Inner.Snapshot == [Int] {
        var batches: [UpdateBatch<[Int], ExternalCall<Inner.Call>>] = []
        batches.reserveCapacity(raw.count)
        for (number, batch) in raw.enumerated() {
            let place = "batch \(number + 1)"
            let items = try ids(batch.items, in: "\(place): \"items\"", resolve)
            let calls = try Self.calls(of: batch, place: place) { record throws(BatchUpdateError) in
                try Inner.call(from: record, section: { _ in nil }, item: callNames)
            }
            batches.append(UpdateBatch(dataSource: items, calls: calls))
        }
        return batches
    }

    /// The calls of `batch` (``place`` names it) as `call` reads each record.
    ///
    /// - Throws: ``Refusal`` naming the batch and call that `call` does not take.
    static func calls<Call: ToolkitCall>(
        of batch: RawBatch, place: String, _ call: (CallRecord) throws(BatchUpdateError) -> Call
    ) throws(Refusal) -> [ExternalCall<Call>] {
        var calls: [ExternalCall<Call>] = []
        calls.reserveCapacity(batch.calls.count)
        for (index, record) in batch.calls.enumerated() {
            do throws(BatchUpdateError) {
                calls.append(.call(try call(record)))
            } catch {
                throw Refusal(reason: "\(place), call \(index + 1): \(error)")
            }
        }
        return calls
    }

    /// The body of a sectioned request — everything after its `"id"` — for
    /// `plan` with its IDs named by `names`: the snapshots as sections,
    /// the changed items and sections, and the plan with section offsets and
    /// index paths (docs/adapter-protocol.md, "Sectioned lists"). Equal
    /// bodies are equal questions.
    ///
    /// - Complexity: O(*n*) expected, for *n* sections and items.
    static func sectionedBody<SectionID, ItemID>(
        _ plan: SectionedUpdatePlan<SectionID, ItemID>, names: SectionedCase<SectionID, ItemID>
    ) -> [UInt8] {
        let diff = plan.diff
        var line = RequestWriter(capacity: 160 + 96 * (plan.old.itemCount + plan.new.itemCount))
        func snapshot(_ snapshot: SectionedSnapshot<SectionID, ItemID>) {
            line.sections(
                snapshot.sections, section: { names.sectionNumbers[$0.id]! },
                items: { $0.items.lazy.map { names.itemNumbers[$0]! } })
        }
        line.text(#","old":"#)
        snapshot(plan.old)
        line.text(#","new":"#)
        snapshot(plan.new)
        line.text(#","changed":"#)
        line.names(
            plan.new.sections.lazy.flatMap(\.items).filter { plan.changedItems.contains($0) }.map {
                names.itemNumbers[$0]!
            })
        line.text(#","changedSections":"#)
        line.array(plan.new.sectionIDs.filter { plan.changedSections.contains($0) }) { line, section in
            line.sectionName(names.sectionNumbers[section]!)
        }
        /// Appends `[{"section":…,<place>offset},…]`.
        func placedSections(_ sections: [(id: SectionID, offset: Int)], _ place: StaticString) {
            line.array(sections) { line, section in
                line.text(#"{"section":"#)
                line.sectionName(names.sectionNumbers[section.id]!)
                line.text(place)
                line.number(section.offset)
                line.byte("}")
            }
        }
        line.text(#","plan":{"deletedSections":"#)
        placedSections(diff.sections.deletions.map { ($0.id, $0.offset) }, #","from":"#)
        line.text(#","insertedSections":"#)
        placedSections(diff.sections.insertions.map { ($0.id, $0.offset) }, #","at":"#)
        var oldSectionOffsets: [SectionID: Int] = [:]
        var oldPaths: [ItemID: (section: Int, item: Int)] = [:]
        for (sectionOffset, section) in plan.old.sections.enumerated() {
            oldSectionOffsets[section.id] = sectionOffset
            for (itemOffset, item) in section.items.enumerated() { oldPaths[item] = (sectionOffset, itemOffset) }
        }
        let movedSections = Set(diff.sections.moves.map(\.to))
        line.text(#","keptSections":"#)
        line.array(plan.new.sections.indices.lazy.filter { oldSectionOffsets[plan.new.sections[$0].id] != nil }) {
            line, offset in
            let id = plan.new.sections[offset].id
            line.text(#"{"section":"#)
            line.sectionName(names.sectionNumbers[id]!)
            line.text(#","from":"#)
            line.number(oldSectionOffsets[id]!)
            line.text(#","to":"#)
            line.number(offset)
            line.flags(moved: movedSections.contains(offset), changed: plan.changedSections.contains(id))
        }
        let moved = Set(diff.itemMoves.map(\.id))
        let kept = plan.new.sections.enumerated().lazy.flatMap { sectionOffset, section in
            section.items.enumerated().lazy.compactMap { itemOffset, item in
                oldPaths[item].map { from in
                    (
                        names.itemNumbers[item]!, (from.section, from.item), (sectionOffset, itemOffset),
                        moved: moved.contains(item), changed: plan.changedItems.contains(item)
                    )
                }
            }
        }
        line.byte(",")
        line.itemFates(
            deleted: diff.itemDeletions.lazy.map {
                (names.itemNumbers[$0.id]!, ($0.position.section, $0.position.item))
            },
            inserted: diff.itemInsertions.lazy.map {
                (names.itemNumbers[$0.id]!, ($0.position.section, $0.position.item))
            },
            kept: kept)
        line.text("}}")
        return line.bytes
    }

    /// The request line for sectioned case `id` whose body ``sectionedBody(_:names:)`` wrote.
    static func sectionedRequest(id: Int, body: [UInt8]) -> [UInt8] {
        var line = RequestWriter(capacity: 32 + body.count)
        line.text(#"{"type":"case","id":"#)
        line.number(id)
        line.bytes += body
        line.byte("\n")
        return line.bytes
    }

    /// The batches of a sectioned response on the model `Inner`, section and
    /// item names resolved by `section` and `item`; `callsName` is set when
    /// a call names a section or an item.
    ///
    /// - Throws: ``Refusal`` naming the batch and the section, item or call
    ///   that is not in the case or that the model does not take.
    static func resolve<Inner: ReplayableModel>(
        _ raw: [RawBatch], model: Inner.Type, section sectionID: (String) -> Inner.SectionID?,
        item itemID: (String) -> Inner.ItemID?,
        callsName: inout Bool
    ) throws(Refusal) -> [UpdateBatch<SectionedSnapshot<Inner.SectionID, Inner.ItemID>, ExternalCall<Inner.Call>>]
    where Inner.Snapshot == SectionedSnapshot<Inner.SectionID, Inner.ItemID> {
        var batches: [UpdateBatch<SectionedSnapshot<Inner.SectionID, Inner.ItemID>, ExternalCall<Inner.Call>>] = []
        batches.reserveCapacity(raw.count)
        for (number, batch) in raw.enumerated() {
            let place = "batch \(number + 1)"
            var sections: [SectionedSnapshot<Inner.SectionID, Inner.ItemID>.Section] = []
            sections.reserveCapacity(batch.sections.count)
            for (offset, section) in batch.sections.enumerated() {
                guard let id = sectionID(section.name) else {
                    throw Refusal(
                        reason: "\(place): \"items\"[\(offset)] is the section \(describe(.string(section.name))), "
                            + "which is not a section of the case")
                }
                let items = try ids(section.items, in: "\(place): \"items\"[\(offset)].items", itemID)
                sections.append(.init(id: id, items: items))
            }
            let calls = try Self.calls(of: batch, place: place) { record throws(BatchUpdateError) in
                try Inner.call(
                    from: record,
                    section: {
                        callsName = true
                        return sectionID($0)
                    },
                    item: {
                        callsName = true
                        return itemID($0)
                    })
            }
            batches.append(UpdateBatch(dataSource: SectionedSnapshot(sections), calls: calls))
        }
        return batches
    }

    /// Why an answer's batches say the data source holds what it cannot
    /// hold after them, or `nil`: for a model that shows the snapshot its
    /// calls apply (``ReplayableModel/showsAppliedSnapshot``, a diffable data
    /// source), replays `batches` on `Inner`, from `old`, and compares each
    /// batch's data source (its `items`) with what the model shows once the
    /// batch is performed; for any other model, `nil` at once.
    ///
    /// Such a model never looks at `items`: a batch that declares another
    /// list — the old one, none, an item or a section twice — is found
    /// here. The replay stops quietly at a batch the model rejects or a
    /// failed call: the kit reports those with their own message.
    ///
    /// - Parameters:
    ///   - written: the JSON of a snapshot as the program names it, for the message.
    /// - Returns: the first batch whose `items` differ, with both lists.
    /// - Complexity: one replay of the answer on the model.
    static func dataSourceProblem<Plan: ListPlan, Inner: ReplayableModel>(
        _ batches: [UpdateBatch<Plan.Snapshot, ExternalCall<Inner.Call>>], from old: Plan.Snapshot,
        plan: Plan.Type, model: Inner.Type, written: (Plan.Snapshot) -> [UInt8]
    ) -> String? where Inner.Snapshot == Plan.Snapshot, Inner.Displayed == Plan.Displayed {
        guard Inner.showsAppliedSnapshot else { return nil }
        var model = ExternalModel<Inner>(showing: old)
        for (number, batch) in batches.enumerated() {
            do {
                try model.perform(batch)
            } catch {
                return nil
            }
            guard Plan.shows(model.displayed, exactly: batch.dataSource) else {
                return "batch \(number + 1): \"items\" is \(MessageText.excerpt(written(batch.dataSource))), but the "
                    + "data source holds \(MessageText.excerpt(written(Plan.snapshot(of: model.displayed)))) after "
                    + "the batch"
            }
        }
        return nil
    }

    /// The IDs `id` reads `names` as, in order.
    ///
    /// - Throws: ``Refusal`` naming the list (`place`, built only then) and
    ///   the first name that is no item of the case.
    static func ids<ID>(
        _ names: [String], in place: @autoclosure () -> String, _ id: (String) -> ID?
    ) throws(Refusal) -> [ID] {
        var ids: [ID] = []
        ids.reserveCapacity(names.count)
        for name in names {
            guard let resolved = id(name) else {
                throw Refusal(reason: "\(place()) holds \(describe(.string(name))), which is not an item of the case")
            }
            ids.append(resolved)
        }
        return ids
    }

    /// The items of a plan by the kit's names (`a` … `z`, `x26`, …): a name
    /// a program used is read back into an ID, which must be the plan's.
    struct ItemNames {
        /// Whether the plan holds each ID in `0 ..< held.count`.
        var held: [Bool]
        /// The plan's IDs outside that range.
        var others: Set<Int> = []

        /// The names of `plan`'s items, old and new.
        ///
        /// - Complexity: O(*n*) for *n* items, without hashing for the kit's own IDs.
        init(_ plan: UpdatePlan<Int>) {
            held = [Bool](repeating: false, count: 2 * (plan.old.count + plan.new.count) + 26)
            for id in plan.old { hold(id) }
            for id in plan.new { hold(id) }
        }

        /// The ID whose ``ConformanceKit/label(_:)`` is `name`, or `nil`
        /// when `name` is no ID's label (`x5`, `x026`, `aa`).
        static func kitID(named name: String) -> Int? {
            let utf8 = name.utf8
            guard let first = utf8.first else { return nil }
            if utf8.count == 1 {
                return first >= UInt8(ascii: "a") && first <= UInt8(ascii: "z") ? Int(first - UInt8(ascii: "a")) : nil
            }
            guard first == UInt8(ascii: "x"), let id = Int(name.dropFirst()), id < 0 || id >= 26 else { return nil }
            return ConformanceKit.label(id) == name ? id : nil
        }

        /// Marks `id` as held.
        mutating func hold(_ id: Int) {
            if id >= 0, id < held.count { held[id] = true } else { others.insert(id) }
        }

        /// The plan's ID named `name`, or `nil` when no item of the plan has that name.
        func id(named name: String) -> Int? {
            guard let id = Self.kitID(named: name) else { return nil }
            return id >= 0 && id < held.count ? (held[id] ? id : nil) : (others.contains(id) ? id : nil)
        }
    }

    /// The strings of a JSON array, or `nil` when one element is not a string.
    static func strings(_ list: [ProtocolJSON]) -> [String]? {
        var names: [String] = []
        names.reserveCapacity(list.count)
        for element in list {
            guard case .string(let name) = element else { return nil }
            names.append(name)
        }
        return names
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

}
