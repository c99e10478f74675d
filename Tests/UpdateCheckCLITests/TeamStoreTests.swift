import Foundation
import OptimisticState
import Testing
import UpdateCheckSupport

@testable import UpdateCheckCLI

/// A team's own stores in the CLI: store programs listed in the manifest
/// (`"stores"`) and Swift stores added by a team's own CLI
/// (`UpdateCheck.main(stores:)`), explored by `check` as suites
/// `store <name>` and taken by `state explore --store` and
/// `state run --store`.
@Suite struct TeamStoreTests {
    static let examples = BinaryRunner.repositoryRoot.appendingPathComponent("Examples/state")

    /// The built-in store with one rule changed: a timed-out write counts
    /// as saved, so an idle record can show what the server never confirmed.
    struct ConfirmsOnTimeout: ExplorableStore {
        var inner: OptimisticStore<String, Bool>

        init(session: Session, loading records: [LoadedRecord<String, Bool>]) {
            inner = OptimisticStore(session: session, loading: records)
        }
        mutating func tap(_ record: String, to value: Bool) -> Ticket? { inner.tap(record, to: value) }
        mutating func answerWrite(_ request: Ticket, of record: String, with outcome: Outcome<Bool>) -> Ticket? {
            guard outcome == .uncertain, let shown = inner.state(of: record)?.visible else {
                return inner.answerWrite(request, of: record, with: outcome)
            }
            return inner.answerWrite(request, of: record, with: .confirmed(shown))
        }
        mutating func cancelRequest(_ request: Ticket, of record: String) -> Ticket? {
            inner.cancelRequest(request, of: record)
        }
        mutating func answerReread(_ request: Ticket, of record: String, with value: Bool) {
            inner.answerReread(request, of: record, with: value)
        }
        mutating func switchSession(to session: Session, loading records: [LoadedRecord<String, Bool>]) {
            inner.switchSession(to: session, loading: records)
        }
        mutating func reorder(to order: [String]) { inner.reorder(to: order) }
        var session: Session { inner.session }
        var displayOrder: [String] { inner.displayOrder }
        func state(of record: String) -> ObservedRecord<Bool>? { inner.state(of: record) }
    }

    static let added = [
        UpdateCheck.Store(OptimisticStore<String, Bool>.self, named: "reference", refinement: true),
        UpdateCheck.Store(ConfirmsOnTimeout.self, named: "confirms-on-timeout"),
    ]

    /// Runs the CLI in-process with the added stores.
    func run(_ arguments: [String]) -> (code: Int32, out: String, err: String) {
        let captured = CheckRunnerTests.Captured()
        let code = UpdateCheckMain.run(arguments, console: captured.console(), stores: Self.added.map(\.entry))
        return (code, captured.out.withLock { $0 }, captured.err.withLock { $0 })
    }

    /// A manifest of `stores` (JSON objects' members), with no adapters.
    static func manifest(_ stores: String...) -> String {
        "{\n  \"stores\": [\n" + stores.map { "    {\($0)}" }.joined(separator: ",\n") + "\n  ]\n}\n"
    }

    @Test func theManifestReadsStoresWithTheirDefaults() throws {
        let text = Self.manifest(
            #""name": "favourites", "command": "python3 store.py""#,
            #""name": "strict", "command": "node r.js", "timeout": 30, "refinement": true"#)
        let manifest = try AdapterManifest.parse(JSONNode.parse(Array(text.utf8)), file: "m.json", folder: "app")
        #expect(manifest.adapters.isEmpty)
        #expect(
            manifest.stores == [
                AdapterManifest.Store(
                    name: "favourites", command: "python3 store.py", timeout: 10, workingDirectory: "app",
                    refinement: false, location: "m.json:3:5"),
                AdapterManifest.Store(
                    name: "strict", command: "node r.js", timeout: 30, workingDirectory: "app", refinement: true,
                    location: "m.json:4:5"),
            ])
        #expect(manifest.stores[1].entry.replay == "updatecheck state run --store strict")
    }

