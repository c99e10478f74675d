import Foundation
import Testing

/// `updatecheck diff` on sectioned snapshot files, end to end through the built binary.
@Suite struct SectionedDiffCommandTests {
    /// A cross-section move is one move; sections deleted, inserted and
    /// updated (a header title) are listed apart, as text.
    @Test func sectionedDiffAsText() throws {
        let files = try DiffTestFiles()
        try files.write(
            "old.json",
            """
            [{"section": "S", "title": "Today", "items": ["a", "b"]},
             {"section": "T", "items": [{"id": "c", "text": "hi"}]},
             {"section": "U", "items": []}]
            """)
        try files.write(
            "new.json",
            """
            [{"section": "S", "title": "Yesterday", "items": ["b"]},
             {"section": "T", "items": ["a", {"id": "c", "text": "hello"}]},
             {"section": "V", "items": ["d"]}]
            """)
        let result = try files.run(["diff", "old.json", "new.json"])
        #expect(result.stderr == "")
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                old.json: 3 sections, 3 items; new.json: 3 sections, 4 items
                Sections deleted (old offset):
                  2  "U"
                Sections inserted (new offset):
                  2  "V"
                Sections updated (old offset -> new offset):
                  0 -> 0  "S"
                Items inserted (new [section, item]):
                  [2, 0]  "d"
                Items moved (old [section, item] -> new):
                  [0, 0] -> [1, 0]  "a"
                Items updated (old [section, item] -> new):
                  [1, 0] -> [1, 1]  "c"
                1 sections deleted, 1 inserted, 0 moved, 1 updated; 0 items deleted, 1 inserted, 1 moved, 1 updated.

                """)
    }

    /// The JSON report: section offsets, item positions as [section, item].
    @Test func sectionedDiffAsJSON() throws {
        let files = try DiffTestFiles()
        try files.write("old.json", #"[{"section": "S", "items": ["a", "b"]}, {"section": "T", "items": ["c"]}]"#)
        try files.write("new.json", #"[{"section": "T", "items": ["c"]}, {"section": "S", "items": ["b"]}]"#)
        let result = try files.run(["diff", "old.json", "new.json", "--format", "json"])
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                {
                  "oldSectionCount": 2,
                  "newSectionCount": 2,
                  "oldCount": 3,
                  "newCount": 2,
                  "sectionDeletions": [],
                  "sectionInsertions": [],
                  "sectionMoves": [
                    {"id": "T", "from": 1, "to": 0}
                  ],
                  "deletions": [
                    {"position": [0, 0], "id": "a"}
                  ],
                  "insertions": [],
                  "moves": [],
                  "sectionContentUpdates": [],
                  "contentUpdates": []
                }

                """)
    }

    /// Duplicate section IDs and item IDs name both lines; a flat file
    /// against a sectioned one and malformed sections are bad input.
    @Test func badSectionedInput() throws {
        let files = try DiffTestFiles()
        try files.write("ok.json", #"[{"section": "S", "items": ["a"]}]"#)
        try files.write(
            "dupsection.json", "[{\"section\": \"S\", \"items\": []},\n{\"section\": \"S\", \"items\": []}]")
        try files.write(
            "dupitem.json", "[{\"section\": \"S\", \"items\": [\"a\"]},\n{\"section\": \"T\", \"items\": [\n\"a\"]}]")
        try files.write("flat.json", #"["a"]"#)
        try files.write("mixed.json", #"[{"section": "S", "items": []}, "a"]"#)
        try files.write("noitems.json", "[{\"section\": \"S\"}]")
        try files.write("baditem.json", "[{\"section\": \"S\", \"items\": [\n  3]}]")
        let sections = try files.run(["diff", "ok.json", "dupsection.json"])
        #expect(sections.status == 65)
        #expect(
            sections.stderr.contains(#"dupsection.json: duplicate section ID "S" at sections 0 (line 1), 1 (line 2)."#))
        let items = try files.run(["diff", "dupitem.json", "ok.json"])
        #expect(items.status == 65)
        #expect(items.stderr.contains(#"dupitem.json: duplicate item ID "a" at [0, 0] (line 1), [1, 0] (line 3)."#))
        let flat = try files.run(["diff", "flat.json", "ok.json"])
        #expect(flat.status == 65)
        #expect(flat.stderr.contains("flat.json is a flat array of IDs but ok.json holds sections"))
        let mixed = try files.run(["diff", "mixed.json", "ok.json"])
        #expect(mixed.status == 65)
        #expect(mixed.stderr.contains("mixed.json:1:33: section 1: expected a section object"))
        let noItems = try files.run(["diff", "noitems.json", "ok.json"])
        #expect(noItems.status == 65)
        #expect(noItems.stderr.contains(#"noitems.json:1:2: section 0: the object has no "items" member."#))
        let badItem = try files.run(["diff", "baditem.json", "ok.json"])
        #expect(badItem.status == 65)
        #expect(badItem.stderr.contains("baditem.json:2:3: section 0, item 0: an ID must be a string"))
    }
}
