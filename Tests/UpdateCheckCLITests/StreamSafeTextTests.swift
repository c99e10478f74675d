import Foundation
import Testing
import UpdateCheckSupport

/// Unicode's stream-safe limit: text with a run of more than 30 combining
/// marks, which Swift would compare and hash in quadratic time, is refused
/// where it is read, with its place, in snapshots, scenarios and JUnit
/// reports; real text of any script passes.
@Suite struct StreamSafeTextTests {
    /// `base` followed by `count` marks, alternating two of different
    /// combining classes (so that canonical ordering has work to do).
    static func marks(_ count: Int, after base: String = "a") -> String {
        base + String(String.UnicodeScalarView((0..<count).map { $0 % 2 == 0 ? "\u{0301}" : "\u{0316}" }))
    }

    @Test func runsOfMarksAreCountedUpToTheLimit() {
        #expect(StreamSafeText.isStreamSafe(Self.marks(30)))
        #expect(!StreamSafeText.isStreamSafe(Self.marks(31)))
        #expect(!StreamSafeText.isStreamSafe(Self.marks(31, after: "")))
        // A starter (the grapheme joiner Unicode recommends, a letter) ends a run.
        #expect(StreamSafeText.isStreamSafe(Self.marks(30) + "\u{034F}" + Self.marks(30, after: "")))
        #expect(StreamSafeText.isStreamSafe(Self.marks(30) + Self.marks(30, after: "é")))
        // Characters that decompose into two marks count twice.
        #expect(StreamSafeText.isStreamSafe("\u{0F40}" + String(repeating: "\u{0F73}", count: 15)))
        #expect(!StreamSafeText.isStreamSafe("\u{0F40}" + String(repeating: "\u{0F73}", count: 16)))
        // Marks past the two-byte range count too (Devanagari nukta, a four-byte mark).
        #expect(!StreamSafeText.isStreamSafe("क" + String(repeating: "\u{093C}", count: 31)))
        #expect(!StreamSafeText.isStreamSafe("x" + String(repeating: "\u{1D167}", count: 31)))
        for text in ["", "plain", "Grüße", "日本語のテキスト", "👩‍👩‍👧‍👦🏳️‍🌈", "ञ्ज्ञ", "ḍ̇ṩ", "한국어", "ا​ل​ع​ر​ب​ي​ة"] {
            #expect(StreamSafeText.isStreamSafe(text), "\(text)")
        }
    }

    @Test func snapshotsAndScenariosRefuseTheRunWithItsPlace() throws {
        let files = try DiffTestFiles()
        let long = Self.marks(4_000)
        try files.write("ids.json", "[\"a\",\n\"\(long)\"]")
        try files.write("ok.json", #"["a"]"#)
        let ids = try BinaryRunner.run(["diff", "ids.json", "ok.json"], in: files.folder)
        #expect(ids.status == 65)
        #expect(
            ids.stderr.contains(
                "ids.json:2:1: offset 1: the ID holds more than 30 combining marks in a row, past Unicode's stream-safe limit "
                    + "(UAX #15)"), "\(ids.stderr)")
        try files.write("content.json", "[{\"id\": \"a\", \"title\": \"\(long)\"}]")
        let content = try BinaryRunner.run(["diff", "content.json", "content.json"], in: files.folder)
        #expect(content.status == 65)
        #expect(
            content.stderr.contains("content.json:1:23: the string holds more than 30 combining marks in a row"),
            "\(content.stderr)")
        try files.write(
            "scenario.json",
            "{\"name\": \"s\", \"records\": {\"\(long)\": false}, \"steps\": [{\"event\": \"tap\", \"record\": "
                + "\"\(long)\", \"value\": true}]}")
        let scenario = try BinaryRunner.run(["state", "run", "scenario.json"], in: files.folder)
        #expect(scenario.status == 65)
        #expect(scenario.stderr.contains("scenario.json:1:"), "\(scenario.stderr)")
        #expect(scenario.stderr.contains("combining marks in a row"), "\(scenario.stderr)")
    }

    @Test func junitReportsRefuseTheRunWithItsLine() throws {
        let files = try DiffTestFiles()
        try files.write(
            "r.xml",
            "<testsuites>\n<testsuite name=\"\(Self.marks(4_000))\" tests=\"0\" failures=\"0\" errors=\"0\"/>\n"
                + "</testsuites>")
        for arguments in [
            ["junit", "validate", "r.xml"], ["junit", "merge", "r.xml", "-o", "m.xml", "--combine-suites"],
        ] {
            let result = try BinaryRunner.run(arguments, in: files.folder)
            #expect(result.status == 65, "\(arguments)")
            #expect(
                (result.stdout + result.stderr).contains(
                    "r.xml:2: attribute name of <testsuite> holds more than 30 combining marks in a row"),
                "\(result.stdout) \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: files.folder.appendingPathComponent("m.xml").path))
    }
}
