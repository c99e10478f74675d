import BatchUpdate
import Foundation
import Testing
import UpdateCheckAnimatedList
import UpdateCheckDiffable
import UpdateCheckRecyclerView
import UpdateCheckSupport
import UpdateCheckUIKit

@testable import ExternalAdapter

/// The repository's example adapters and small misbehaving programs, run
/// through the protocol.
@Suite struct ExternalAdapterTests {
    static let root: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)  // Tests/ExternalAdapterTests/<file>
        return parts.joined(separator: "/")
    }()
    static let examples = root + "/Examples/adapters"
    let options = ConformanceOptions(ids: 4, randomPairs: 100, maxRandomItems: 300, seed: 5)

    /// Writes `source` to a temporary Python program importing the examples, and returns its command.
    func program(_ source: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("updatecheck-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("adapter.py")
        try ("import sys\nsys.path.insert(0, \(JSONText.quote(Self.examples)))\n" + source).write(
            to: file, atomically: true, encoding: .utf8)
        return "python3 '\(file.path)'"
    }

    /// A program that answers like the Python example (plans as positions),
    /// except where `special` (Python, on `case`) intervenes; with `batch`,
    /// it declares `"batch": true` and answers each line of cases with one line.
    func recyclerViewProgram(batch: Bool = false, special: String) throws -> String {
        guard batch else {
            return try program(
                """
                import json, time
                from recyclerview_callback import notifications
                print(json.dumps({"protocol": 1, "name": "odd", "model": "recyclerview", "plan": "positions",
                                  "policy": {"movedAndChanged": "move-then-refresh", "refresh": "reconfigure"}}), flush=True)
                for line in sys.stdin:
                    case = json.loads(line)
                \(special.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
                    print(json.dumps({"id": case["id"], "batches": notifications(case)}), flush=True)
                """)
        }
        return try program(
            """
            import json, time
            from recyclerview_callback import notifications
            print(json.dumps({"protocol": 1, "name": "odd", "model": "recyclerview", "batch": True, "plan": "positions",
                              "policy": {"movedAndChanged": "move-then-refresh", "refresh": "reconfigure"}}), flush=True)
            for line in sys.stdin:
                message = json.loads(line)
                assert message["type"] == "cases"
                answers = []
                for case in message["cases"]:
            \(special.split(separator: "\n").map { "        " + $0 }.joined(separator: "\n"))
                    answers.append({"id": case["id"], "batches": notifications(case)})
                print(json.dumps({"answers": answers}), flush=True)
            """)
    }

    @Test func thePythonExamplePasses() throws {
        let adapter = try ExternalAdapter(
            command: "python3 '\(Self.examples)/recyclerview_callback.py'", model: RecyclerViewModel<Int>.self,
            modelName: "recyclerview")
        defer { adapter.stop() }
        #expect(adapter.name == "python-recyclerview")
        #expect(adapter.policy == AdapterPolicy(movedAndChanged: .moveThenRefresh, refresh: .reconfigure))
        #expect(adapter.batches && adapter.plansAsPositions)
        let report = ConformanceKit.check(adapter, options: options)
        #expect(report.passed, "\(report)")
        #expect(report.exhaustiveCasesChecked == 26_669 && report.randomCasesChecked == 100)
    }

    /// The Python example is the built-in RecyclerView adapter's twin: for
    /// random pairs large and small (moves, reversals, shuffles, runs of
    /// removals, insertions and changes) it sends exactly the same
    /// notifications — each moved item moved once, ranges where the built-in
    /// adapter has them — and the same items.
    @Test func thePythonExampleSendsTheBuiltInAdaptersNotifications() throws {
        let adapter = try ExternalAdapter(
            command: "python3 '\(Self.examples)/recyclerview_callback.py'", model: RecyclerViewModel<Int>.self,
            modelName: "recyclerview")
        defer { adapter.stop() }
        let twin = RecyclerViewUpdateAdapter<Int>()
        var plans: [UpdatePlan<Int>] = []
        for index in 0..<300 {
            let pair = RandomPairs.pair(index, seed: 11, maxItems: [6, 40, 400][index % 3])
            plans.append(try UpdatePlan(from: pair.old, to: pair.new, changed: pair.changed))
        }
        var moves = 0
        for (plan, answer) in zip(plans, adapter.batches(forEach: plans)) {
            let expected = twin.batches(for: plan)
            #expect(answer.map(\.dataSource) == expected.map(\.dataSource), "\(plan)")
            #expect(answer.map { $0.calls.map(\.record) } == expected.map { $0.calls.map(\.record) }, "\(plan)")
            moves += expected.flatMap(\.calls).filter { if case .moved = $0 { true } else { false } }.count
        }
        #expect(moves > 1000, "the pairs move items: \(moves)")
    }

    @Test func theNodeExamplePasses() throws {
        let adapter = try ExternalAdapter(
            command: "node '\(Self.examples)/splice_list.js'", model: AnimatedListModel<Int>.self,
            modelName: "animatedlist")
        defer { adapter.stop() }
        #expect(adapter.policy.moves == .replacesCell)
        let report = ConformanceKit.check(adapter, options: options)
        #expect(report.passed, "\(report)")
    }

    @Test func theBrokenExampleFailsOnItsSmallestCase() throws {
        let adapter = try ExternalAdapter(
            command: "python3 '\(Self.examples)/broken_recyclerview.py'", model: RecyclerViewModel<Int>.self,
            modelName: "recyclerview")
        defer { adapter.stop() }
        let report = ConformanceKit.check(adapter, options: options)
        let smallest = try #require(report.smallestFailure)
        #expect(smallest.pair == "[a, b] → [], changed []")
        #expect(smallest.calls == [["onRemoved(position: 0, count: 1)", "onRemoved(position: 1, count: 1)"]])
        #expect(smallest.problem.description.contains("Invalid item position 1 in onRemoved(position: 1, count: 1)"))
    }

    /// Every case sent as it is (the program treats `a` and `b` apart), one
    /// to a line or many to a line: each failure falls on its own case.
    @Test(arguments: [false, true])
    func aCrashAHangAndGarbageFailTheirOwnCases(batch: Bool) throws {
        let command = try recyclerViewProgram(
            batch: batch,
            special: """
                if case["old"] == ["a"] and case["new"] == []:
                    sys.stderr.write("boom: cannot delete the last row\\n"); sys.exit(3)
                if case["old"] == ["a"] and case["new"] == ["a"] and case["changed"] == ["a"]:
                    time.sleep(60)
                if case["old"] == ["b"] and case["new"] == []:
                    print("Traceback? no, just text", flush=True); continue
                """)
        let adapter = try ExternalAdapter(
            command: command, model: RecyclerViewModel<Int>.self, modelName: "recyclerview", timeout: 3,
            sendsEveryCase: true)
        defer { adapter.stop() }
        #expect(adapter.batches == batch)
        let report = ConformanceKit.check(adapter, options: ConformanceOptions(ids: 2))
        #expect(report.failureCount == 3, "\(report)")
        let failures = report.groups.flatMap(\.failures).map { "\($0.pair): \($0.problem)" }
        #expect(
            failures.contains {
                $0.hasPrefix(
                    "[a] → [], changed []: batch 1 raised: the adapter program failed: the program exited "
                        + "with status 3 before answering; its stderr: boom: cannot delete the last row")
            }, "\(failures)")
        #expect(
            failures.contains {
                $0.hasPrefix(
                    "[a] → [a], changed [a]: batch 1 raised: the adapter program failed: no answer within 3 s")
            }, "\(failures)")
        #expect(
            failures.contains {
                $0.hasPrefix(
                    "[b] → [], changed []: batch 1 raised: the adapter program failed: it printed a line "
                        + "that is not JSON")
            }, "\(failures)")
        // Every other case was answered by a restarted program.
        #expect(report.casesChecked - report.failureCount > 0 && report.groups.filter(\.passed).count == 3)
    }

    @Test func unknownCallsAndBadArgumentsFailTheCase() throws {
        let command = try recyclerViewProgram(
            special: """
                if case["old"] == ["a"] and case["new"] == []:
                    print(json.dumps({"id": case["id"], "batches": [{"items": [], "calls": [{"method": "onTeleport", "args": {}}]}]}), flush=True); continue
                if case["old"] == ["b"] and case["new"] == []:
                    print(json.dumps({"id": case["id"], "batches": [{"items": [], "calls": [{"method": "onRemoved", "args": {"position": 0}}]}]}), flush=True); continue
                if case["old"] == ["a", "b"] and case["new"] == []:
                    print(json.dumps({"id": case["id"], "error": "no idea"}), flush=True); continue
                """)
        let adapter = try ExternalAdapter(
            command: command, model: RecyclerViewModel<Int>.self, modelName: "recyclerview", sendsEveryCase: true)
        defer { adapter.stop() }
        let report = ConformanceKit.check(adapter, options: ConformanceOptions(ids: 2))
        let failures = report.groups.flatMap(\.failures).map { "\($0.pair): \($0.problem)" }
        #expect(report.failureCount == 3, "\(failures)")
        #expect(
            failures.contains {
                $0.contains(
                    "batch 1, call 1: The call \"onTeleport\" cannot be replayed: the model has no such call; it takes onInserted(position: Int, count: Int)"
                )
            }, "\(failures)")
        #expect(
            failures.contains {
                $0.contains("The call \"onRemoved\" cannot be replayed: the argument \"count\" is missing.")
            }, "\(failures)")
        #expect(
            failures.contains {
                $0.hasPrefix(
                    "[a, b] → [], changed []: batch 1 raised: the adapter program failed: it reported an error: no idea"
                )
            }, "\(failures)")
    }

    @Test func aProgramThatKeepsFailingIsNotStartedForever() throws {
        let command = try recyclerViewProgram(special: "sys.exit(1)")
        let adapter = try ExternalAdapter(
            command: command, model: RecyclerViewModel<Int>.self, modelName: "recyclerview")
        defer { adapter.stop() }
        let report = ConformanceKit.check(adapter, options: ConformanceOptions(ids: 2, runsInParallel: false))
        #expect(report.failureCount == report.casesChecked)
        let problems = report.groups.flatMap(\.failures).map(\.problem.description)
        #expect(problems.contains { $0.contains("failed 5 cases in a row and was not started again") }, "\(problems)")
    }

    @Test(arguments: [
        ("print('hello')", "its first line is not JSON"),
        ("print('{\"protocol\": 2}')", "it speaks protocol 2; this updatecheck speaks protocol 1."),
        (
            "print('{\"protocol\": 1, \"name\": \"x\", \"model\": \"uikit\", \"policy\": {}}')",
            "it targets the model \"uikit\", but was started for the model \"recyclerview\"."
        ),
        (
            "print('{\"protocol\": 1, \"name\": \"x\", \"model\": \"recyclerview\", \"policy\": {\"movedAndChanged\": \"move-then-refresh\", \"refresh\": \"sometimes\"}}')",
            "\"policy.refresh\" must be one of \"reconfigure\", \"reload\"."
        ),
        (
            "print('{\"protocol\": 1, \"name\": \"x\", \"model\": \"recyclerview\", \"policy\": {\"movedAndChanged\": \"move-then-refresh\", \"refresh\": \"reload\"}, \"batch\": 1}')",
            "\"batch\" must be true or false."
        ),
        (
            "print('{\"protocol\": 1, \"name\": \"x\", \"model\": \"recyclerview\", \"policy\": {\"movedAndChanged\": \"move-then-refresh\", \"refresh\": \"reload\"}, \"plan\": \"offsets\"}')",
            "\"plan\" must be \"paths\" or \"positions\"."
        ),
        (
            "sys.stderr.write('no config\\n'); sys.exit(2)",
            "it exited with status 2 without printing a handshake. Its stderr ends with:\nno config"
        ),
    ])
    func badHandshakesAreRefusedWithTheReason(source: String, reason: String) throws {
        let command = try program(source)
        #expect {
            _ = try ExternalAdapter(command: command, model: RecyclerViewModel<Int>.self, modelName: "recyclerview")
        } throws: { error in
            guard let error = error as? ExternalAdapterError, case .badHandshake(_, _, _) = error else { return false }
            return error.description.contains(reason)
        }
    }

    /// Answers reused for cases equal up to renaming give exactly the
    /// verdicts of sending every case, for adapters that answer as a function
    /// of the request: the passing and the broken example, every group.
    @Test(arguments: ["recyclerview_callback.py", "broken_recyclerview.py"])
    func reusedAnswersGiveTheVerdictsOfEveryCase(example: String) throws {
        let options = ConformanceOptions(ids: 4, randomPairs: 60, maxRandomItems: 12, seed: 3, randomGroupSize: 20)
        var reports: [ConformanceReport] = []
        var requests: [Int] = []
        for everyCase in [false, true] {
            let adapter = try ExternalAdapter(
                command: "python3 '\(Self.examples)/\(example)'", model: RecyclerViewModel<Int>.self,
                modelName: "recyclerview", sendsEveryCase: everyCase)
            defer { adapter.stop() }
            reports.append(ConformanceKit.check(adapter, options: options))
            requests.append(adapter.requestsSent)
        }
        let (reused, every) = (reports[0], reports[1])
        #expect(reused.casesChecked == 26_729 && every.casesChecked == 26_729)
        #expect(reused.failureCount == every.failureCount)
        #expect(reused.groups.count == every.groups.count)
        for (one, other) in zip(reused.groups, every.groups) {
            #expect(one.kind == other.kind)
            #expect(one.casesChecked == other.casesChecked && one.failureCount == other.failureCount)
            #expect(one.failures.map(\.description) == other.failures.map(\.description))
        }
        #expect(requests[1] >= every.casesChecked, "every case is sent")
        #expect(requests[0] * 8 < requests[1], "distinct cases only: \(requests)")
        if example.hasPrefix("broken") {
            #expect(reused.failureCount > 0)
            #expect(reused.smallestFailure?.pair == "[a, b] → [], changed []")
        } else {
            #expect(reused.passed, "\(reused)")
        }
    }

    /// Renaming is sound only for programs that answer as a function of the
    /// request: one that mishandles the name `c` passes when the kit asks
    /// canonical names, and is caught with every case sent as it is.
    @Test func aProgramThatAnswersByNameIsCaughtOnlyWithEveryCase() throws {
        let command = try recyclerViewProgram(
            special: """
                if case["old"] == ["c"] and case["new"] == []:
                    print(json.dumps({"id": case["id"], "batches": []}), flush=True); continue
                """)
        var verdicts: [Int] = []
        for everyCase in [false, true] {
            let adapter = try ExternalAdapter(
                command: command, model: RecyclerViewModel<Int>.self, modelName: "recyclerview",
                sendsEveryCase: everyCase)
            defer { adapter.stop() }
            verdicts.append(ConformanceKit.check(adapter, options: ConformanceOptions(ids: 3)).failureCount)
        }
        #expect(verdicts == [0, 1])
    }

    /// A program that crashes on one case of a batch line fails that case
    /// alone (the others of the line are sent again, one to a line), and
    /// counts every request it was sent.
    @Test func aCrashInABatchFailsOnlyItsCase() throws {
        let command = try recyclerViewProgram(
            batch: true,
            special: """
                if case["old"] == ["a", "b"] and case["new"] == ["b", "a"] and case["changed"] == []:
                    sys.stderr.write("swap unsupported\\n"); sys.exit(4)
                """)
        let adapter = try ExternalAdapter(
            command: command, model: RecyclerViewModel<Int>.self, modelName: "recyclerview")
        defer { adapter.stop() }
        let report = ConformanceKit.check(adapter, options: ConformanceOptions(ids: 3, runsInParallel: false))
        let failures = report.groups.flatMap(\.failures).map { "\($0.pair): \($0.problem)" }
        // Every swap of two items is the same canonical request.
        #expect(report.failureCount == 6, "\(failures)")
        #expect(
            failures.contains(
                "[a, b] → [b, a], changed []: batch 1 raised: the adapter program failed: the program exited with "
                    + "status 4 before answering; its stderr: swap unsupported"), "\(failures)")
        #expect(adapter.requestsSent > 0 && adapter.requestsSent < report.casesChecked)
    }

    /// A batching program's line is its answer to every case on it: a line
    /// that answers a case twice (right, then with an error), or a case
    /// that was never sent, fails every case, however right its other
    /// answers are, as a repeated line does one case at a time.
    @Test(arguments: [
        (
            #"answers += [{"id": case["id"], "error": "second"} for case in cases]"#,
            "it answered the case 0 twice in one line: '{\"answers\": [{\"id\": 0"
        ),
        (
            #"answers.append({"id": 1000000, "batches": []})"#,
            "it printed a line that answers the case 1000000, which is not waiting (answered already, or never "
                + "sent): '{\"answers\": [{\"id\": 0"
        ),
    ])
    func aLineAnsweringACaseTwiceOrOneNotWaitingFailsItsCases(mistake: String, message: String) throws {
        let command = try program(
            """
            import json
            from recyclerview_callback import notifications
            print(json.dumps({"protocol": 1, "name": "twice", "model": "recyclerview", "batch": True, "plan": "positions",
                              "policy": {"movedAndChanged": "move-then-refresh", "refresh": "reconfigure"}}), flush=True)
            for line in sys.stdin:
                cases = json.loads(line)["cases"]
                answers = [{"id": case["id"], "batches": notifications(case)} for case in cases]
                \(mistake)
                print(json.dumps({"answers": answers}), flush=True)
            """)
        let adapter = try ExternalAdapter(
            command: command, model: RecyclerViewModel<Int>.self, modelName: "recyclerview")
        defer { adapter.stop() }
        let report = ConformanceKit.check(adapter, options: ConformanceOptions(ids: 2, runsInParallel: false))
        #expect(report.failureCount == report.casesChecked, "\(report)")
        let smallest = try #require(report.smallestFailure)
        #expect(smallest.pair == "[] → [], changed []")
        #expect(
            smallest.problem.description.hasPrefix("batch 1 raised: the adapter program failed: " + message),
            "\(smallest.problem)")
    }

    /// A diffable data source holds the snapshot its calls apply: a batch
    /// whose `items` say otherwise (the old list, none, an item twice) fails
    /// its case, naming both lists as the program was asked them.
    @Test(arguments: [
        ("old", #"batch 1: "items" is '[]', but the data source holds '["a"]' after the batch"#),
        ("none", #"batch 1: "items" is '[]', but the data source holds '["a"]' after the batch"#),
        ("twice", #"batch 1: "items" is '["a","a"]', but the data source holds '["a"]' after the batch"#),
        ("new", nil),
    ])
    func aDiffableProgramMustDeclareWhatItsDataSourceHolds(items: String, problem: String?) throws {
        let command = try program(
            """
            import json
            print(json.dumps({"protocol": 1, "name": "py-diffable", "model": "diffable",
                              "policy": {"movedAndChanged": "move-then-refresh", "refresh": "reconfigure"}}), flush=True)
            for line in sys.stdin:
                case = json.loads(line)
                items = {"old": case["old"], "none": [], "twice": case["new"] * 2, "new": case["new"]}["\(items)"]
                call = {"method": "apply", "args": {"snapshot": case["new"], "reconfigureItems": case["changed"], "reloadItems": []}}
                print(json.dumps({"id": case["id"], "batches": [{"items": items, "calls": [call]}]}), flush=True)
            """)
        let adapter = try ExternalAdapter(
            command: command, model: DiffableDataSourceModel<Int>.self, modelName: "diffable")
        defer { adapter.stop() }
        let report = ConformanceKit.check(adapter, options: ConformanceOptions(ids: 3))
        guard let problem else {
            #expect(report.passed, "\(report)")
            return
        }
        let smallest = try #require(report.smallestFailure)
        #expect(smallest.problem.description == "batch 1 raised: the adapter program failed: " + problem)
    }

    @Test func uikitIndexPathsCrossTheBoundary() throws {
        let command = try program(
            """
            import json
            print(json.dumps({"protocol": 1, "name": "py-uikit", "model": "uikit",
                              "policy": {"movedAndChanged": "move-then-refresh", "refresh": "reconfigure"}}), flush=True)
            for line in sys.stdin:
                case = json.loads(line)
                plan = case["plan"]
                first = [{"method": "deleteItems", "args": {"at": [d["from"] for d in plan["deleted"]]}},
                         {"method": "insertItems", "args": {"at": [i["at"] for i in plan["inserted"]]}}]
                first += [{"method": "moveItem", "args": {"at": k["from"], "to": k["to"]}} for k in plan["kept"] if k["moved"]]
                second = [{"method": "reconfigureItems", "args": {"at": [k["to"] for k in plan["kept"] if k["changed"]]}}]
                print(json.dumps({"id": case["id"], "batches": [{"items": case["new"], "calls": first},
                                                                {"items": case["new"], "calls": second}]}), flush=True)
            """)
        let adapter = try ExternalAdapter(command: command, model: UIKitBatchModel<Int>.self, modelName: "uikit")
        defer { adapter.stop() }
        let report = ConformanceKit.check(adapter, options: ConformanceOptions(ids: 3))
        #expect(report.passed, "\(report)")
    }
}

@Suite struct ProtocolJSONTests {
    @Test func parsesTheValuesTheProtocolUses() throws {
        let json = try ProtocolJSON.parse(
            Array(#" {"id": -3, "a": [true, false, null, "x\"\u00e9\ud83d\ude00"], "o": {}} "#.utf8))
        #expect(json["id"] == .integer(-3))
        #expect(json["a"] == .array([.bool(true), .bool(false), .null, .string("x\"é😀")]))
        #expect(json["o"] == .object([]))
    }

    @Test(arguments: [
        ("{\"a\": 1.5}", 7, "a number that is not a whole number (the protocol carries only whole numbers)"),
        ("{\"a\": 1} x", 10, "text after the JSON value"),
        ("[1, 2", 6, "the line ends inside an object or array"),
        ("\"abc", 5, "the line ends inside a string"),
        ("{a: 1}", 2, "expected a member name in quotes"),
        ("01", 1, "a number with a leading zero"),
    ])
    func errorsNameTheColumn(text: String, column: Int, message: String) {
        #expect(throws: ProtocolJSONError(column: column, message: message)) {
            try ProtocolJSON.parse(Array(text.utf8))
        }
    }

    @Test func batchLinesHoldTheRequestsAndAnswersLinesAreRead() throws {
        let first = ProtocolMessages.request(id: 0, plan: try UpdatePlan(from: [0], to: []))
        let second = ProtocolMessages.request(id: 1, plan: try UpdatePlan(from: [], to: [0]))
        let line = String(decoding: ProtocolMessages.casesLine([first, second]), as: UTF8.self)
        #expect(
            line == #"{"type":"cases","cases":[{"type":"case","id":0,"old":["a"],"new":[],"changed":[],"#
                + #""plan":{"deleted":[{"id":"a","from":[0,0]}],"inserted":[],"kept":[]}},{"type":"case","id":1,"#
                + #""old":[],"new":["a"],"changed":[],"plan":{"deleted":[],"inserted":[{"id":"a","at":[0,0]}],"#
                + #""kept":[]}}]}"# + "\n")
        let answers = ProtocolMessages.responses(
            Array(#"{"answers": [{"id": 1, "batches": []}, {"id": 0, "error": "no"}]}"#.utf8), waiting: [0, 1])
        guard answers.count == 2, case .answer(1, []) = answers[0], case .refused(0, let reason) = answers[1] else {
            Issue.record("\(answers)")
            return
        }
        #expect(reason == "it reported an error: no")
        // A line that answers a case twice, or one not waiting, is garbage as a whole: no answer of it is taken.
        let twice = ProtocolMessages.responses(
            Array(#"{"answers": [{"id": 1, "batches": []}, {"id": 1, "error": "no"}]}"#.utf8), waiting: [0, 1])
        guard twice.count == 1, case .garbage(let message) = twice[0] else {
            Issue.record("\(twice)")
            return
        }
        #expect(message.hasPrefix("it answered the case 1 twice in one line"))
        let answered = ProtocolMessages.responses(
            Array(#"{"answers": [{"id": 1, "batches": []}, {"id": 0, "batches": []}]}"#.utf8), waiting: [1])
        guard answered.count == 1, case .garbage(let reason) = answered[0] else {
            Issue.record("\(answered)")
            return
        }
        #expect(
            reason.hasPrefix(
                "it printed a line that answers the case 0, which is not waiting (answered already, or never sent): "
                    + #"'{"answers": [{"id": 1"#))
    }

    @Test func canonicalCasesRenameInOrderOfFirstAppearance() throws {
        let plan = try UpdatePlan(from: [4, 2, 7], to: [9, 7, 4], changed: [4])
        let form = try #require(CanonicalCase(plan))
        #expect(form.names == [4, 2, 7, 9])
        let renamed = form.canonicalPlan(of: plan)
        #expect(renamed.old == [0, 1, 2] && renamed.new == [3, 2, 0])
        #expect(renamed.changedIDs == [0])
        #expect((0..<3).map(renamed.isMoved(new:)) == (0..<3).map(plan.isMoved(new:)))
        #expect(form.id(named: "d") == 9 && form.id(named: "e") == nil && form.id(named: "x26") == nil)
        #expect(form.ids(of: renamed.new, new: plan.new) == [9, 7, 4])
        #expect(form.ids(of: [3, 0], new: plan.new) == [9, 4] && form.ids(of: [], new: []) == [])
        let same = try #require(CanonicalCase(try UpdatePlan(from: [1, 5, 3], to: [0, 3, 1], changed: [1])))
        #expect(same.key == form.key)
        let other = try #require(CanonicalCase(try UpdatePlan(from: [1, 5, 3], to: [0, 3, 1], changed: [3])))
        #expect(other.key != form.key)
        #expect(CanonicalCase(try UpdatePlan(from: Array(0..<10), to: Array(10..<17))) == nil)
    }

    @Test func requestsCarryThePlanWithIndexPaths() throws {
        let plan = try UpdatePlan(from: [0, 1, 2], to: [2, 0, 3], changed: [0])
        let line = String(decoding: ProtocolMessages.request(id: 7, plan: plan), as: UTF8.self)
        #expect(
            line == """
                {"type":"case","id":7,"old":["a","b","c"],"new":["c","a","d"],"changed":["a"],"plan":{"deleted":[{"id":"b","from":[0,1]}],"inserted":[{"id":"d","at":[0,2]}],"kept":[{"id":"c","from":[0,2],"to":[0,0],"moved":true,"changed":false},{"id":"a","from":[0,0],"to":[0,1],"moved":false,"changed":true}]}}

                """)
        #expect(try ProtocolJSON.parse(Array(line.utf8.dropLast()))["id"] == .integer(7))
    }

    /// Under `"plan": "positions"` the plan is the old position of every new
    /// item (-1: inserted) and the moved and changed new positions; the rest
    /// of the request is as with index paths.
    @Test func requestsCarryThePlanAsPositionsWhenAsked() throws {
        let plan = try UpdatePlan(from: [0, 1, 2, 4], to: [2, 0, 3, 4], changed: [0, 4])
        let line = String(decoding: ProtocolMessages.request(id: 7, plan: plan, positions: true), as: UTF8.self)
        #expect(
            line == #"{"type":"case","id":7,"old":["a","b","c","e"],"new":["c","a","d","e"],"changed":["a","e"],"#
                + #""plan":{"sources":[2,0,-1,3],"moved":[0],"changed":[1,3]}}"# + "\n")
        let paths = String(decoding: ProtocolMessages.request(id: 7, plan: plan), as: UTF8.self)
        #expect(paths.hasPrefix(#"{"type":"case","id":7,"old":["a","b","c","e"],"new":["c","a","d","e"],"#))
        #expect(paths.contains(#""plan":{"deleted":[{"id":"b","from":[0,1]}],"#))
    }

    /// Names in an answer are read back into the case's IDs: the kit's
    /// labels of items the case holds, old or inserted, and nothing else.
    @Test func answerNamesAreTheCasesItems() throws {
        let plan = try UpdatePlan(from: [0, 25, 26, 400], to: [400, 7, -3, 0], changed: [0])
        let names = ProtocolMessages.ItemNames(plan)
        let held = ["a", "z", "x26", "x400", "h", "x-3"]
        #expect(held.map(names.id(named:)) == [0, 25, 26, 400, 7, -3])
        for name in ["b", "x27", "x5", "x026", "x+26", "aa", "", "A", "x", "x-0", "é"] {
            #expect(names.id(named: name) == nil, "\(name)")
        }
    }

    @Test func handshakesChooseThePlanForm() throws {
        let start =
            #"{"protocol": 1, "name": "x", "model": "uikit", "policy": {"movedAndChanged": "#
            + #""move-then-refresh", "refresh": "reload"}"#
        for (extra, positions) in [("", false), (#", "plan": "paths""#, false), (#", "plan": "positions""#, true)] {
            let handshake = try ProtocolMessages.handshake(Array((start + extra + "}").utf8), modelName: "uikit")
            #expect(handshake.planPositions == positions, "\(extra)")
        }
    }

    /// A name or summary is printed as it is: one holding a line break (or
    /// another control) could print lines of its own, so it is refused.
    @Test func handshakeTextsHoldNoControlCharacters() throws {
        func handshake(name: String, summary: String = "s") throws(ProtocolMessages.HandshakeError) {
            _ = try ProtocolMessages.handshake(
                Array(
                    (#"{"protocol": 1, "name": \#(JSONText.quote(name)), "model": "uikit", "summary": "#
                        + #"\#(JSONText.quote(summary)), "policy": {"movedAndChanged": "move-then-refresh", "#
                        + #""refresh": "reload"}}"#).utf8), modelName: "uikit")
        }
        for text in ["evil\nAll 1 adapters passed.", "a\rb", "\u{1B}[2J", "\u{85}", "a\u{2028}b", "\u{7F}"] {
            #expect(throws: ProtocolMessages.HandshakeError.self) { try handshake(name: text) }
            #expect(throws: ProtocolMessages.HandshakeError.self) { try handshake(name: "ok", summary: text) }
        }
        try handshake(name: "ünïcode name", summary: "A summary, of one paragraph; with \"quotes\".")
    }
}
