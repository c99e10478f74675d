import Foundation
import Testing

@testable import JUnitReporter

@Suite struct JUnitMergerTests {
    func file(_ text: String, _ name: String = "r.xml") throws -> String {
        let path = TemporaryFolder.shared.path(name)
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    func contents(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    @Test func mergingShardsGivesTheBytesOfTheWholeReport() throws {
        let sample = JUnitWriterTests.sample
        let first = TemporaryFolder.shared.path("1.xml")
        let second = TemporaryFolder.shared.path("2.xml")
        let whole = TemporaryFolder.shared.path("whole.xml")
        let merged = TemporaryFolder.shared.path("merged.xml")
        try JUnitWriter.write(JUnitReport(name: sample.name, suites: [sample.suites[0]]), to: first)
        try JUnitWriter.write(JUnitReport(name: "other", suites: [sample.suites[1]]), to: second)
        try JUnitWriter.write(sample, to: whole)
        #expect(try JUnitMerger.merge([first, second], into: merged) == sample.totals)
        #expect(try contents(merged) == contents(whole))
    }

    @Test func recomputesCountsFlattensNestedSuitesAndKeepsAttributes() throws {
        let first = try file(
            """
            <?xml version="1.0"?>
            <testsuites name="shard 1" tests="99">
              <!-- a comment -->
              <testsuite name="outer" tests="7" failures="7" errors="0" hostname="ci-1" timestamp="2024-05-01T10:00:00">
                <properties><property name="shard" value="1/2"/></properties>
                <testcase name="a" classname="k" time="1.250"><failure message="m">body &amp; more</failure></testcase>
                <testsuite name="inner" tests="0" failures="0" errors="0">
                  <testcase name="b" classname="k" time="0.500"><skipped/></testcase>
                </testsuite>
                <testcase name="c" classname="k"><error message="boom"/><system-out>out</system-out></testcase>
              </testsuite>
            </testsuites>
            """, "1.xml")
        let second = try file(
            #"<testsuite name="solo" tests="5" failures="0" errors="0"><testcase name="d" classname="k" time="2.000"/></testsuite>"#,
            "2.xml")
        let output = TemporaryFolder.shared.path("merged.xml")
        let totals = try JUnitMerger.merge([first, second], into: output)
        #expect(totals == JUnitTotals(tests: 4, failures: 1, errors: 1, skipped: 1, milliseconds: 3750))
        #expect(
            try String(contentsOfFile: output, encoding: .utf8) == """
                <?xml version="1.0" encoding="UTF-8"?>
                <testsuites name="shard 1" tests="4" failures="1" errors="1" time="3.750">
                  <testsuite name="outer" tests="1" failures="1" errors="0" skipped="0" time="1.250" hostname="ci-1" timestamp="2024-05-01T10:00:00">
                    <properties><property name="shard" value="1/2"/></properties>
                    <testcase name="a" classname="k" time="1.250"><failure message="m">body &amp; more</failure></testcase>
                  </testsuite>
                  <testsuite name="inner" tests="1" failures="0" errors="0" skipped="1" time="0.500">
                    <testcase name="b" classname="k" time="0.500"><skipped/></testcase>
                  </testsuite>
                  <testsuite name="outer" tests="1" failures="0" errors="1" skipped="0" time="0.000" hostname="ci-1" timestamp="2024-05-01T10:00:00">
                    <testcase name="c" classname="k"><error message="boom"/><system-out>out</system-out></testcase>
                  </testsuite>
                  <testsuite name="solo" tests="1" failures="0" errors="0" skipped="0" time="2.000">
                    <testcase name="d" classname="k" time="2.000"/>
                  </testsuite>
                </testsuites>

                """)
        #expect(try JUnitValidator.validate(file: output, schema: JenkinsSchema.required()).problems == [])
        #expect(try JUnitMerger.merge([first], into: output, name: "renamed").tests == 3)
        #expect(try ParsedReport(path: output).all("testsuites")[0].attributes["name"] == "renamed")
    }

    @Test func combiningJoinsSuitesOfTheSameNameAtTheFirstPlace() throws {
        let first = try file(
            """
            <testsuites>
              <testsuite name="diff" tests="1" failures="0" errors="0" timestamp="2024-05-01T10:00:00">
                <properties><property name="shard" value="1/2"/></properties>
                <testcase name="a" classname="k" time="1"/>
              </testsuite>
              <testsuite name="state" tests="1" failures="0" errors="0"><testcase name="s" classname="k"/></testsuite>
            </testsuites>
            """, "1.xml")
        let second = try file(
            """
            <testsuites>
              <testsuite name="diff" tests="1" failures="1" errors="0" timestamp="2024-05-01T10:05:00">
                <properties><property name="shard" value="2/2"/></properties>
                <testcase name="b" classname="k" time="2"><failure message="m"/></testcase>
              </testsuite>
              <testsuite name="empty" tests="0" failures="0" errors="0"/>
            </testsuites>
            """, "2.xml")
        let output = TemporaryFolder.shared.path("combined.xml")
        let totals = try JUnitMerger.merge([first, second], into: output, combiningSuites: true)
        #expect(totals == JUnitTotals(tests: 3, failures: 1, milliseconds: 3000))
        #expect(
            try String(contentsOfFile: output, encoding: .utf8) == """
                <?xml version="1.0" encoding="UTF-8"?>
                <testsuites name="updatecheck" tests="3" failures="1" errors="0" time="3.000">
                  <testsuite name="diff" tests="2" failures="1" errors="0" skipped="0" time="3.000" timestamp="2024-05-01T10:00:00">
                    <properties><property name="shard" value="1/2"/></properties>
                    <testcase name="a" classname="k" time="1.000"/>
                    <properties><property name="shard" value="2/2"/></properties>
                    <testcase name="b" classname="k" time="2.000"><failure message="m"/></testcase>
                  </testsuite>
                  <testsuite name="state" tests="1" failures="0" errors="0" skipped="0" time="0.000">
                    <testcase name="s" classname="k"/>
                  </testsuite>
                  <testsuite name="empty" tests="0" failures="0" errors="0" skipped="0" time="0.000"/>
                </testsuites>

                """)
        #expect(try JUnitValidator.validate(file: output, schema: JenkinsSchema.required()).problems == [])
    }

