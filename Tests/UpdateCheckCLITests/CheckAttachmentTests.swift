import BatchUpdate
import Foundation
import Testing
import UpdateCheckDiff
import UpdateCheckIO
import UpdateCheckUIKit

@testable import UpdateCheckCLI

/// Failing adapter cases of `updatecheck check`: a picture of the smallest
/// failing pair next to the JUnit report, linked as `[[ATTACHMENT|path]]`.
@Suite struct CheckAttachmentTests {
    /// An adapter that forgets its insert calls (UIKit semantics otherwise).
    struct ForgetsInserts<ID: Hashable & Sendable>: UpdateAdapter {
        typealias Model = UIKitBatchModel<ID>
        var name: String { "forgetful" }
        var summary: String { "UIKit batches without their inserts." }
        var policy: AdapterPolicy { UIKitBatchAdapter<ID>().policy }
        func batches(for plan: UpdatePlan<ID>) -> [UpdateBatch<[ID], UIKitBatchCall>] {
            UIKitBatchAdapter<ID>().batches(for: plan).map { batch in
                UpdateBatch(
                    dataSource: batch.dataSource,
                    calls: batch.calls.filter { call in
                        if case .insertItems = call { return false }
                        return true
                    })
            }
        }
    }

    static let forgetful = AdapterEntry(ForgetsInserts<String>(), proving: ForgetsInserts<Int>())

    @Test func aFailingCaseLinksAPictureOfItsSmallestPair() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("attach-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let junit = folder.appendingPathComponent("check-2.xml").path
        let suite = AdapterConformanceSuite.make(
            Self.forgetful, scope: .flat(AdapterConformanceSuite.options(ids: 2, seed: 1, randomPairs: 0)))
        let code = try CheckCommand.run(
            [suite], options: CheckOptions(ids: 2, areas: [.adapters], junitPath: junit), console: .discarding)
        #expect(code == .checkFailed)

        let report = try ParsedCheckReport(contentsOf: URL(fileURLWithPath: junit))
        #expect(report.cases.map(\.name) == ["old []", "old [a]", "old [a, b]", "old [b]", "old [b, a]"])
        // Every old snapshot with fewer than two IDs can gain one: those groups fail.
        let failing = report.cases.filter { $0.outcome != "passed" }
        #expect(failing.map(\.name) == ["old []", "old [a]", "old [b]"])
        for testCase in report.cases {
            let position = report.cases.firstIndex(of: testCase)! + 1
            if testCase.outcome == "passed" {
                #expect(testCase.systemOut == nil)
                continue
            }
            let path = "\(folder.path)/check-2-forgetful-\(position).svg"
            #expect(testCase.systemOut == "[[ATTACHMENT|\(path)]]")
            let svg = try String(contentsOfFile: path, encoding: .utf8)
            #expect(svg.contains("<title>forgetful: "))
            #expect(svg.contains(#"<g class="item inserted">"#))
            let png = try CheckPictureTests.rendered(svg)
            #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        }
        let smallest = try String(contentsOfFile: "\(folder.path)/check-2-forgetful-1.svg", encoding: .utf8)
        #expect(smallest.contains("<title>forgetful: [] → [a], changed []</title>"))
    }

    @Test func shardsNamePicturesByTheCaseNotTheShard() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("attach-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let junit = folder.appendingPathComponent("s.xml").path
        let suite = AdapterConformanceSuite.make(
            Self.forgetful, scope: .flat(AdapterConformanceSuite.options(ids: 2, seed: 1, randomPairs: 0)))
        // Shard 2 of 2 holds local cases 1 and 3: old [a] and old [b].
        let run = try SuiteRunner(shard: Shard(index: 2, count: 2)!, console: .discarding).run([suite])
        let staged = StagedFiles()
        let results = try PictureFolder(junitPath: junit).attach(run, staging: staged).results
        try staged.commit()
        #expect(results.flatMap(\.cases).map(\.name) == ["old [a]", "old [b]"])
        #expect(
            results.flatMap(\.cases).map(\.systemOut) == [
                "[[ATTACHMENT|\(folder.path)/s-forgetful-2.svg]]", "[[ATTACHMENT|\(folder.path)/s-forgetful-4.svg]]",
            ])
    }

