import BatchUpdate
import Foundation
import Testing

@testable import UpdateCheckCLI

/// `updatecheck adapters check --exec … --model uikit-sections --sections s`,
/// and sectioned adapter programs in a manifest.
@Suite struct SectionedExternalAdapterCommandTests {
    static let examples = ExternalAdapterCommandTests.examples

    @Test func theSectionedExamplePassesWithOneJUnitCasePerOldSnapshot() throws {
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("sections-\(UUID().uuidString).xml")
        defer { try? FileManager.default.removeItem(at: report) }
        let result = try BinaryRunner.run([
            "adapters", "check", "--exec", "python3 '\(Self.examples)/sectioned_collection.py'", "--model",
            "uikit-sections", "--sections", "2", "--ids", "3", "--junit", report.path,
        ])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("python-sectioned-collection: passed 48633 cases in "), "\(result)")
        #expect(result.stdout.contains(" requests sent)\nAll 1 sectioned adapters passed.\n"), "\(result)")
        let xml = try String(contentsOf: report, encoding: .utf8)
        #expect(xml.components(separatedBy: "<testcase ").count - 1 == 131)
        #expect(xml.contains("BatchUpdate.conformance.python-sectioned-collection"))
    }

    @Test func aProgramGetsRandomSectionedPairsAfterTheExhaustiveOnes() throws {
        let result = try BinaryRunner.run([
            "adapters", "check", "--exec", "python3 '\(Self.examples)/sectioned_collection.py'", "--model",
            "uikit-sections", "--sections", "1", "--ids", "1", "--random", "250", "--max-items", "120", "--seed", "3",
        ])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stdout.hasPrefix(
                "Proving python-sectioned-collection: every pair of up to 1 sections and 1 items (3 old snapshots; "
                    + "nothing, every kept item, every kept section changed), 250 random sectioned pairs of up to "
                    + "120 items (seed 3).\n"), "\(result)")
        // The 3 old snapshots of the bound with their 14 cases, then the 250 random pairs.
        #expect(result.stdout.contains("python-sectioned-collection: passed 264 cases in "), "\(result)")
    }

    @Test func theOneBatchVariantFailsOnAnItemMovedIntoAnInsertedSection() throws {
        let result = try BinaryRunner.run([
            "adapters", "check", "--exec", "python3 '\(Self.examples)/sectioned_collection.py' --one-batch",
            "--model", "uikit-sections", "--sections", "2", "--ids", "2",
        ])
        #expect(result.status == 1, "\(result)")
        #expect(
            result.stdout.contains(
                "\n  [S: a] -> [S: | T: a] (changed: none): batch 1: attempt to move index path ({length = 2, path = "
                    + "0 - 0}) to index path ({length = 2, path = 1 - 0}): cannot move an item into a newly inserted "
                    + "section (1)\n    batch 1: insertSections(sections: [1]); moveItem(at: [0, 0], to: [1, 0]) → "
                    + "[S: | T: a]\n"), "\(result)")
    }

    @Test func aSectionedModelNeedsSections() throws {
        let flat = try BinaryRunner.run(["adapters", "check", "--exec", "true", "--model", "uikit-sections"])
        #expect(flat.status == 64 && flat.stdout == "")
        #expect(
            flat.stderr.hasPrefix("Error: '--model uikit-sections' is a sectioned model: give '--sections s'.\n"),
            "\(flat)")
        let wrongModel = try BinaryRunner.run([
            "adapters", "check", "--exec", "python3 '\(Self.examples)/recyclerview_callback.py'", "--model",
            "uikit-sections", "--sections", "1",
        ])
        #expect(wrongModel.status == 65)
        #expect(
            wrongModel.stderr.contains(
                "it targets the model \"recyclerview\", but was started for the model \"uikit-sections\"."))
    }

    /// A manifest's program on a sectioned model runs in `check` as a
    /// sectioned suite, one case per old snapshot and one for the random
    /// sectioned pairs, and is listed as sectioned.
    @Test func aManifestsSectionedProgramRunsAsASectionedSuite() throws {
        let files = try DiffTestFiles()
        try files.write(
            "m.json",
            """
            {"adapters": [
              {"name": "team-sections", "command": "python3 sectioned_collection.py", "workingDirectory": "\(Self.examples)",
               "model": "uikit-sections", "policy": {"movedAndChanged": "move-then-refresh", "refresh": "reconfigure"}}
            ]}
            """)
        let check = try files.run(["check", "--config", "m.json", "--only", "adapters", "--ids", "2"])
        #expect(check.status == 0, "\(check)")
        // One per old snapshot, then one for check's 100 random sectioned pairs.
        let groups = ConformanceKit.groupCount(sectionCount: 2, idCount: 2, randomPairs: 100)
        #expect(groups == 34)
        #expect(
            check.stdout.range(of: "\nadapters team-sections +\(groups) +0 ", options: .regularExpression) != nil,
            "\(check.stdout)")
        let named = try files.run(["adapters", "check", "--config", "m.json", "team-sections", "--sections", "1"])
        #expect(named.status == 0 && named.stdout.contains("team-sections: passed "), "\(named)")
        let unsectioned = try files.run(["adapters", "check", "--config", "m.json", "team-sections"])
        #expect(unsectioned.status == 64)
        #expect(unsectioned.stderr.hasPrefix("Error: 'team-sections' is a sectioned adapter: give '--sections'.\n"))
        let listing = try files.run(["adapters", "--config", "m.json"])
        #expect(
            listing.stdout.hasSuffix(
                """

                team-sections
                  Model: uikit-sections (checked with --sections), from m.json:2:3.
                  Command: python3 sectioned_collection.py
                  Policy: moved+changed: move-then-refresh, refresh: reconfigure.

                """), "\(listing.stdout)")
        #expect(listing.stdout.components(separatedBy: "\nteam-sections\n").count == 2, "listed once")
    }
}
