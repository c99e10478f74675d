import BatchUpdate
import Foundation
import Testing
import UpdateCheckDiff
import UpdateCheckIO
import UpdateCheckUIKit

@testable import UpdateCheckCLI

/// `updatecheck adapters check --sections`: the sectioned kit on the
/// built-in sectioned adapters, its shards, JUnit cases and errors.
@Suite struct SectionedAdaptersCommandTests {
    /// The output with every `in 1.2 s` replaced by `in <t> s`.
    func timeless(_ text: String) -> String {
        text.replacingOccurrences(of: #"in [0-9]+\.[0-9] s"#, with: "in <t> s", options: .regularExpression)
    }

    /// The `<testcase name>`s of a report, in order.
    func caseNames(_ xml: String) -> [String] {
        xml.components(separatedBy: "<testcase name=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }

    @Test func provesEverySectionedAdapterAndWritesOneCasePerOldSnapshot() throws {
        let files = try DiffTestFiles()
        let result = try files.run(["adapters", "check", "--sections", "2", "--ids", "1", "--junit", "report.xml"])
        let names = BuiltInAdapters.sectioned.map(\.name)
        #expect(names.count == 8)
        let groups = ExhaustiveCheck.snapshotCount(sectionCount: 2, idCount: 1)
        #expect(groups == 11)
        let cases = ConformanceKit.check(
            UIKitSectionedAdapter<ExhaustiveSectionID, ExhaustiveID>(),
            options: ConformanceOptions(sections: 2, sectionedIDs: 1)
        ).casesChecked
        #expect(
            timeless(result.stdout)
                == "Proving \(names.joined(separator: ", ")): every pair of up to 2 sections and 1 items "
                + "(11 old snapshots; nothing, every kept item, every kept section changed).\n"
                + names.map { "\($0): passed \(cases) cases in <t> s\n" }.joined()
                + "All 8 sectioned adapters passed.\n")
        #expect(result.status == 0 && result.stderr == "")
        let xml = try String(contentsOf: files.folder.appendingPathComponent("report.xml"), encoding: .utf8)
        #expect(caseNames(xml).count == 8 * groups)
        #expect(
            xml.contains(#"<testsuite name="adapter appkit-sections shard 1/1" tests="11" failures="0" errors="0""#))
        #expect(
            xml.contains(#"<testcase name="old [T: a | S:]" classname="BatchUpdate.conformance.diffable-sections""#))
        #expect(xml.contains(#"<property name="sections" value="2"/>"#))
        #expect(xml.contains(#"<property name="items" value="1"/>"#))
        #expect(xml.contains(#"<property name="cases" value="\#(cases)"/>"#))
    }

    @Test func shardsCoverEveryOldSnapshotOnce() throws {
        let files = try DiffTestFiles()
        var sharded: [String] = []
        for index in 1...3 {
            let result = try files.run([
                "adapters", "check", "uikit-sections", "--sections", "2", "--ids", "2", "--shard", "\(index)/3",
                "--junit", "s\(index).xml",
            ])
            #expect(result.status == 0)
            sharded += caseNames(
                try String(contentsOf: files.folder.appendingPathComponent("s\(index).xml"), encoding: .utf8))
        }
        let whole = try files.run(["adapters", "check", "diffable-sections", "--sections", "2", "--junit", "w.xml"])
        #expect(whole.status == 0)
        let all = caseNames(try String(contentsOf: files.folder.appendingPathComponent("w.xml"), encoding: .utf8))
        #expect(all.count == ExhaustiveCheck.snapshotCount(sectionCount: 2, idCount: 3))
        let two = ExhaustiveCheck(sectionCount: 2, idCount: 2).snapshots.map { "old \($0)" }
        #expect(sharded.count == two.count)
        #expect(Set(sharded) == Set(two))
    }

    @Test func usageErrors() throws {
        let usage =
            "Usage: updatecheck adapters check [<name> ...] [<options>]\n"
            + "  See 'updatecheck adapters check --help' for more information.\n"
        for (arguments, message) in [
            (
                ["uikit", "--sections", "2"],
                "Unknown sectioned adapter 'uikit': expected one of uikit-sections, uikit-sections-reload, "
                    + "diffable-sections, diffable-reload-sections, appkit-sections, recyclerview-sections, "
                    + "recyclerview-no-payload-sections, animatedlist-sections."
            ),
            (["uikit-sections"], "'uikit-sections' is a sectioned adapter: give '--sections'."),
            (["--sections", "4"], "Invalid value '4' for '--sections': expected a whole number from 1 to 3."),
            (
                ["--sections", "2", "--ids", "6"],
                "Invalid value '6' for '--ids' with '--sections': expected a whole number from 1 to 5."
            ),
            (
                ["--sections", "2", "--ids", "0"],
                "Invalid value '0' for '--ids' with '--sections': expected a whole number from 1 to 5."
            ),
            (
                ["--sections", "1", "--random", "5", "--max-items", "256"],
                "Invalid value '256' for '--max-items' with '--sections': expected a whole number from 0 to 255."
            ),
            (
                ["--sections", "1", "--exec", "true"],
                "'--exec' with '--sections' needs '--model': one of uikit-sections, diffable-sections."
            ),
            (
                ["--sections", "2", "--exec", "true", "--model", "uikit"],
                "'--model uikit' is a flat model: '--sections' goes with a sectioned model (uikit-sections, "
                    + "diffable-sections)."
            ),
            (
                ["--sections", "2", "--exec", "true", "--model", "flutter"],
                "Unknown value 'flutter' for '--model' with '--sections': expected one of uikit-sections, "
                    + "diffable-sections."
            ),
            (
                ["--sections", "2", "--model", "uikit-sections"],
                "'--model', '--timeout' and '--every-case' go with '--exec'."
            ),
            (
                ["--sections", "2", "uikit-sections", "--exec", "true", "--model", "uikit-sections"],
                "Give either adapter names or '--exec', not both."
            ),
        ] {
            let result = try BinaryRunner.run(["adapters", "check"] + arguments)
            #expect(result == .init(status: 64, stdout: "", stderr: "Error: \(message)\n" + usage))
        }
    }

    /// Forgets its item insertions: UIKit's per-section count check fails.
    struct ForgetsInsertions: UpdateAdapter {
        typealias Model = UIKitSectionedModel<ExhaustiveSectionID, ExhaustiveID>
        var name: String { "forgets-insertions" }
        var policy: AdapterPolicy { UIKitSectionedAdapter<ExhaustiveSectionID, ExhaustiveID>().policy }
        func batches(
            for plan: SectionedUpdatePlan<ExhaustiveSectionID, ExhaustiveID>
        ) -> [UpdateBatch<SectionedSnapshot<ExhaustiveSectionID, ExhaustiveID>, UIKitSectionedCall>] {
            UIKitSectionedAdapter<ExhaustiveSectionID, ExhaustiveID>().batches(for: plan).map { batch in
                var copy = batch
                copy.calls.removeAll { if case .item(.insertItems) = $0 { true } else { false } }
                return copy
            }
        }
    }

    @Test func aFailureNamesTheSmallestCaseWithItsBatchesAndGetsAPicture() throws {
        let report = ConformanceKit.check(
            ForgetsInsertions(), options: ConformanceOptions(sections: 1, sectionedIDs: 1))
        #expect(report.groups.map(\.name) == ["old []", "old [S:]", "old [S: a]"])
        let summary = timeless(report.summary())
        #expect(
            summary.hasPrefix(
                "forgets-insertions: FAILED \(report.failureCount) of \(report.casesChecked) cases in <t> s; "
                    + "smallest of each kind:\n  [S:] -> [S: a] (changed: none): batch 1: Invalid update: invalid "
                    + "number of items in section 0."))
        #expect(summary.hasSuffix("\n    batch 1:  → [S: a]\n"))
        let folder = try DiffTestFiles()
        let pictures = PictureFolder(junitPath: folder.folder.appendingPathComponent("check.xml").path)
        // The suite's cases carry the pictures, which the pictures sink writes and links.
        var result = SuiteResult(
            name: "adapters forgets-insertions", area: .adapters, timestamp: Date(), seconds: 0, properties: [],
            cases: AdapterConformanceSuite.cases(for: report))
        result.positions = [0, 1, 2]
        let staged = StagedFiles()
        let cases = try pictures.attach(SuiteRun(results: [result], timestamp: Date(), seconds: 0), staging: staged)
            .results[0].cases
        try staged.commit()
        #expect(cases[0].outcome == .passed && cases[0].systemOut == nil && cases[0].picture == nil)
        guard case .failure(let message, let type, let details) = cases[1].outcome else {
            Issue.record("expected old [S:] to fail")
            return
        }
        #expect(type == "BatchUpdate.ConformanceFailure")
        #expect(
            message.hasPrefix(
                "\(report.groups[1].failureCount) of \(report.groups[1].casesChecked) cases failed; smallest: [S:] -> [S: a] (changed: none): batch 1: Invalid update"
            ))
        #expect(details == report.groups[1].failures.map(\.description).joined(separator: "\n"))
        let path = folder.folder.appendingPathComponent("check-forgets-insertions-2.svg").path
        #expect(cases[1].systemOut == "[[ATTACHMENT|\(path)]]")
        let svg = try String(contentsOfFile: path, encoding: .utf8)
        #expect(svg.contains(#"<g class="section kept">"#))
        #expect(svg.contains(#"<g class="item inserted">"#))
        #expect(svg.contains("§ S"))
    }
}