    @Test(arguments: [
        (#"{"stores": {}}"#, "m.json:1:12: 'stores' must be an array, not an object"),
        (#"{"stores": ["x"]}"#, "m.json:1:13: stores[0]: a store must be an object, not a string"),
        (manifest(#""command": "x""#), "m.json:3:5: stores[0]: a store needs the key 'name'"),
        (manifest(#""name": "s""#), "m.json:3:5: stores[0] 's': a store needs the key 'command'"),
        (
            manifest(#""name": "s", "command": "x", "model": "uikit""#),
            "m.json:3:44: stores[0] 's': unknown key 'model' in a store"
        ),
        (
            manifest(#""name": "s", "command": "x", "refinement": 1"#),
            "stores[0] 's': 'refinement' must be true or false, not a number"
        ),
        (
            manifest(#""name": "s", "command": "x", "timeout": 0"#),
            "stores[0] 's': 'timeout' must be a whole number of seconds from 1 to 3600"
        ),
        (
            manifest(#""name": "../s", "command": "x""#),
            "m.json:3:14: stores[0]: the name '../s' must be 1 to 64 letters, digits"
        ),
        (
            manifest(#""name": "s", "command": "x""#, #""name": "s", "command": "y""#),
            "m.json:4:14: stores[1] 's': the name 's' is already used by the store at line 3"
        ),
        (
            manifest(#""name": "reference", "command": "x""#),
            "m.json:3:14: stores[0] 'reference': the name 'reference' is a store's of this tool; choose another"
        ),
    ])
    func malformedStoresNameFileLineAndKey(text: String, message: String) throws {
        let root = try JSONNode.parse(Array(text.utf8))
        do {
            _ = try AdapterManifest.parse(
                root, file: "m.json", folder: ".", reserved: .init(stores: Self.added.map(\.name)))
            Issue.record("accepted: \(text)")
        } catch {
            #expect(error.code == .dataError)
            #expect(error.message.contains(message), "\(error.message)")
        }
    }

    @Test func checkExploresAddedStoresAfterTheBuiltInSuites() throws {
        let options = CheckOptions(records: 1, areas: [.state])
        let catalog = AdapterCatalog(addedStores: Self.added.map(\.entry))
        let suites = CheckCommand.teamSuites(catalog, options: options)
        #expect(suites.map(\.name) == ["store reference", "store confirms-on-timeout"])
        #expect(
            suites.map(\.caseCount) == [9, 8],
            "one record with two values (Bool holds no three); refinement adds a case")
        #expect(CheckCommand.teamSuites(catalog, options: CheckOptions(areas: [.adapters])).isEmpty)
        let run = try SuiteRunner(console: .discarding).run(suites)
        #expect(run.results.map(\.failureCount) == [0, 1], "\(run.results)")
        let broken = run.results[1].cases.filter(\.isFailure)
        #expect(broken.map(\.name) == ["invariant 3 confirmedOnlyOnServerEvidence"])
        #expect(broken.map(\.className) == ["state.store.confirms-on-timeout.r1v2"])
        guard case .failure(_, _, let details) = broken[0].outcome else { return }
        #expect(
            details.contains("Scenario file (replay with: updatecheck state run --store confirms-on-timeout <file>):"))
        let reference = run.results[0].cases.map(\.name)
        #expect(reference.filter { $0 == "refines the built-in store" }.count == 1)
    }

    @Test func anAddedStoreIsExploredAndReplayedByName() throws {
        let files = try DiffTestFiles()
        let file = files.folder.appendingPathComponent("found.json").path
        let explored = run([
            "state", "explore", "--store", "confirms-on-timeout", "--records", "1", "--counterexample", file,
        ])
        #expect(explored.code == 1, "\(explored)")
        #expect(explored.out.contains("invariant 3 (confirmedOnlyOnServerEvidence) violated"))
        #expect(explored.out.contains("replay it with: updatecheck state run --store confirms-on-timeout \(file)"))
        let replayed = run(["state", "run", "--store", "confirms-on-timeout", file])
        #expect(replayed.code == 1, "\(replayed)")
        #expect(replayed.out.contains("invariant 3 (confirmedOnlyOnServerEvidence) violated"))
        let reference = run(["state", "run", "--store", "reference", file])
        #expect(reference.code == 1, "the scenario expects what the broken store shows: \(reference)")
        let passing = run(["state", "explore", "--store", "reference", "--records", "1"])
        #expect(passing.code == 0, "\(passing)")
        #expect(passing.out.contains("PASS: all 7 invariants hold"), "\(passing.out)")
        let unknown = run(["state", "explore", "--store", "nobody"])
        #expect(unknown.code == 64)
        #expect(
            unknown.err.hasPrefix(
                "Error: Unknown value 'nobody' for '--store': expected one of reference, confirms-on-timeout.\n"))
        let both = run(["state", "run", "--store", "reference", "--exec", "true", file])
        #expect(both.code == 64 && both.err.hasPrefix("Error: Give --exec or --store, not both.\n"))
    }

    @Test func addedStoreNamesMustBeSafeAndDistinct() {
        #expect(UpdateCheck.clash([], Self.added) == nil)
        let twice = Self.added + [Self.added[0]]
        #expect(UpdateCheck.clash([], twice) == "Two added stores are named 'reference'; rename one.")
        let unsafe = UpdateCheck.Store(ConfirmsOnTimeout.self, named: "a/b")
        #expect(UpdateCheck.clash([], [unsafe])?.hasPrefix("The added store 'a/b' needs a name of 1 to 64") == true)
        #expect(UpdateCheck.run(["--version"], stores: twice) == 64)
    }

    /// The manifest's store programs through the binary: a passing Python
    /// store and a broken Node store as suites of `check`, whose shards
    /// merge to the unsharded run; a program that cannot start fails its
    /// own cases, named at its manifest entry; `--store` takes them by name.
    @Test func checkExploresTheManifestsStorePrograms() throws {
        let files = try DiffTestFiles()
        let python = Self.examples.appendingPathComponent("favourites_store.py").path
        let node = Self.examples.appendingPathComponent("favourites_reducer.js").path
        try files.write(
            "updatecheck.json",
            Self.manifest(
                #""name": "python", "command": "python3 '\#(python)'""#,
                #""name": "node-broken", "command": "node '\#(node)' earlier-session""#,
                #""name": "missing", "command": "exec /nonexistent/store""#))
        let whole = try files.run(["check", "--only", "state", "--records", "1", "--junit", "whole.xml"])
        #expect(whole.status == 1, "\(whole)")
        for row in [
            "store python          16         0", "store node-broken     16         ",
            "store missing         16        16",
        ] {
            #expect(whole.stdout.contains(row), "\(row): \(whole.stdout)")
        }
        #expect(!whole.stdout.contains("store node-broken     16         0 "))
        let report = try ParsedCheckReport(contentsOf: files.folder.appendingPathComponent("whole.xml"))
        let missing = report.cases.filter { $0.className.hasPrefix("state.store.missing.") }
        #expect(missing.count == 16)
        #expect(
            missing.allSatisfy {
                $0.outcome.hasPrefix("error: store missing: updatecheck.json:5:5: store 'missing': ")
            }, "\(missing)")
        for shard in 1...2 {
            let part = try files.run([
                "check", "--only", "state", "--records", "1", "--shard", "\(shard)/2", "--junit", "s\(shard).xml",
            ])
            #expect(part.status == 1, "\(part)")
        }
        let merged = try files.run(["junit", "merge", "s1.xml", "s2.xml", "-o", "merged.xml"])
        #expect(merged.status == 0, "\(merged)")
        let combined = try ParsedCheckReport(contentsOf: files.folder.appendingPathComponent("merged.xml"))
        #expect(combined.cases.sorted() == report.cases.sorted())
        #expect(combined.root["failures"] == report.root["failures"])
        let named = try files.run(["state", "explore", "--store", "node-broken", "--records", "1"])
        #expect(named.status == 1 && named.stdout.contains("Shortest counterexample:"), "\(named)")
    }

    /// A store program that fails while it runs is named by its manifest
    /// entry, with what went wrong: one that answers each request twice is
    /// told so (not that its answer lacks the right `"id"`), and one that
    /// closes its standard input is told that, not only that it did not
    /// answer.
    @Test func aFailingStoreProgramIsNamedByItsEntryWithWhatWentWrong() throws {
        let files = try DiffTestFiles()
        try files.write(
            "twice.py",
            """
            import json, sys
            sys.path.insert(0, sys.argv[1])
            import favourites_store as store
            print(json.dumps({"protocol": "updatecheck-store", "version": 1}), flush=True)
            for line in sys.stdin:
                request = json.loads(line)
                results = [store.run(None, path) for path in request["paths"]]
                answer = json.dumps({"id": request["id"], "results": results}) + "\\n"
                sys.stdout.write(answer + answer)
                sys.stdout.flush()

            """)
        try files.write(
            "deaf.py",
            """
            import os, time
            print('{"protocol": "updatecheck-store", "version": 1}', flush=True)
            os.close(0)
            time.sleep(30)

            """)
        try files.write(
            "updatecheck.json",
            Self.manifest(
                #""name": "twice", "command": "exec python3 twice.py '\#(Self.examples.path)'""#,
                #""name": "deaf", "command": "exec python3 deaf.py", "timeout": 1"#))
        let run = try files.run(["check", "--only", "state", "--records", "1", "--junit", "r.xml"])
        #expect(run.status == 1, "\(run)")
        let report = try ParsedCheckReport(contentsOf: files.folder.appendingPathComponent("r.xml"))
        let twice = report.cases.filter { $0.className.hasPrefix("state.store.twice.") }
        let deaf = report.cases.filter { $0.className.hasPrefix("state.store.deaf.") }
        #expect(twice.count == 16 && deaf.count == 16)
        #expect(
            twice.allSatisfy {
                // Request numbers go on across restarts: 1 answered where 2 was due, then 4 where 5 was.
                $0.outcome.hasPrefix(#"error: store twice: the response carries "id": "#)
                    && $0.outcome.contains(#", an earlier request's, where "id": "#)
                    && $0.outcome.contains("was expected: the program answered a request twice")
            }, "\(twice)")
        #expect(twice.contains { $0.outcome.contains(#""id": 1, an earlier request's, where "id": 2 was"#) })
        #expect(
            deaf.allSatisfy {
                $0.outcome.hasPrefix(
                    "error: store deaf: no answer within 1 s; it had closed its standard input")
            }, "\(deaf)")
    }

    /// A store program whose answers depend on more than its events fails
    /// the exploration at the first state it does not reproduce, naming the
    /// record and both answers: here one that shows a record's other value
    /// on every second path it runs.
    @Test func aStoreProgramThatDoesNotReproduceAStateFailsTheExploration() throws {
        let files = try DiffTestFiles()
        try files.write(
            "drift.py",
            """
            import json, sys
            sys.path.insert(0, sys.argv[1])
            import favourites_store as store
            print(json.dumps({"protocol": "updatecheck-store", "version": 1}), flush=True)
            runs = 0
            for line in sys.stdin:
                request = json.loads(line)
                results = []
                for path in request["paths"]:
                    result = store.run(None, path)
                    runs += 1
                    if path["events"] and runs % 2 == 0:
                        for step in result["steps"]:
                            for record in step["records"].values():
                                record["visible"] = not record["visible"]
                    results.append(result)
                print(json.dumps({"id": request["id"], "results": results}), flush=True)

            """)
        let run = try files.run([
            "state", "explore", "--exec", "exec python3 drift.py '\(Self.examples.path)'", "--records", "1",
        ])
        #expect(run.status == 1, "\(run)")
        let output = run.stdout + run.stderr
        #expect(
            output.contains(
                "is not deterministic: the same 1 event from a fresh load showed record 'r1' as [confirmed "),
            "\(run)")
        #expect(
            output.contains(
                "] the second; a store's answers must depend only on the records loaded and the events sent"),
            "\(run)")
    }
}
