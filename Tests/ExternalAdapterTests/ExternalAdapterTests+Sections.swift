import BatchUpdate
import Foundation
import Testing
import UpdateCheckDiff
import UpdateCheckDiffable
import UpdateCheckSupport
import UpdateCheckUIKit

@testable import ExternalAdapter

/// Sectioned adapter programs: the example and small programs through the
/// sectioned protocol and the sectioned kit.
extension ExternalAdapterTests {
    typealias UIKitSections = UIKitSectionedModel<ExhaustiveSectionID, ExhaustiveID>

    @Test func theSectionedExamplePassesTheSectionedKit() throws {
        let adapter = try ExternalAdapter(
            command: "python3 '\(Self.examples)/sectioned_collection.py'", model: UIKitSections.self,
            modelName: "uikit-sections")
        defer { adapter.stop() }
        #expect(adapter.name == "python-sectioned-collection" && adapter.batches)
        #expect(adapter.policy == AdapterPolicy(movedAndChanged: .moveThenRefresh, refresh: .reconfigure))
        let report = ConformanceKit.check(adapter, options: ConformanceOptions(sections: 2, sectionedIDs: 3))
        #expect(report.passed, "\(report.failures)")
        #expect(report.casesChecked == 48_633 && report.groups.count == 131)
        // Each distinct case once: far fewer requests than cases.
        #expect(adapter.requestsSent > 0 && adapter.requestsSent < report.casesChecked / 5)
    }

