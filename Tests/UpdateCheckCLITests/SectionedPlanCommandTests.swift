import Foundation
import Testing

@testable import UpdateCheckCLI

/// `updatecheck plan` on sectioned snapshot files: text, JSON and the
/// picture with section bands, for the sectioned adapters.
@Suite struct SectionedPlanCommandTests {
    /// Section U moves to the top, S's header changes and a moves into T,
    /// c's content changes and V is inserted with x.
    func files() throws -> DiffTestFiles {
        let files = try DiffTestFiles()
        try files.write(
            "old.json",
            #"[{"section": "S", "title": "Today", "items": ["a", "b"]}, {"section": "T", "items": ["c"]}, "#
                + #"{"section": "U", "items": ["d"]}]"#)
        try files.write(
            "new.json",
            #"[{"section": "U", "items": ["d"]}, {"section": "S", "title": "Now", "items": ["b"]}, "#
                + #"{"section": "T", "items": ["a", {"id": "c", "v": 2}]}, {"section": "V", "items": ["x"]}]"#)
        return files
    }

    @Test func uikitSplitsTheRefreshIntoASecondBatch() throws {
        let result = try files().run(["plan", "old.json", "new.json", "--adapter", "uikit-sections"])
        #expect(
            result
                == .init(
                    status: 0,
                    stdout: """
                        uikit-sections: sections 0 deleted, 1 inserted, 1 moved, 1 changed (3 → 4); items 0 deleted, \
                        1 inserted, 1 moved, 1 changed (4 → 5)
                        batch 1 (→ [U: d | S: b | T: a c | V: x]):
                          insertSections(sections: [3])
                          moveSection(at: 2, to: 0)
                          moveItem(at: [0, 0], to: [2, 0])
                        batch 2 (→ [U: d | S: b | T: a c | V: x]):
                          reloadSections(sections: [1])
                          reconfigureItems(at: [[2, 1]])
                        Replayed on the uikit-sections model: shows the new sections and items, refreshes every \
                        changed section and item and keeps every cell its policy keeps (moved+changed: \
                        move-then-refresh, refresh: reconfigure).

                        """, stderr: ""))
    }

    @Test func headerRowsAsJSON() throws {
        let result = try files().run([
            "plan", "old.json", "new.json", "--adapter", "appkit-sections", "--format", "json",
        ])
        #expect(result.status == 0 && result.stderr == "")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["adapter"] as? String == "appkit-sections")
        let counts = try #require(object["counts"] as? [String: [String: Int]])
        #expect(counts["sections"] == ["old": 3, "new": 4, "deleted": 0, "inserted": 1, "moved": 1, "changed": 1])
        #expect(counts["items"] == ["old": 4, "new": 5, "deleted": 0, "inserted": 1, "moved": 1, "changed": 1])
        let batches = try #require(object["batches"] as? [[[String: Any]]])
        // U's header and row move to the top, a moves into T, V's header and x are inserted.
        #expect(
            batches.first?.compactMap { $0["method"] as? String } == ["moveRow", "moveRow", "moveRow", "insertRows"])
        let after = try #require(object["after"] as? [[[String: Any]]], "each batch's sections, as data")
        let shown = after.map { batch in
            batch.map { "\($0["section"] as? String ?? "?"): \($0["items"] as? [String] ?? [])" }
        }
        let expected = [#"U: ["d"]"#, #"S: ["b"]"#, #"T: ["a", "c"]"#, #"V: ["x"]"#]
        #expect(shown == [expected, expected])
        // IDs that a display string could not keep apart come back as written.
        let odd = try DiffTestFiles()
        try odd.write("a.json", #"[{"section": "S: x", "items": ["a | b", "c d"]}]"#)
        try odd.write("b.json", #"[{"section": "S: x", "items": ["c d", "a | b"]}]"#)
        let oddResult = try odd.run(["plan", "a.json", "b.json", "--adapter", "uikit-sections", "--format", "json"])
        let oddObject = try #require(
            try JSONSerialization.jsonObject(with: Data(oddResult.stdout.utf8)) as? [String: Any])
        let oddAfter = try #require(oddObject["after"] as? [[[String: Any]]])
        #expect(oddAfter.last?.first?["section"] as? String == "S: x")
        #expect(oddAfter.last?.first?["items"] as? [String] == ["c d", "a | b"])
        #expect(object["verified"] as? Bool == true)
    }

    @Test func thePictureDrawsSectionBands() throws {
        let result = try files().run([
            "plan", "old.json", "new.json", "--adapter", "diffable-sections", "--format", "svg",
        ])
        #expect(result.status == 0)
        let svg = result.stdout
        for band in [
            #"<g class="section moved">"#, #"<g class="section kept changed">"#, #"<g class="section inserted">"#,
            #"<path class="section-link moved""#,
        ] {
            #expect(svg.contains(band), "\(band)")
        }
        #expect(svg.components(separatedBy: #"<g class="section "#).count - 1 == 3 + 4)
        #expect(svg.contains(">§ V</text>"))
        #expect(svg.contains(#"<g class="item moved">"#))
        #expect(svg.contains(#"<g class="item changed">"#))
    }

    @Test func shapesMustMatch() throws {
        let files = try files()
        try files.write("flat.json", #"["a", "b"]"#)
        let usage =
            "Usage: updatecheck plan <old> <new> [<options>]\n  See 'updatecheck plan --help' for more information.\n"
        let flatAdapter = try files.run(["plan", "old.json", "new.json", "--adapter", "uikit"])
        #expect(
            flatAdapter
                == .init(
                    status: 64, stdout: "",
                    stderr: "Error: 'uikit' plans flat lists, and the files hold sections: '--adapter' takes a "
                        + "sectioned adapter, one of uikit-sections, uikit-sections-reload, diffable-sections, "
                        + "diffable-reload-sections, appkit-sections, recyclerview-sections, "
                        + "recyclerview-no-payload-sections, animatedlist-sections.\n" + usage))
        let sectionedAdapter = try files.run(["plan", "flat.json", "flat.json", "--adapter", "uikit-sections"])
        #expect(
            sectionedAdapter
                == .init(
                    status: 64, stdout: "",
                    stderr: "Error: 'uikit-sections' plans sectioned lists, and the files are flat: give section "
                        + "objects or a flat adapter.\n" + usage))
        let mixed = try files.run(["plan", "flat.json", "new.json", "--adapter", "uikit-sections"])
        #expect(mixed.status == 65)
        #expect(mixed.stderr.hasPrefix("Error: flat.json is a flat array of IDs but new.json holds sections"))
    }

    /// `[]` is an empty list of either shape: a sectioned adapter plans it
    /// as no sections, to itself or to sections.
    @Test func anEmptyArrayIsAnEmptySectionedList() throws {
        let files = try files()
        try files.write("empty.json", "[]")
        let nothing = try files.run(["plan", "empty.json", "empty.json", "--adapter", "uikit-sections"])
        #expect(nothing.status == 0 && nothing.stderr == "", "\(nothing)")
        #expect(nothing.stdout.hasPrefix("uikit-sections: sections 0 deleted, 0 inserted, 0 moved, 0 changed (0 → 0)"))
        #expect(nothing.stdout.contains("\nno calls: nothing changed\n"))
        let filled = try files.run(["plan", "empty.json", "old.json", "--adapter", "diffable-sections"])
        #expect(filled.status == 0, "\(filled)")
        #expect(
            filled.stdout.hasPrefix("diffable-sections: sections 0 deleted, 3 inserted, 0 moved, 0 changed (0 → 3)"))
        let flat = try files.run(["plan", "empty.json", "empty.json", "--adapter", "uikit"])
        #expect(flat.status == 0 && flat.stdout.hasPrefix("uikit: 0 deleted, 0 inserted, 0 moved, 0 changed"))
    }
}
