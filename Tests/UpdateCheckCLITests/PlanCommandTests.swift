import Foundation
import Testing

/// `updatecheck plan OLD NEW --adapter NAME`, end to end through the built binary.
@Suite struct PlanCommandTests {
    /// The article's pair with a's title changed.
    func articleFiles() throws -> DiffTestFiles {
        let files = try DiffTestFiles()
        try files.write("old.json", #"[{"id": "a", "title": "A"}, "b", "c"]"#)
        try files.write("new.json", #"["c", {"id": "a", "title": "A!"}, "d"]"#)
        return files
    }

    @Test func uikitCallsAsText() throws {
        let result = try articleFiles().run(["plan", "old.json", "new.json", "--adapter", "uikit"])
        #expect(
            result
                == .init(
                    status: 0,
                    stdout: """
                        uikit: 1 deleted, 1 inserted, 1 moved, 1 changed (3 → 3 items)
                        batch 1:
                          deleteItems(at: [[0, 1]])
                          insertItems(at: [[0, 2]])
                          moveItem(at: [0, 2], to: [0, 0])
                        batch 2:
                          reconfigureItems(at: [[0, 1]])
                        Replayed on the uikit model: shows the new snapshot, refreshes every changed item and keeps \
                        every cell its policy keeps (moved+changed: move-then-refresh, refresh: reconfigure).

                        """, stderr: ""))
    }

    @Test func everyDefaultAdapterAsText() throws {
        let files = try articleFiles()
        let expected = [
            "appkit": [
                "removeRows(at: [1])", "moveRow(at: 1, to: 0)", "insertRows(at: [2])", "batch 2:",
                "reloadData(forRowIndexes: [1])",
            ],
            "recyclerview": [
                "onRemoved(position: 1, count: 1)", "onMoved(fromPosition: 1, toPosition: 0)",
                "onInserted(position: 2, count: 1)", "onChanged(position: 1, count: 1, payload: \"content\")",
            ],
            "diffable": [#"apply(snapshot: ["c", "a", "d"], reconfigureItems: ["a"], reloadItems: [])"#],
            "uikit-delete-insert": [
                "deleteItems(at: [[0, 1]])", "insertItems(at: [[0, 2]])", "moveItem(at: [0, 2], to: [0, 0])",
                "batch 2:", "reconfigureItems(at: [[0, 1]])",
            ],
        ]
        for (adapter, calls) in expected {
            let result = try files.run(["plan", "old.json", "new.json", "--adapter=\(adapter)"])
            let lines = result.stdout.split(separator: "\n").map(String.init)
            #expect(result.status == 0 && result.stderr == "")
            #expect(lines.first == "\(adapter): 1 deleted, 1 inserted, 1 moved, 1 changed (3 → 3 items)")
            #expect(
                lines.dropFirst(2).dropLast().map { $0.trimmingCharacters(in: .whitespaces) } == calls, "\(adapter)")
            #expect(lines.last?.hasPrefix("Replayed on the \(adapter) model: shows the new snapshot") == true)
        }
    }

    @Test func uikitCallsAsJSON() throws {
        let result = try articleFiles().run(["plan", "old.json", "new.json", "--adapter", "uikit", "--format", "json"])
        #expect(
            result
                == .init(
                    status: 0,
                    stdout: """
                        {
                          "adapter": "uikit",
                          "policy": {"movedAndChanged": "move-then-refresh", "refresh": "reconfigure"},
                          "counts": {"old": 3, "new": 3, "deleted": 1, "inserted": 1, "moved": 1, "changed": 1},
                          "batches": [
                            [
                              {"method": "deleteItems", "arguments": {"at": [{"section": 0, "item": 1}]}},
                              {"method": "insertItems", "arguments": {"at": [{"section": 0, "item": 2}]}},
                              {"method": "moveItem", "arguments": {"at": {"section": 0, "item": 2}, "to": {"section": 0, "item": 0}}}
                            ],
                            [
                              {"method": "reconfigureItems", "arguments": {"at": [{"section": 0, "item": 1}]}}
                            ]
                          ],
                          "verified": true,
                          "problem": null
                        }

                        """, stderr: ""))
        let parsed = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect((parsed?["batches"] as? [[Any]])?.map(\.count) == [3, 1])
    }

