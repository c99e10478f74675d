import BatchUpdate
import Foundation
import Testing
import UpdateCheckDiff
import UpdateCheckSupport

@testable import UpdateCheckCLI

/// The adapter manifest (`updatecheck.json`, `--config`): reading it with
/// located errors, and its adapter programs as suites of `check` and
/// `adapters check`.
@Suite struct AdapterManifestTests {
    static let examples = BinaryRunner.repositoryRoot.appendingPathComponent("Examples/adapters")

    /// A manifest of one adapter whose members are `members` (JSON text).
    static func one(_ members: String) -> String {
        """
        {
          "adapters": [
            {\(members)}
          ]
        }
        """
    }

    static let good =
        #""name": "team", "command": "true", "model": "uikit", "#
        + #""policy": {"movedAndChanged": "move-then-refresh", "refresh": "reconfigure"}"#

    @Test func theExampleManifestReadsWithItsDefaults() throws {
        let path = Self.examples.appendingPathComponent("updatecheck.json").path
        let manifest = try AdapterManifest.load(path)
        #expect(
            manifest.adapters.map(\.name) == ["python-recyclerview", "node-splice-list", "python-sectioned-collection"])
        #expect(manifest.adapters.map(\.isSectioned) == [false, false, true])
        #expect(manifest.adapters[2].model == "uikit-sections")
        let python = manifest.adapters[0]
        #expect(python.command == "python3 recyclerview_callback.py")
        #expect(python.model == "recyclerview")
        #expect(python.policy == AdapterPolicy(movedAndChanged: .moveThenRefresh, refresh: .reconfigure))
        #expect(python.timeout == 10)
        #expect(python.workingDirectory == Self.examples.path, "commands run in the manifest's folder")
        #expect(python.location == "\(path):5:5")
        let node = manifest.adapters[1]
        #expect(node.policy.moves == .replacesCell)
        #expect(node.timeout == 20)
        #expect(!python.everyCase && !node.everyCase)
        let stateful = try AdapterManifest.parse(
            JSONNode.parse(Array(Self.one(Self.good + #", "everyCase": true"#).utf8)), file: "m.json", folder: ".")
        #expect(stateful.adapters[0].everyCase)
    }

    /// `updatecheck adapters` lists the manifest's programs (name, model,
    /// command, policy) after the built-in adapters.
    @Test func theListingShowsTheManifestsPrograms() throws {
        let files = try DiffTestFiles()
        try files.write(
            "m.json",
            Self.one(
                #""name": "android-feed", "command": "python3 tools/feed.py --fast", "model": "recyclerview", "#
                    + #""policy": {"movedAndChanged": "move-then-refresh", "refresh": "reconfigure"}"#))
        let result = try files.run(["adapters", "--config", "m.json"])
        #expect(result.status == 0 && result.stderr == "", "\(result)")
        #expect(
            result.stdout.hasSuffix(
                """

                Adapter programs of the manifest (checked with the defaults):

                android-feed
                  Model: recyclerview, from m.json:3:5.
                  Command: python3 tools/feed.py --fast
                  Policy: moved+changed: move-then-refresh, refresh: reconfigure.

                """), "\(result.stdout)")
        #expect(result.stdout.components(separatedBy: "\nandroid-feed\n").count == 2, "listed once")
        #expect(result.stdout.contains("\nanimatedlist\n"))
        let missing = try files.run(["adapters", "--config", "none.json"])
        #expect(missing.status == 66 && missing.stderr == "Error: none.json: no such file.\n")
        try files.write("updatecheck.json", "{\"adapters\": 1}")
        let malformed = try files.run(["adapters"])
        #expect(malformed.status == 65 && malformed.stderr.hasPrefix("Error: updatecheck.json:1:14: "))
    }

    @Test(arguments: [
        ("[]", "m.json:1:1: the manifest must be an object, not an array"),
        ("{}", "m.json:1:1: the manifest needs the key 'adapters' or 'stores'"),
        (#"{"adapters": [], "extra": 1}"#, "m.json:1:27: unknown key 'extra' in the manifest"),
        (#"{"adapters": {}}"#, "m.json:1:14: 'adapters' must be an array, not an object"),
        (#"{"version": 2, "adapters": []}"#, "m.json:1:13: 'version' must be 1"),
        (one(#""name": "team""#), "m.json:3:5: adapters[0] 'team': an adapter needs the key 'command'"),
        (one(#""command": "x""#), "m.json:3:5: adapters[0]: an adapter needs the key 'name'"),
        (#"{"adapters": [7]}"#, "m.json:1:15: adapters[0]: an adapter must be an object, not a number"),
        (
            one(good + #", "timeout": "10""#),
            "m.json:3:148: adapters[0] 'team': 'timeout' must be a whole number of seconds from 1 to 3600"
        ),
        (one(good + #", "timeout": 0"#), "'timeout' must be a whole number of seconds from 1 to 3600"),
        (one(good + #", "colour": "red""#), "m.json:3:147: adapters[0] 'team': unknown key 'colour' in an adapter"),
        (
            one(good.replacingOccurrences(of: "uikit", with: "flutter")),
            "m.json:3:50: adapters[0] 'team': unknown model 'flutter' for 'model' (expected 'uikit', 'appkit'"
        ),
        (
            one(good.replacingOccurrences(of: "reconfigure", with: "repaint")),
            "adapters[0] 'team': unknown value 'repaint' for 'refresh' (expected 'reconfigure', 'reload')"
        ),
        (
            one(good.replacingOccurrences(of: #", "refresh": "reconfigure""#, with: "")),
            "m.json:3:69: adapters[0] 'team': 'policy' needs the key 'refresh'"
        ),
        (one(good.replacingOccurrences(of: #""true""#, with: "[]")), "'command' must be a string, not an array"),
        (one(good.replacingOccurrences(of: #""true""#, with: #""""#)), "'command' must not be empty"),
        (
            one(good.replacingOccurrences(of: #""team""#, with: #""uikit""#)),
            "m.json:3:14: adapters[0] 'uikit': the name 'uikit' is a built-in adapter's"
        ),
        (
            one(good.replacingOccurrences(of: #""team""#, with: #""uikit-sections""#)),
            "m.json:3:14: adapters[0] 'uikit-sections': the name 'uikit-sections' is a built-in adapter's"
        ),
        (
            one(good.replacingOccurrences(of: #""team""#, with: #""animatedlist-sections""#)),
            "adapters[0] 'animatedlist-sections': the name 'animatedlist-sections' is a built-in adapter's"
        ),
        (
            one(good.replacingOccurrences(of: #""team""#, with: #""../../etc""#)),
            "m.json:3:14: adapters[0]: the name '../../etc' must be 1 to 64 letters, digits"
        ),
        (
            one(good.replacingOccurrences(of: #""team""#, with: #""te\u001b[2Jam""#)),
            "m.json:3:14: adapters[0]: 'name' must not contain a control character (U+001B)"
        ),
        (
            one(good.replacingOccurrences(of: #""uikit""#, with: #""uikit\u001b[31m""#)),
            "m.json:3:50: adapters[0] 'team': 'model' must not contain a control character (U+001B)"
        ),
        (
            one(good + #", "workingDirectory": "no-such-folder""#),
            "adapters[0] 'team': 'workingDirectory' 'no-such-folder' is not a folder"
        ),
        (one(good + #", "everyCase": "yes""#), "adapters[0] 'team': 'everyCase' must be true or false, not a string"),
        (
            "{\"adapters\": [\n{\(good)},\n{\(good)}\n]}",
            "m.json:3:10: adapters[1] 'team': the name 'team' is already used by the adapter at line 2"
        ),
        (
            "{\"adapters\": [\n{\(good)},\n{\(good.replacingOccurrences(of: #""team""#, with: #""Team""#))}\n]}",
            "m.json:3:10: adapters[1] 'Team': the name 'Team' differs only in case from 'team', the adapter at line 2, "
                + "and names that differ only in case are one file name on macOS"
        ),
        (
            one(good.replacingOccurrences(of: #""team""#, with: #""UIKit""#)),
            "m.json:3:14: adapters[0] 'UIKit': the name 'UIKit' differs only in case from the built-in adapter "
                + "'uikit', and names that differ only in case are one file name on macOS; choose another"
        ),
    ])
    func malformedManifestsNameFileLineAndKey(text: String, message: String) throws {
        let root = try JSONNode.parse(Array(text.utf8))
        do {
            _ = try AdapterManifest.parse(root, file: "m.json", folder: "/nonexistent-folder-for-tests")
            Issue.record("accepted: \(text)")
        } catch {
            #expect(error.code == .dataError)
            #expect(error.message.contains(message), "\(error.message)")
        }
    }

    @Test func aMissingConfigExits66AndAMalformedOneExits65BeforeAnyCheck() throws {
        let files = try DiffTestFiles()
        let missing = try files.run(["check", "--config", "nowhere.json", "--only", "state"])
        #expect(missing.status == 66)
        #expect(missing.stderr == "Error: nowhere.json: no such file.\n")
        #expect(missing.stdout == "")
        try files.write("updatecheck.json", "{\"adapters\": [\n  {\"name\": \"a\", \"name\": \"b\"}\n]}\n")
        for arguments in [["check", "--only", "state"], ["adapters", "check"], ["adapters", "check", "a"]] {
            let duplicate = try files.run(arguments)
            #expect(duplicate.status == 65, "\(arguments)")
            #expect(duplicate.stderr.hasPrefix("Error: updatecheck.json:2:"), "\(duplicate.stderr)")
            #expect(duplicate.stderr.contains("duplicate key \"name\""), "\(duplicate.stderr)")
            #expect(duplicate.stdout == "")
        }
        // A manifest named by --config is read by the state commands too, when no store of it is used.
        try files.write("bad.json", "{bad")
        for command in [["state", "run", "--builtin"], ["state", "explore", "--max-depth", "1"]] {
            let missingManifest = try files.run(command + ["--config", "nowhere.json"])
            #expect(missingManifest.status == 66, "\(command)")
            #expect(missingManifest.stderr == "Error: nowhere.json: no such file.\n")
            let malformed = try files.run(command + ["--config", "bad.json"])
            #expect(malformed.status == 65, "\(command)")
            #expect(malformed.stderr.hasPrefix("Error: bad.json:1:2: "), "\(malformed.stderr)")
        }
        let both = try files.run(["adapters", "check", "--exec", "true", "--model", "uikit", "--config", "x.json"])
        #expect(both.status == 64 && both.stderr.contains("Give either '--exec' or '--config', not both."))
    }

    @Test func aManifestFoundInTheCurrentFolderAddsItsAdaptersToAdaptersCheck() throws {
        let files = try DiffTestFiles()
        let script = Self.examples.appendingPathComponent("recyclerview_callback.py").path
        try files.write(
            "updatecheck.json",
            Self.one(
                #""name": "android", "command": "python3 '\#(script)'", "model": "recyclerview", "#
                    + #""policy": {"movedAndChanged": "move-then-refresh", "refresh": "reconfigure"}"#))
        let all = try files.run(["adapters", "check", "--ids", "2", "--junit", "r.xml"])
        #expect(all.status == 0, "\(all)")
        #expect(all.stdout.contains("Proving uikit, appkit, recyclerview, diffable, android: "))
        #expect(all.stdout.contains("\nandroid: passed "))
        let report = try ParsedCheckReport(contentsOf: files.folder.appendingPathComponent("r.xml"))
        #expect(report.cases.filter { $0.className == "BatchUpdate.conformance.android" }.count == 5)
        let named = try files.run(["adapters", "check", "android", "--ids", "2"])
        #expect(named.status == 0 && named.stdout.contains("Proving android: "), "\(named)")
        let unknown = try files.run(["adapters", "check", "ios"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("expected one of uikit, appkit, recyclerview, diffable, "))
        #expect(unknown.stderr.contains(", diffable, android, uikit-reload, "))
    }

    @Test func aProgramDeclaringAnotherPolicyOrNotStartingFailsItsOwnCases() throws {
        let files = try DiffTestFiles()
        let script = Self.examples.appendingPathComponent("recyclerview_callback.py").path
        try files.write(
            "m.json",
            """
            {"adapters": [
              {"name": "strict", "command": "python3 '\(script)'", "model": "recyclerview",
               "policy": {"movedAndChanged": "delete-and-insert", "refresh": "reconfigure"}},
              {"name": "gone", "command": "exit 3", "model": "uikit",
               "policy": {"movedAndChanged": "move-then-refresh", "refresh": "reconfigure"}}
            ]}
            """)
        let result = try files.run(["adapters", "check", "--config", "m.json", "strict", "gone", "--ids", "2"])
        #expect(result.status == 1, "\(result)")
        #expect(
            result.stdout.contains(
                "strict: could not run: m.json:2:3: adapter 'strict': the program declares the policy "
                    + "'moved+changed: move-then-refresh, refresh: reconfigure', but the manifest gives "
                    + "'moved+changed: delete-and-insert, refresh: reconfigure'."), "\(result.stdout)")
        #expect(
            result.stdout.contains(
                "gone: could not run: m.json:4:3: adapter 'gone': The program `exit 3` did not complete "
                    + "the protocol handshake: it exited with status 3 without printing a handshake."),
            "\(result.stdout)")
        #expect(result.stdout.contains("2 of 2 adapters failed."))
    }

    /// `check` runs the manifest's adapters as suites after the built-in
    /// ones; shards of it hold every case exactly once, named as in the
    /// whole run, and a failing program's cases get pictures.
    @Test func checkRunsPluggedSuitesInShardsWithPictures() throws {
        let files = try DiffTestFiles()
        let good = Self.examples.appendingPathComponent("recyclerview_callback.py").path
        let broken = Self.examples.appendingPathComponent("broken_recyclerview.py").path
        let path = try files.write(
            "m.json",
            """
            {"adapters": [
              {"name": "good", "command": "python3 '\(good)'", "model": "recyclerview",
               "policy": {"movedAndChanged": "move-then-refresh", "refresh": "reconfigure"}},
              {"name": "broken", "command": "python3 '\(broken)'", "model": "recyclerview",
               "policy": {"movedAndChanged": "move-then-refresh", "refresh": "reconfigure"}}
            ]}
            """)
        let manifest = try AdapterManifest.load(files.folder.appendingPathComponent(path).path)
        func run(_ shard: Shard) throws -> ParsedCheckReport {
            let junit = files.folder.appendingPathComponent("check-\(shard.index).xml").path
            let options = CheckOptions(ids: 3, shard: shard, areas: [.adapters], junitPath: junit)
            let suites = CheckCommand.teamSuites(AdapterCatalog(manifest: manifest), options: options, randomPairs: 150)
            #expect(suites.map(\.name) == ["adapters good", "adapters broken"])
            let code = try CheckCommand.run(suites, options: options, console: .discarding)
            #expect(code == .checkFailed)
            return try ParsedCheckReport(contentsOf: URL(fileURLWithPath: junit))
        }
        let whole = try run(.whole)
        // 16 old snapshots over 3 IDs and 2 groups of random pairs, per adapter.
        #expect(whole.cases.count == 36)
        let first = try run(Shard(index: 1, count: 2)!)
        let second = try run(Shard(index: 2, count: 2)!)
        let sharded = (first.cases + second.cases).map { "\($0.className) \($0.name)" }.sorted()
        #expect(sharded == whole.cases.map { "\($0.className) \($0.name)" }.sorted())
        let passing = whole.cases.filter { $0.className == "BatchUpdate.conformance.good" }
        #expect(passing.count == 18 && passing.allSatisfy { $0.outcome == "passed" })
        let failing = whole.cases.filter { $0.outcome != "passed" }
        #expect(!failing.isEmpty)
        #expect(failing.allSatisfy { $0.className == "BatchUpdate.conformance.broken" })
        for testCase in failing {
            let attachment = try #require(testCase.systemOut)
            #expect(attachment.hasPrefix("[[ATTACHMENT|\(files.folder.path)/check-1-broken-"))
        }
    }
}