    @Test func theSectionedExampleInOneBatchFailsOnItsSmallestCase() throws {
        let adapter = try ExternalAdapter(
            command: "python3 '\(Self.examples)/sectioned_collection.py' --one-batch", model: UIKitSections.self,
            modelName: "uikit-sections")
        defer { adapter.stop() }
        let report = ConformanceKit.check(adapter, options: ConformanceOptions(sections: 2, sectionedIDs: 2))
        let failure = try #require(report.failures.first { $0.kind == "toolkit.sections.moveIntoInsertedSection" })
        #expect(failure.pair == "[S: a] -> [S: | T: a] (changed: none)")
        #expect(
            failure.problem.description
                == "batch 1: attempt to move index path ({length = 2, path = 0 - 0}) to index path ({length = 2, "
                + "path = 1 - 0}): cannot move an item into a newly inserted section (1)")
        #expect(failure.calls == [["insertSections(sections: [1])", "moveItem(at: [0, 0], to: [1, 0])"]])
        #expect(failure.sections?.shown == ["[S: | T: a]"])
    }

    /// A program every case of which is sent as it is: the names it sees are the kit's own.
    @Test func everyCaseSendsTheKitsOwnNames() throws {
        let command = try program(
            """
            import json
            from sectioned_collection import batches
            print(json.dumps({"protocol": 1, "name": "py-sections", "model": "uikit-sections",
                              "policy": {"movedAndChanged": "move-then-refresh", "refresh": "reconfigure"}}), flush=True)
            for line in sys.stdin:
                case = json.loads(line)
                if any(s["section"] == "T" and s["items"] == ["b"] for s in case["new"]):
                    print(json.dumps({"id": case["id"], "error": "no T with b"}), flush=True)
                    continue
                print(json.dumps({"id": case["id"], "batches": batches(case)}), flush=True)
            """)
        for everyCase in [false, true] {
            let adapter = try ExternalAdapter(
                command: command, model: UIKitSections.self, modelName: "uikit-sections", sendsEveryCase: everyCase)
            defer { adapter.stop() }
            let report = ConformanceKit.check(adapter, options: ConformanceOptions(sections: 2, sectionedIDs: 2))
            let failures = report.groups.flatMap(\.failures)
            #expect(
                !failures.isEmpty
                    && failures.allSatisfy { $0.problem.description.contains("it reported an error: no T with b") })
            // Sent as it is, a failing case shows T holding b. Renamed, other cases fail too:
            // `[S: b] -> [T: a | S: b]` is asked as `[S: a] -> [T: b | S: a]`.
            let named = failures.filter { failure in
                let new = failure.sections.map { "\($0.new)" } ?? ""
                return new.contains("T: b]") || new.contains("T: b |")
            }
            if everyCase {
                #expect(named.count == failures.count, "\(failures.map(\.pair))")
            } else {
                #expect(named.count < failures.count, "\(failures.map(\.pair))")
            }
        }
    }

    @Test func aDiffableSectionsProgramIsReplayedByIdentifier() throws {
        let command = try program(
            """
            import json
            print(json.dumps({"protocol": 1, "name": "py-diffable-sections", "model": "diffable-sections",
                              "batch": True,
                              "policy": {"movedAndChanged": "move-then-refresh", "refresh": "reconfigure"}}), flush=True)
            def apply(case):
                new, changed, reloaded = case["new"], set(case["changed"]), case["changedSections"]
                calls = [{"method": "deleteAllItems"}]
                if new:
                    calls.append({"method": "appendSections", "args": {"sections": [s["section"] for s in new]}})
                calls += [{"method": "appendItems", "args": {"items": s["items"], "toSection": s["section"]}}
                          for s in new if s["items"]]
                if reloaded:
                    calls.append({"method": "reloadSections", "args": {"sections": reloaded}})
                items = [i for s in new if s["section"] not in reloaded for i in s["items"] if i in changed]
                if items:
                    calls.append({"method": "reconfigureItems", "args": {"items": items}})
                return [{"items": new, "calls": calls}] if case["old"] != new or changed or reloaded else []
            for line in sys.stdin:
                cases = json.loads(line)["cases"]
                print(json.dumps({"answers": [{"id": c["id"], "batches": apply(c)} for c in cases]}), flush=True)
            """)
        let adapter = try ExternalAdapter(
            command: command, model: DiffableSectionedModel<ExhaustiveSectionID, ExhaustiveID>.self,
            modelName: "diffable-sections")
        defer { adapter.stop() }
        let report = ConformanceKit.check(adapter, options: ConformanceOptions(sections: 2, sectionedIDs: 3))
        #expect(report.passed, "\(report.failures)")
        #expect(report.casesChecked == 48_633)
    }

    /// A sectioned diffable data source holds what its edits leave: a batch
    /// whose `items` say otherwise (the old sections, a section or an item
    /// twice) fails its case, naming both as the program was asked them.
    @Test(arguments: [
        ("old", #"'[]', but the data source holds '[{"section":"S","items":[]}]'"#),
        (
            "section-twice",
            #"'[{"section":"S","items":[]},{"section":"S","items":[]}]', but the data source holds '[{"section":"S","items":[]}]'"#
        ),
        (
            "item-twice",
            #"'[{"section":"S","items":["a","a"]}]', but the data source holds '[{"section":"S","items":["a"]}]'"#
        ),
    ])
    func aDiffableSectionsProgramMustDeclareWhatItsDataSourceHolds(items: String, problem: String) throws {
        let command = try program(
            """
            import json
            print(json.dumps({"protocol": 1, "name": "py-diffable-sections", "model": "diffable-sections",
                              "policy": {"movedAndChanged": "move-then-refresh", "refresh": "reconfigure"}}), flush=True)
            for line in sys.stdin:
                case = json.loads(line)
                new = case["new"]
                calls = [{"method": "deleteAllItems"}]
                if new:
                    calls.append({"method": "appendSections", "args": {"sections": [s["section"] for s in new]}})
                calls += [{"method": "appendItems", "args": {"items": s["items"], "toSection": s["section"]}}
                          for s in new if s["items"]]
                items = {"old": case["old"], "section-twice": new + new[:1],
                         "item-twice": [dict(s, items=s["items"] * 2) for s in new]}["\(items)"]
                print(json.dumps({"id": case["id"], "batches": [{"items": items, "calls": calls}]}), flush=True)
            """)
        let adapter = try ExternalAdapter(
            command: command, model: DiffableSectionedModel<ExhaustiveSectionID, ExhaustiveID>.self,
            modelName: "diffable-sections")
        defer { adapter.stop() }
        let s = ExhaustiveSectionID(0)
        let a = ExhaustiveID(0)
        let new: SectionedSnapshot<ExhaustiveSectionID, ExhaustiveID> =
            items == "item-twice" ? [.init(id: s, items: [a])] : [.init(id: s, items: [])]
        let plan = try SectionedUpdatePlan(old: [], new: new)
        let failure = try #require(ConformanceKit.problem(of: adapter, plan: plan))
        #expect(
            failure.problem.description
                == "batch 1: the adapter program failed: batch 1: \"items\" is " + problem + " after the batch")
    }

    @Test func badSectionedAnswersFailTheirCasesWithTheReason() throws {
        let command = try program(
            """
            import json
            print(json.dumps({"protocol": 1, "name": "py-bad", "model": "uikit-sections",
                              "policy": {"movedAndChanged": "move-then-refresh", "refresh": "reconfigure"}}), flush=True)
            for line in sys.stdin:
                case = json.loads(line)
                kind = len(case["new"])
                if kind == 0:
                    batch = {"items": [], "calls": [{"method": "deleteSection", "args": {"sections": [0]}}]}
                elif kind == 1:
                    batch = {"items": [s["items"] for s in case["new"]], "calls": []}
                else:
                    batch = {"items": [{"section": "Q", "items": []}], "calls": []}
                print(json.dumps({"id": case["id"], "batches": [batch]}), flush=True)
            """)
        let adapter = try ExternalAdapter(
            command: command, model: UIKitSections.self, modelName: "uikit-sections")
        defer { adapter.stop() }
        func message(
            _ old: SectionedSnapshot<ExhaustiveSectionID, ExhaustiveID>,
            _ new: SectionedSnapshot<ExhaustiveSectionID, ExhaustiveID>
        ) throws -> String {
            let plan = try SectionedUpdatePlan(old: old, new: new)
            return try #require(ConformanceKit.problem(of: adapter, plan: plan)).problem.description
        }
        let s = ExhaustiveSectionID(0)
        let t = ExhaustiveSectionID(1)
        let a = ExhaustiveID(0)
        #expect(
            try message([.init(id: s, items: [a])], [])
                == "batch 1: the adapter program failed: batch 1, call 1: The call \"deleteSection\" cannot be "
                + "replayed: the model has no such call; it takes deleteSections(sections: [Int]), "
                + "insertSections(sections: [Int]), reloadSections(sections: [Int]), moveSection(at: Int, to: Int), "
                + "deleteItems(at: [IndexPath]), insertItems(at: [IndexPath]), reloadItems(at: [IndexPath]), "
                + "reconfigureItems(at: [IndexPath]), moveItem(at: IndexPath, to: IndexPath).")
        #expect(
            try message([], [.init(id: s, items: [a])])
                == "batch 1: the adapter program failed: batch 1: \"items\"[0] must be a section, "
                + "{\"section\": \"S\", \"items\": [\"a\", …]}")
        #expect(
            try message([], [.init(id: s, items: []), .init(id: t, items: [])])
                == "batch 1: the adapter program failed: batch 1: \"items\"[0] is the section \"Q\", which is not a "
                + "section of the case")
    }

    /// A batching sectioned program that exits on one case: that case fails alone, with its stderr,
    /// and the program is started again for the others.
    @Test func aCrashInASectionedBatchFailsOnlyItsCase() throws {
        let command = try program(
            """
            import json
            from sectioned_collection import batches
            print(json.dumps({"protocol": 1, "name": "py-crash", "model": "uikit-sections", "batch": True,
                              "policy": {"movedAndChanged": "move-then-refresh", "refresh": "reconfigure"}}), flush=True)
            for line in sys.stdin:
                answers = []
                for case in json.loads(line)["cases"]:
                    empty = [{"section": "S", "items": []}, {"section": "T", "items": []}]
                    if case["old"] == empty and case["new"] == empty[::-1]:
                        sys.stderr.write("empty swap unsupported\\n"); sys.exit(3)
                    answers.append({"id": case["id"], "batches": batches(case)})
                print(json.dumps({"answers": answers}), flush=True)
            """)
        let adapter = try ExternalAdapter(
            command: command, model: UIKitSections.self, modelName: "uikit-sections")
        defer { adapter.stop() }
        let report = ConformanceKit.check(adapter, options: ConformanceOptions(sections: 2, sectionedIDs: 1))
        let failures = report.groups.flatMap(\.failures)
        // Two empty sections swapped, with nothing or both sections changed: renamed, every such case
        // asks one of two requests.
        #expect(report.failureCount == 4, "\(failures.map(\.description))")
        #expect(
            Set(failures.compactMap { $0.sections.map { "\($0.old) -> \($0.new)" } })
                == ["[S: | T:] -> [T: | S:]", "[T: | S:] -> [S: | T:]"])
        #expect(
            failures.allSatisfy {
                $0.problem.description
                    == "batch 1: the adapter program failed: the program exited with status 3 before "
                    + "answering; its stderr: empty swap unsupported"
            }, "\(failures.map(\.description))")
    }

    @Test func aFlatProgramIsRefusedForASectionedModel() throws {
        #expect(throws: ExternalAdapterError.self) {
            try ExternalAdapter(
                command: "python3 '\(Self.examples)/recyclerview_callback.py'", model: UIKitSections.self,
                modelName: "uikit-sections")
        }
        do {
            _ = try ExternalAdapter(
                command: "python3 '\(Self.examples)/recyclerview_callback.py'", model: UIKitSections.self,
                modelName: "uikit-sections")
        } catch {
            #expect(
                error.description.contains(
                    "it targets the model \"recyclerview\", but was started for the model \"uikit-sections\"."))
        }
    }
}