    /// Pictures are staged beside their names and take them all at once,
    /// when the report is written: a run that fails first leaves none, and
    /// a link at a picture's name is replaced, never written through.
    @Test func picturesTakeTheirNamesTogetherAndReplaceLinks() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("staged-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("updatecheck.json").path
        try #"{"adapters": []}"#.write(toFile: manifest, atomically: false, encoding: .utf8)
        let picture = folder.appendingPathComponent("r-forgetful-1.svg").path
        try FileManager.default.createSymbolicLink(atPath: picture, withDestinationPath: "updatecheck.json")
        let suite = AdapterConformanceSuite.make(
            Self.forgetful, scope: .flat(AdapterConformanceSuite.options(ids: 2, seed: 1, randomPairs: 0)))
        let run = try SuiteRunner(console: .discarding).run([suite])
        let pictures = PictureFolder(junitPath: folder.appendingPathComponent("r.xml").path)
        func entries() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() }
        do {
            let staged = StagedFiles()
            _ = try pictures.attach(run, staging: staged)
            let listed = try entries()
            // Cases 1, 2 and 4 fail (forgetful drops inserts).
            #expect(listed.filter { $0.hasSuffix(".tmp") }.count == 3, "\(listed)")
            // The run fails before the report is written: nothing of it stays.
        }
        #expect(try entries() == ["r-forgetful-1.svg", "updatecheck.json"])
        let staged = StagedFiles()
        _ = try pictures.attach(run, staging: staged)
        try staged.commit()
        let committed = try entries()
        #expect(committed == [1, 2, 4].map { "r-forgetful-\($0).svg" } + ["updatecheck.json"], "\(committed)")
        #expect(try String(contentsOfFile: manifest, encoding: .utf8) == #"{"adapters": []}"#)
        let replaced = try FileManager.default.attributesOfItem(atPath: picture)[.type] as? FileAttributeType
        #expect(replaced == .typeRegular)
        let drawn = try String(contentsOfFile: picture, encoding: .utf8)
        #expect(drawn.hasPrefix("<?xml") && drawn.contains("<svg"), "\(drawn.prefix(80))")
    }

    @Test func anUnwritablePictureIsExit73() throws {
        let suite = AdapterConformanceSuite.make(
            Self.forgetful, scope: .flat(AdapterConformanceSuite.options(ids: 1, seed: 1, randomPairs: 0)))
        let folder = PictureFolder(junitPath: "/nonexistent/folder/r.xml")
        #expect(
            throws: CLIError.cannotCreate(
                "/nonexistent/folder/r-forgetful-1.svg: cannot be written (the folder /nonexistent/folder does not exist)."
            )
        ) {
            try folder.attach(try SuiteRunner(console: .discarding).run([suite]), staging: StagedFiles())
        }
    }

    /// A report name leaving no room for the longest picture name is refused
    /// before any case runs, and nothing is written; one that leaves room,
    /// or a run without adapters (no pictures), goes ahead.
    @Test func aReportNameTooLongForItsPicturesIsRefusedBeforeTheRun() throws {
        let files = try DiffTestFiles()
        let long = String(repeating: "r", count: 247) + ".xml"
        let refused = try files.run(["check", "--only", "adapters", "--ids", "1", "--junit", long])
        #expect(refused.status == 73)
        #expect(
            refused.stderr
                == "Error: \(long): cannot be written with the pictures of its failing cases (the picture "
                + "'…-recyclerview-no-payload-sections-12.svg': the name is 287 bytes long; a file name may have at "
                + "most 255); give the report a shorter name.\n")
        #expect(refused.stdout == "")
        #expect(try FileManager.default.contentsOfDirectory(atPath: files.folder.path) == [])
        let stateOnly = try files.run(["check", "--only", "state", "--junit", long])
        #expect(stateOnly.status == 0)
        let fits = String(repeating: "r", count: 200) + ".xml"
        let written = try files.run(["check", "--only", "adapters", "--ids", "1", "--junit", fits])
        #expect(written.status == 0, "\(written.stderr)")
    }
}