    @Test(
        arguments: [
            ("<testsuites>\n<testsuite name=\"a\">\n<testcase name=\"x\">\n</testsuite>", 4, "not well-formed XML: "),
            ("<html>\n<testsuite/></html>", 1, "not a JUnit report: the root element is <html>"),
            (
                "<testsuites>\n  <testcase name=\"x\"/>\n</testsuites>", 2,
                "<testcase> inside <testsuites>; it belongs in a <testsuite>"
            ),
            (
                "<testsuites>\n  <properties><testcase name=\"x\"/></properties>\n</testsuites>", 2,
                "<testcase> inside the content of another element; it cannot be merged"
            ),
            (
                "<testsuites>\n  <failure/>\n</testsuites>", 2,
                "<failure> not directly inside a <testcase>; no JUnit reader would count it"
            ),
            (
                "<testsuite name=\"a\">\n<testcase name=\"x\" time=\"1,5\"/></testsuite>", 2,
                "time=\"1,5\" is not a number of seconds"
            ),
            ("", 1, "the file is empty, not a JUnit report"),
        ] as [(String, Int, String)])
    func malformedInputsAreRejectedNamingFileAndLine(text: String, line: Int, reason: String) throws {
        let good = TemporaryFolder.shared.path("good.xml")
        try JUnitWriter.write(JUnitWriterTests.sample, to: good)
        let bad = try file(text, "bad.xml")
        let output = TemporaryFolder.shared.path("out.xml")
        try "previous".write(toFile: output, atomically: false, encoding: .utf8)
        do {
            try JUnitMerger.merge([good, bad], into: output)
            Issue.record("expected the merge to fail")
        } catch {
            guard case .malformed(let path, let errorLine, let message) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(path == bad)
            #expect(errorLine == line)
            #expect(message.hasPrefix(reason), "\(message)")
        }
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "previous")
        let folder = (output as NSString).deletingLastPathComponent
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["out.xml"])
    }

    @Test func aMissingInputIsNamedBeforeAnythingIsWritten() throws {
        let missing = TemporaryFolder.shared.path("missing.xml")
        let output = TemporaryFolder.shared.path("out.xml")
        #expect(throws: JUnitReporterError.cannotRead(path: missing, reason: "no such file")) {
            try JUnitMerger.merge([missing], into: output)
        }
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func linesPast65535AreTheRealOnes() throws {
        let output = TemporaryFolder.shared.path("merged.xml")
        let bad = try file(JUnitValidatorTests.longReport(withBadTime: true))
        #expect(
            throws: JUnitReporterError.malformed(
                path: bad, line: 70008, reason: #"time="x" is not a number of seconds"#)
        ) {
            try JUnitMerger.merge([bad], into: output)
        }
        var warnings: [String] = []
        let good = try file(JUnitValidatorTests.longReport(withBadTime: false))
        try JUnitMerger.merge([good], into: output, warn: { warnings.append($0) })
        #expect(warnings == ["\(good):70005: a <testcase> without a name; named \"(unnamed case, line 70005)\""])
    }

    /// `<properties>` directly in `<testsuites>`, which `junit validate`
    /// accepts, is merged: left out with a warning, since the merged root
    /// holds suites only (the Jenkins schema allows nothing else there).
    @Test func propertiesOfTheRootAreLeftOutWithAWarning() throws {
        let suite = """
              <testsuite name="s" tests="1" failures="0" errors="0">
                <properties><property name="os" value="linux"/></properties>
                <testcase name="a" classname="k" time="0.5"/>
              </testsuite>

            """
        let withRoot = try file(
            """
            <testsuites name="run">
              <properties>
                <property name="commit" value="abc"/>
              </properties>
              <system-out>setup</system-out>
            \(suite)</testsuites>
            """)
        let without = try file("<testsuites name=\"run\">\n\(suite)</testsuites>\n")
        #expect(try JUnitValidator.validate(file: withRoot).problems == [])
        var warnings: [String] = []
        let merged = TemporaryFolder.shared.path("merged.xml")
        let expected = TemporaryFolder.shared.path("expected.xml")
        #expect(
            try JUnitMerger.merge([withRoot], into: merged, warn: { warnings.append($0) })
                == JUnitTotals(tests: 1, milliseconds: 500))
        try JUnitMerger.merge([without], into: expected)
        #expect(try contents(merged) == contents(expected))
        #expect(
            warnings == [
                "\(withRoot):2: <properties> directly in <testsuites> left out: the merged report holds only suites "
                    + "there, as the Jenkins junit-10 schema requires",
                "\(withRoot):5: <system-out> directly in <testsuites> left out: the merged report holds only suites "
                    + "there, as the Jenkins junit-10 schema requires",
            ])
        #expect(try JUnitValidator.validate(file: merged, schema: JenkinsSchema.required()).problems == [])
    }

    /// A default namespace on `<testsuites>` or a suite puts the JUnit
    /// elements in it, which the merged `<testsuites>` (in none) could not
    /// share: the input is refused instead of merged with mixed namespaces.
    @Test(
        arguments: [
            (
                #"<testsuites xmlns="urn:x">"#
                    + "\n<testsuite name=\"s\" tests=\"0\" failures=\"0\" errors=\"0\"/>\n</testsuites>", 1,
                "<testsuites>"
            ),
            (
                "<testsuites>\n"
                    + #"<testsuite xmlns="urn:x" name="s" tests="1" failures="0" errors="0"><testcase name="a"/></testsuite>"#
                    + "\n</testsuites>", 2, "<testsuite>"
            ),
            (#"<testsuite xmlns="urn:x" name="s" tests="0" failures="0" errors="0"/>"#, 1, "<testsuite>"),
        ] as [(String, Int, String)])
    func aDefaultNamespaceOnTheRootOrASuiteIsRefused(text: String, line: Int, element: String) throws {
        let input = try file(text)
        let output = TemporaryFolder.shared.path("merged.xml")
        #expect(
            throws: JUnitReporterError.malformed(
                path: input, line: line,
                reason:
                    "\(element) declares a default namespace (\"urn:x\"): JUnit elements have no namespace, and the "
                    + "merged report, whose <testsuites> has none, would mix the two; remove the xmlns attribute to merge it"
            )
        ) { try JUnitMerger.merge([input], into: output) }
        #expect(!FileManager.default.fileExists(atPath: output))
        // An empty one (no namespace) changes nothing.
        let empty = try file(
            #"<testsuites xmlns=""><testsuite xmlns="" name="s" tests="0" failures="0" errors="0"/></testsuites>"#)
        try JUnitMerger.merge([empty], into: output)
        #expect(try JUnitValidator.validate(file: output, schema: JenkinsSchema.required()).problems == [])
    }
}