/// The sectioned messages, byte for byte.
@Suite struct SectionedProtocolMessageTests {
    typealias Snapshot = SectionedSnapshot<ExhaustiveSectionID, ExhaustiveID>

    /// `[S: a b | T: c]`-style snapshots from letters: `"S:ab T:c"`.
    static func snapshot(_ text: String) -> Snapshot {
        Snapshot(
            text.split(separator: " ").map { part in
                let pieces = part.split(separator: ":", omittingEmptySubsequences: false)
                return .init(
                    id: ExhaustiveSectionID(pieces[0].utf8.first! - UInt8(ascii: "S")),
                    items: pieces[1].utf8.map { ExhaustiveID($0 - UInt8(ascii: "a")) })
            })
    }

    /// The worked example of docs/adapter-protocol.md: `[S: a b | T: c] -> [T: c b | U: d]`, `c` changed.
    static let workedPlan: SectionedUpdatePlan<ExhaustiveSectionID, ExhaustiveID> = try! SectionedUpdatePlan(
        old: snapshot("S:ab T:c"), new: snapshot("T:cb U:d"), changedItems: [ExhaustiveID(2)])

    static func request(_ plan: SectionedUpdatePlan<ExhaustiveSectionID, ExhaustiveID>, id: Int) -> String {
        let body = ProtocolMessages.sectionedBody(plan, names: SectionedCase(canonical: plan))
        return String(decoding: ProtocolMessages.sectionedRequest(id: id, body: body), as: UTF8.self)
    }