    @Test func nothingChanged() throws {
        let files = try DiffTestFiles()
        try files.ids("same.json", ["a", "b"])
        let text = try files.run(["plan", "same.json", "same.json", "--adapter", "appkit"])
        #expect(text.status == 0)
        #expect(
            text.stdout.hasPrefix(
                "appkit: 0 deleted, 0 inserted, 0 moved, 0 changed (2 → 2 items)\nno calls: nothing changed\n"))
        let json = try files.run(["plan", "same.json", "same.json", "--adapter", "diffable", "--format", "json"])
        #expect(json.stdout.contains("\n  \"batches\": [],\n  \"verified\": true,\n"))
    }

    @Test func usageErrors() throws {
        let files = try articleFiles()
        let usage =
            "Usage: updatecheck plan <old> <new> [<options>]\n  See 'updatecheck plan --help' for more information.\n"
        let missing = try files.run(["plan", "old.json", "new.json"])
        #expect(missing == .init(status: 64, stdout: "", stderr: "Error: Missing '--adapter <name>'.\n" + usage))
        let unknown = try files.run(["plan", "old.json", "new.json", "--adapter", "swiftui"])
        #expect(
            unknown
                == .init(
                    status: 64, stdout: "",
                    stderr:
                        "Error: Unknown value 'swiftui' for '--adapter': expected one of uikit, appkit, recyclerview, "
                        + "diffable, uikit-reload, uikit-delete-insert, recyclerview-no-payload, diffable-reload, animatedlist, "
                        + "uikit-sections, uikit-sections-reload, diffable-sections, diffable-reload-sections, "
                        + "appkit-sections, recyclerview-sections, recyclerview-no-payload-sections, "
                        + "animatedlist-sections.\n"
                        + usage))
        let format = try files.run(["plan", "old.json", "new.json", "--adapter", "uikit", "--format", "yaml"])
        #expect(
            format
                == .init(
                    status: 64, stdout: "",
                    stderr: "Error: Invalid value 'yaml' for '--format': expected one of 'text', 'json', 'svg'.\n"
                        + usage))
    }

    @Test func badInputFiles() throws {
        let files = try articleFiles()
        try files.write("dupes.json", #"["a", "b", "a"]"#)
        let missing = try files.run(["plan", "old.json", "nope.json", "--adapter", "uikit"])
        #expect(missing == .init(status: 66, stdout: "", stderr: "Error: nope.json: no such file.\n"))
        let dupes = try files.run(["plan", "dupes.json", "new.json", "--adapter", "uikit"])
        #expect(
            dupes
                == .init(
                    status: 65, stdout: "",
                    stderr: "Error: dupes.json: duplicate ID \"a\" at offsets 0 (line 1), 2 (line 1).\n"))
    }

    @Test func help() throws {
        let result = try BinaryRunner.run(["plan", "--help"])
        #expect(
            result
                == .init(
                    status: 0,
                    stdout: """
                        OVERVIEW: Turn a diff into the ordered calls of a UI toolkit.

                        Each file holds a JSON array of string or integer IDs, or of objects with an "id";
                        an object's other members are its content, and kept IDs whose content differs
                        are refreshed. The calls are grouped in batches (one performBatchUpdates block,
                        one beginUpdates/endUpdates pair, one dispatch, one apply) and replayed on the
                        adapter's toolkit model. 'updatecheck adapters' lists the adapters. With
                        --format svg it draws both lists side by side, kept items joined, and the calls.
                        Sectioned files (as 'updatecheck diff' reads them) take a sectioned adapter
                        (uikit-sections, appkit-sections, ...): the report counts sections and items, each
                        batch names the sections it leaves, and the picture draws each section as a band
                        holding its items, sections deleted, inserted and moved coloured.
                        Exit codes: 0 done; 1 the calls fail on the model; 64 missing or unknown
                        --adapter, or one of the other shape; 65 bad JSON, duplicate IDs (naming file and
                        offset or lines) or a flat file against a sectioned one; 66 a file is missing.

                        USAGE: updatecheck plan <old> <new> [<options>]

                        ARGUMENTS:
                          <old>                   The snapshot before the change (JSON file).
                          <new>                   The snapshot after the change (JSON file).

                        OPTIONS:
                          --adapter <name>        The adapter: uikit, appkit, recyclerview, diffable, a variant, or a sectioned one.
                          --format <format>       Output format: text (default), json, or svg (a picture).
                          -h, --help              Show help information.

                        """, stderr: ""))
    }
}
