import Foundation
import Testing
import UpdateCheckDiff

/// `updatecheck diff OLD NEW`, end to end through the built binary.
@Suite struct DiffCommandTests {
    /// The article's mixed case, for people.
    @Test func mixedCaseAsText() throws {
        let files = try DiffTestFiles()
        try files.ids("old.json", ["a", "b", "c"])
        try files.ids("new.json", ["c", "a", "d"])
        let result = try files.run(["diff", "old.json", "new.json"])
        #expect(
            result
                == .init(
                    status: 0,
                    stdout: """
                        old.json: 3 IDs; new.json: 3 IDs
                        Deleted (old offset):
                          1  "b"
                        Inserted (new offset):
                          2  "d"
                        Moved (old offset -> new offset):
                          2 -> 0  "c"
                        1 deleted, 1 inserted, 1 moved, 0 content updated; 1 stays put.

                        """, stderr: ""))
    }

    /// Integer IDs, as most JSON APIs return them: kept exactly as written,
    /// and printed as integers.
    @Test func integerIDs() throws {
        let files = try DiffTestFiles()
        try files.write("old.json", "[1, 2, 3]")
        try files.write("new.json", "[3, 1, -40]")
        #expect(
            try files.run(["diff", "old.json", "new.json"])
                == .init(
                    status: 0,
                    stdout: """
                        old.json: 3 IDs; new.json: 3 IDs
                        Deleted (old offset):
                          1  2
                        Inserted (new offset):
                          2  -40
                        Moved (old offset -> new offset):
                          2 -> 0  3
                        1 deleted, 1 inserted, 1 moved, 0 content updated; 1 stays put.

                        """, stderr: ""))
        try files.write("rows.json", #"[{"id": 3, "title": "x"}, {"id": 1}, {"id": -40}]"#)
        let json = try files.run(["diff", "old.json", "rows.json", "--format", "json"])
        #expect(json.status == 0)
        #expect(
            json.stdout.contains(#"{"offset": 1, "id": 2}"#) && json.stdout.contains(#"{"id": 3, "from": 2, "to": 0}"#))
        // An empty snapshot has no kind: it diffs against integers.
        try files.write("empty.json", "[]")
        #expect(try files.run(["diff", "empty.json", "new.json"]).stdout.contains("  0  3\n"))
    }

    /// Integers that are not kept exactly as IDs, and strings mixed with
    /// integers, inside a file or across the two: exit 65 naming where.
    @Test func integerIDsThatAreRefused() throws {
        let files = try DiffTestFiles()
        try files.write("numbers.json", "[1, 2]")
        try files.ids("strings.json", ["1", "2"])
        #expect(
            try files.run(["diff", "numbers.json", "strings.json"])
                == .init(
                    status: 65, stdout: "",
                    stderr: "Error: strings.json: its IDs are strings, while those of numbers.json are integers: "
                        + "both snapshots need IDs of one kind (7 and \"7\" are different IDs).\n"))
        let cases: [(String, String)] = [
            ("[1,\n 2.5]", "bad.json:2:2: offset 1: a number ID must be an integer, got 2.5."),
            ("[1e3]", "bad.json:1:2: offset 0: a number ID must be an integer, got 1e3."),
            (
                "[1,\n \"a\"]",
                "bad.json:2:2: offset 1: a string ID, but the first ID (line 1) is an integer: a snapshot's IDs are "
                    + "all strings or all integers."
            ),
            (
                "[{\"id\": 1}, {\"id\": \"b\"}]",
                "bad.json:1:13: offset 1: a string ID, but the first ID (line 1) is an integer: a snapshot's IDs "
                    + "are all strings or all integers."
            ),
            ("[1, 2, 1]", "bad.json: duplicate ID 1 at offsets 0 (line 1), 2 (line 1)."),
        ]
        for (text, message) in cases {
            try files.write("bad.json", text)
            let result = try files.run(["diff", "numbers.json", "bad.json"])
            #expect(result == .init(status: 65, stdout: "", stderr: "Error: \(message)\n"), "\(text)")
        }
    }

    /// Every fixed case of the article, as JSON for tools: exactly the
    /// deletions, insertions and moves that turn old into new.
    @Test(
        arguments: [
            ([], [], [], [], []),
            ([], ["a"], [], [#"{"offset": 0, "id": "a"}"#], []),
            (["a"], [], [#"{"offset": 0, "id": "a"}"#], [], []),
            (
                ["a", "b", "c"], ["c", "a", "d"], [#"{"offset": 1, "id": "b"}"#], [#"{"offset": 2, "id": "d"}"#],
                [#"{"id": "c", "from": 2, "to": 0}"#]
            ),
            (
                ["a", "b", "c"], ["c", "b", "a"], [], [],
                [#"{"id": "c", "from": 2, "to": 0}"#, #"{"id": "b", "from": 1, "to": 1}"#]
            ),
        ] as [([String], [String], [String], [String], [String])])
    func fixedCasesAsJSON(
        old: [String], new: [String], deletions: [String], insertions: [String], moves: [String]
    ) throws {
        let files = try DiffTestFiles()
        try files.ids("old.json", old)
        try files.ids("new.json", new)
        let result = try files.run(["diff", "old.json", "new.json", "--format=json"])
        func block(_ name: String, _ items: [String]) -> String {
            items.isEmpty
                ? "  \"\(name)\": []" : "  \"\(name)\": [\n    " + items.joined(separator: ",\n    ") + "\n  ]"
        }
        let expected =
            "{\n  \"oldCount\": \(old.count),\n  \"newCount\": \(new.count),\n"
            + [block("deletions", deletions), block("insertions", insertions), block("moves", moves)]
            .joined(separator: ",\n") + ",\n  \"contentUpdates\": []\n}\n"
        #expect(result == .init(status: 0, stdout: expected, stderr: ""))
    }

    /// The JSON output, read back, turns old into new (checked with the
    /// standard library). IDs holding a C1 control, DEL, U+FFFF or a
    /// bidirectional control, which the console would make visible on a
    /// terminal, come back as themselves: the JSON escapes them, so
    /// standard output stays JSON.
    @Test func jsonOutputAppliesWithTheStandardLibrary() throws {
        let files = try DiffTestFiles()
        let old = ["a", "b\u{85}", "c", "d", "e\u{7F}", "f"]
        let new = ["f", "x\u{FFFF}", "c", "a", "e\u{7F}", "y\u{202E}\u{2069}", "b\u{85}", "z\u{200B}\u{FEFF}\u{61C}"]
        try files.ids("old.json", old)
        try files.ids("new.json", new)
        let result = try files.run(["diff", "old.json", "new.json", "--format", "json"])
        let object = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        var changes: [CollectionDifference<String>.Change] = []
        for item in object["deletions"] as! [[String: Any]] {
            changes.append(.remove(offset: item["offset"] as! Int, element: item["id"] as! String, associatedWith: nil))
        }
        for item in object["insertions"] as! [[String: Any]] {
            changes.append(.insert(offset: item["offset"] as! Int, element: item["id"] as! String, associatedWith: nil))
        }
        for item in object["moves"] as! [[String: Any]] {
            let (id, from, to) = (item["id"] as! String, item["from"] as! Int, item["to"] as! Int)
            changes.append(.remove(offset: from, element: id, associatedWith: to))
            changes.append(.insert(offset: to, element: id, associatedWith: from))
        }
        let difference = try #require(CollectionDifference(changes))
        #expect(old.applying(difference) == new)
        #expect(result.stdout.contains(#""y\u202e\u2069""#))
        #expect(result.stdout.contains(#""z\u200b\ufeff\u061c""#))
        // Kept old offsets in new order: f 5, c 2, a 0, e 4, b 1; the longest
        // increasing run has length 2, so 5 kept IDs need exactly 3 moves.
        #expect((object["moves"] as! [Any]).count == 3)
    }

    /// A changed title with unchanged IDs is one content update and no structural change.
    @Test func contentUpdateIsListedApart() throws {
        let files = try DiffTestFiles()
        try files.write("old.json", #"[{"id": "a", "title": "Milk"}, {"id": "b", "title": "Bread"}]"#)
        try files.write("new.json", #"[{"title": "Oat milk", "id": "a"}, {"title": "Bread", "id": "b"}]"#)
        let text = try files.run(["diff", "old.json", "new.json"])
        #expect(
            text.stdout == """
                old.json: 2 IDs; new.json: 2 IDs
                Content updated (old offset -> new offset):
                  0 -> 0  "a"
                0 deleted, 0 inserted, 0 moved, 1 content updated; 2 stay put.

                """)
        let json = try files.run(["diff", "old.json", "new.json", "--format", "json"])
        #expect(
            json.stdout.hasSuffix(
                "\"contentUpdates\": [\n    {\"id\": \"a\", \"oldOffset\": 0, \"newOffset\": 0}\n  ]\n}\n"))
        #expect(json.stdout.contains("\"moves\": [],"))
    }

    /// Duplicate IDs: exit 65, naming the file, every duplicate and its offsets; nothing on stdout.
    @Test func duplicatesAreRejected() throws {
        let files = try DiffTestFiles()
        try files.ids("old.json", ["a"])
        try files.ids("new.json", ["a", "b", "a", "b", "c"])
        let result = try files.run(["diff", "old.json", "new.json"])
        #expect(
            result
                == .init(
                    status: 65, stdout: "",
                    stderr:
                        "Error: new.json: duplicate IDs \"a\" at offsets 0 (line 1), 2 (line 1); "
                        + "\"b\" at offsets 1 (line 1), 3 (line 1).\n"))
        try files.ids("dup.json", ["x", "x"])
        let old = try files.run(["diff", "dup.json", "new.json"])
        #expect(old.stderr == "Error: dup.json: duplicate ID \"x\" at offsets 0 (line 1), 1 (line 1).\n")
    }

    /// A snapshot saved as UTF-16 or UTF-32 is named as such, with its first
    /// bytes, rather than as an unexpected character.
    @Test func wideTextIsNamed() throws {
        let files = try DiffTestFiles()
        try files.ids("a.json", ["a"])
        for (encoding, bytes) in [
            (String.Encoding.utf16, "FF FE"), (.utf16LittleEndian, "5B 00"), (.utf32BigEndian, "00 00"),
        ] {
            try #require(#"["a"]"#.data(using: encoding)).write(to: files.folder.appendingPathComponent("w.json"))
            let result = try files.run(["diff", "w.json", "a.json"])
            #expect(result.status == 65)
            #expect(
                result.stderr.hasSuffix(
                    ": the file starts with the bytes \(bytes) of UTF-16 or UTF-32 text; JSON is read as UTF-8: "
                        + "save the file as UTF-8\n"), "\(result)")
        }
    }

    /// `-0` is the integer `0` to every JSON reader, so `[0, -0]` holds one
    /// ID twice; other integers are kept as written.
    @Test func minusZeroIsTheIDZero() throws {
        let files = try DiffTestFiles()
        try files.write("z.json", "[0, -0]")
        let result = try files.run(["diff", "z.json", "z.json"])
        #expect(result.status == 65)
        #expect(result.stderr == "Error: z.json: duplicate ID 0 at offsets 0 (line 1), 1 (line 1).\n")
        try files.write("old.json", "[-0, -7, 12]")
        try files.write("new.json", "[12, 0]")
        let kept = try files.run(["diff", "old.json", "new.json"])
        #expect(kept.stdout.contains("Deleted (old offset):\n  1  -7\n"), "\(kept)")
        #expect(kept.stdout.hasSuffix("1 deleted, 0 inserted, 1 moved, 0 content updated; 1 stays put.\n"), "\(kept)")
    }

    /// The message about duplicates stays short whatever the file: the
    /// first ten duplicates, each at its first ten places and by its first
    /// 200 characters, then how many more (a million copies of one ID gave
    /// a message of 190 MB).
    @Test func manyDuplicatesAreNamedInAShortMessage() throws {
        let files = try DiffTestFiles()
        let long = String(repeating: "é", count: 300)
        let ids = Array(repeating: "x", count: 25) + (0..<12).flatMap { ["d\($0)", "d\($0)"] } + [long, long]
        try files.ids("old.json", ["a"])
        try files.ids("new.json", ids)
        let result = try files.run(["diff", "old.json", "new.json"])
        let offsets = (0..<10).map { "\($0) (line 1)" }.joined(separator: ", ")
        let pairs = (0..<9).map { "\"d\($0)\" at offsets \(25 + 2 * $0) (line 1), \(26 + 2 * $0) (line 1)" }
        #expect(
            result
                == .init(
                    status: 65, stdout: "",
                    stderr: "Error: new.json: duplicate IDs \"x\" at offsets \(offsets), and 15 more offsets; "
                        + pairs.joined(separator: "; ") + "; and 4 more duplicate IDs.\n"))
        try files.ids("long.json", [long, "y", long])
        let cut = try files.run(["diff", "long.json", "old.json"])
        #expect(
            cut.stderr
                == "Error: long.json: duplicate ID \"\(String(repeating: "é", count: 200))\"… at offsets 0 (line 1), "
                + "2 (line 1).\n")
    }

    /// Non-string IDs, objects without a string id, a non-array and bad JSON:
    /// exit 65 naming file, line, column and offset.
    @Test func badInputNamesFileAndOffset() throws {
        let files = try DiffTestFiles()
        try files.ids("good.json", ["a"])
        let cases: [(String, String)] = [
            (
                "[\"a\",\n  3]",
                "bad.json:2:3: offset 1: an integer ID, but the first ID (line 1) is a string: a snapshot's IDs are "
                    + "all strings or all integers."
            ),
            (
                "[true]",
                "bad.json:1:2: offset 0: an ID must be a string, an integer or an object with an \"id\", got a boolean."
            ),
            ("[{\"title\": \"x\"}]", "bad.json:1:2: offset 0: the object has no \"id\" member."),
            ("[\"a\", {\"id\": null}]", "bad.json:1:7: offset 1: the \"id\" must be a string or an integer, got null."),
            ("{\"ids\": []}", "bad.json:1:1: expected an array of IDs, got an object."),
        ]
        for (text, message) in cases {
            try files.write("bad.json", text)
            let result = try files.run(["diff", "good.json", "bad.json"])
            #expect(result == .init(status: 65, stdout: "", stderr: "Error: \(message)\n"), "\(text)")
        }
        try files.write("bad.json", "[\"a\", ")
        let malformed = try files.run(["diff", "bad.json", "good.json"])
        #expect(malformed.status == 65)
        #expect(malformed.stderr.hasPrefix("Error: bad.json:1:7: "))
    }

    /// A missing file is exit 66; a wrong format is a usage error.
    @Test func missingFileAndBadFormat() throws {
        let files = try DiffTestFiles()
        try files.ids("old.json", ["a"])
        #expect(
            try files.run(["diff", "old.json", "gone.json"])
                == .init(status: 66, stdout: "", stderr: "Error: gone.json: no such file.\n"))
        #expect(
            try files.run(["diff", "old.json", "old.json", "--format", "xml"])
                == .init(
                    status: 64, stdout: "",
                    stderr: """
                        Error: Invalid value 'xml' for '--format': expected one of 'text', 'json'.
                        Usage: updatecheck diff <old> <new> [<options>]
                          See 'updatecheck diff --help' for more information.

                        """))
    }

    /// The help page, exactly.
    @Test func helpText() throws {
        let result = try BinaryRunner.run(["diff", "--help"])
        #expect(
            result
                == .init(
                    status: 0,
                    stdout: """
                        OVERVIEW: Diff two snapshots of unique IDs.

                        Each file holds a JSON array of IDs, strings or integers (one kind in both
                        files; an integer is kept as written), or of objects with an "id"; an object's
                        other members are its content. Deletions use old offsets, insertions
                        new offsets; moves are minimal. Content changes of kept IDs are listed apart.
                        A sectioned file holds section objects instead:
                        [{"section": "today", "items": ["a", {"id": "b", "title": "..."}]}, ...];
                        a section's other members are its content. Item IDs are unique across sections;
                        positions are [section, item].
                        Exit codes: 0 done; 1 the diff failed its verification; 64 bad usage; 65 bad JSON,
                        an ID that is neither a string nor an integer, string and integer IDs mixed,
                        duplicate IDs (naming file and lines) or a flat file against a sectioned one; 66
                        a file is missing.

                        USAGE: updatecheck diff <old> <new> [<options>]

                        ARGUMENTS:
                          <old>                   The snapshot before the change (JSON file).
                          <new>                   The snapshot after the change (JSON file).

                        OPTIONS:
                          --format <format>       Output format: text (default) or json.
                          -h, --help              Show help information.

                        SUBCOMMANDS:
                          exhaustive              Verify every ordered pair of ordered selections of k IDs.

                          See 'updatecheck diff <subcommand> --help' for detailed help.

                        """, stderr: ""))
    }
}