    @Test func requestsCarrySectionsAndTheSectionedPlan() throws {
        #expect(
            Self.request(Self.workedPlan, id: 3) == #"{"type":"case","id":3,"#
                + #""old":[{"section":"S","items":["a","b"]},{"section":"T","items":["c"]}],"#
                + #""new":[{"section":"T","items":["c","b"]},{"section":"U","items":["d"]}],"#
                + #""changed":["c"],"changedSections":[],"#
                + #""plan":{"deletedSections":[{"section":"S","from":0}],"insertedSections":[{"section":"U","at":1}],"#
                + #""keptSections":[{"section":"T","from":1,"to":0,"moved":false,"changed":false}],"#
                + #""deleted":[{"id":"a","from":[0,0]}],"inserted":[{"id":"d","at":[1,0]}],"#
                + #""kept":[{"id":"c","from":[1,0],"to":[0,0],"moved":false,"changed":true},"#
                + #"{"id":"b","from":[0,1],"to":[0,1],"moved":true,"changed":false}]}}"# + "\n")
        let moved = try SectionedUpdatePlan(
            old: Self.snapshot("S:a T:b"), new: Self.snapshot("T:b S:a"), changedSections: [ExhaustiveSectionID(0)])
        #expect(
            Self.request(moved, id: 0).contains(
                #""changedSections":["S"],"plan":{"deletedSections":[],"insertedSections":[],"keptSections":["#
                    + #"{"section":"T","from":1,"to":0,"moved":true,"changed":false},"#
                    + #"{"section":"S","from":0,"to":1,"moved":false,"changed":true}]"#))
    }

    @Test func casesEqualUpToRenamingWriteOneRequest() throws {
        // [U: e | T: c] -> [T: c d] is [S: a | T: b] -> [T: b c] renamed.
        let plan = try SectionedUpdatePlan(old: Self.snapshot("U:e T:c"), new: Self.snapshot("T:cd"))
        let names = SectionedCase(canonical: plan)
        let same = try SectionedUpdatePlan(old: Self.snapshot("S:a T:b"), new: Self.snapshot("T:bc"))
        #expect(
            ProtocolMessages.sectionedBody(plan, names: names)
                == ProtocolMessages.sectionedBody(same, names: SectionedCase(canonical: same)))
        #expect(
            names.section(named: "S") == ExhaustiveSectionID(2) && names.section(named: "T") == ExhaustiveSectionID(1))
        #expect(names.item(named: "a") == ExhaustiveID(4) && names.item(named: "c") == ExhaustiveID(3))
        #expect(names.section(named: "U") == nil && names.item(named: "d") == nil && names.item(named: "x26") == nil)
        let changed = try SectionedUpdatePlan(
            old: Self.snapshot("U:e T:c"), new: Self.snapshot("T:cd"), changedItems: [ExhaustiveID(2)])
        #expect(
            ProtocolMessages.sectionedBody(changed, names: SectionedCase(canonical: changed))
                != ProtocolMessages.sectionedBody(plan, names: names))
    }

    @Test func namesRoundTrip() {
        for number in [0, 7, 8, 25, 26, 300] {
            var line = RequestWriter(capacity: 8)
            line.name(number)
            line.sectionName(number)
            let text = String(decoding: line.bytes, as: UTF8.self)
            let parts = text.split(separator: "\"").map(String.init)
            #expect(
                ProtocolMessages.ItemNames.kitID(named: parts[0]) == number
                    && RequestWriter.section(named: parts[1]) == number)
        }
        for name in ["", "x", "x2", "x026", "A", "S08", "ab"] {
            #expect(ProtocolMessages.ItemNames.kitID(named: name) == nil || name == "x", "\(name)")
            #expect(RequestWriter.section(named: name) == nil, "\(name)")
        }
    }

    @Test func sectionedResponsesAreReadAndResolved() throws {
        let line = Array(
            (#"{"answers":[{"id":2,"batches":[{"items":[{"section":"T","items":["c","b"]},{"section":"U","items":[]}],"#
                + #""calls":[{"method":"insertSections","args":{"sections":[1]}},"#
                + #"{"method":"moveItem","args":{"at":[0,1],"to":[1,1]}}]}]}]}"#).utf8)
        let responses = ProtocolMessages.responses(line, waiting: [2], sectioned: true)
        guard responses.count == 1, case .answer(2, let raw) = responses[0] else {
            Issue.record("\(responses)")
            return
        }
        typealias Form = SectionedForm<UIKitSectionedModel<ExhaustiveSectionID, ExhaustiveID>>
        let names = SectionedCase(canonical: Self.workedPlan)
        var callsName = false
        let batches = try Form.resolve(
            raw, names: names, plan: Self.workedPlan, canonical: false, callsName: &callsName)
        // Read as canonical numbers and renamed, the answer is the same: its calls name no ID.
        let canonical = try Form.resolve(
            raw, names: names, plan: Self.workedPlan, canonical: true, callsName: &callsName)
        #expect(!callsName)
        #expect(Form.renamed(canonical, names: names, plan: Self.workedPlan) == batches)
        #expect(batches.count == 1)
        #expect(batches[0].dataSource == Self.snapshot("T:cb U:"))
        #expect(
            batches[0].calls == [
                .call(.insertSections([1])),
                .call(.item(.moveItem(at: ItemPath(section: 0, item: 1), to: ItemPath(section: 1, item: 1)))),
            ])
        // The same line from a flat program: its items are not item IDs.
        guard case .refused(2, let reason) = ProtocolMessages.responses(line, waiting: [2])[0] else {
            Issue.record("a flat program's sections were read")
            return
        }
        #expect(reason == "batch 1: \"items\" holds an object, which is not an item of the case")
    }

    /// An answer naming an item or a section the case lacks is refused with
    /// the list and the name, from a flat and from a sectioned program alike.
    @Test func answersNamingWhatTheCaseLacksAreRefused() throws {
        func reason(_ body: () throws(ProtocolMessages.Refusal) -> Void) -> String? {
            do throws(ProtocolMessages.Refusal) {
                try body()
                return nil
            } catch {
                return error.reason
            }
        }
        typealias Sectioned = SectionedForm<UIKitSectionedModel<ExhaustiveSectionID, ExhaustiveID>>
        let names = SectionedCase(canonical: Self.workedPlan)
        var callsName = false
        func sectioned(_ items: String) -> String? {
            let line = Array(#"{"id":0,"batches":[{"items":\#(items),"calls":[]}]}"#.utf8)
            guard case .answer(0, let raw) = ProtocolMessages.responses(line, waiting: [0], sectioned: true)[0] else {
                return "not read"
            }
            return reason { () throws(ProtocolMessages.Refusal) in
                _ = try Sectioned.resolve(
                    raw, names: names, plan: Self.workedPlan, canonical: false, callsName: &callsName)
            }
        }
        #expect(
            sectioned(#"[{"section":"T","items":["c","zz"]}]"#)
                == #"batch 1: "items"[0].items holds "zz", which is not an item of the case"#)
        #expect(
            sectioned(#"[{"section":"T","items":[]},{"section":"Q","items":[]}]"#)
                == #"batch 1: "items"[1] is the section "Q", which is not a section of the case"#)
        let plan = try UpdatePlan(from: [0, 1], to: [1, 0])
        let line = Array(#"{"id":0,"batches":[{"items":["b","a"],"calls":[]},{"items":["b","c"],"calls":[]}]}"#.utf8)
        guard case .answer(0, let raw) = ProtocolMessages.responses(line, waiting: [0])[0] else {
            Issue.record("a flat answer was not read")
            return
        }
        #expect(
            reason { () throws(ProtocolMessages.Refusal) in
                _ = try FlatForm<UIKitBatchModel<Int>>.resolve(
                    raw, names: nil, plan: plan, canonical: false, callsName: &callsName)
            } == #"batch 2: "items" holds "c", which is not an item of the case"#)
    }

    /// The worked example of docs/adapter-protocol.md is the example program's real request and answer.
    @Test func theDocumentsWorkedExampleIsTheExamplesOutput() throws {
        let root = ExternalAdapterTests.root
        let document = try String(contentsOfFile: root + "/docs/adapter-protocol.md", encoding: .utf8)
        let request = Self.request(Self.workedPlan, id: 3)
        #expect(document.contains(request), "the document lacks the request \(request)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", ExternalAdapterTests.examples + "/sectioned_collection.py"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(request.utf8))
        try input.fileHandleForWriting.close()
        let lines = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .split(separator: "\n")
        process.waitUntilExit()
        #expect(lines.count == 2)
        let answer = try #require(lines.last.map(String.init))
        #expect(document.contains(answer + "\n"), "the document lacks the answer \(answer)")
    }
}
