import Foundation
import Testing
import UpdateCheckIO

@testable import JUnitReporter

@Suite struct JUnitWriterTests {
    static let sample = JUnitReport(
        name: "updatecheck",
        suites: [
            JUnitTestSuite(
                name: "state.seed", timestamp: Date(timeIntervalSince1970: 1_700_000_000.9),
                properties: [JUnitProperty(name: "seed", value: "42")],
                cases: [
                    JUnitTestCase(name: "tap twice", className: "state.seed", time: 0.0014),
                    JUnitTestCase(
                        name: "logout <race>", className: "state.seed", time: 1.5,
                        outcome: .failure(
                            message: "visible != confirmed", type: "invariant", details: "events: a & b ]]> c"),
                        systemOut: "[[ATTACHMENT|trace.json]]"),
                    JUnitTestCase(
                        name: "crash", className: "state.seed", time: 0.25,
                        outcome: .error(message: "thrown", type: "StoreError", details: "")),
                    JUnitTestCase(name: "later", className: "state.seed", outcome: .skipped(message: nil)),
                ],
                systemErr: "done"),
            JUnitTestSuite(name: "empty", timestamp: Date(timeIntervalSince1970: 0)),
        ])

    @Test func writesTheExpectedDocument() throws {
        let path = TemporaryFolder.shared.path("sample.xml")
        let totals = try JUnitWriter.write(Self.sample, to: path)
        #expect(totals == JUnitTotals(tests: 4, failures: 1, errors: 1, skipped: 1, milliseconds: 1751))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(
            text == """
                <?xml version="1.0" encoding="UTF-8"?>
                <testsuites name="updatecheck" tests="4" failures="1" errors="1" time="1.751">
                  <testsuite name="state.seed" tests="4" failures="1" errors="1" skipped="1" time="1.751" timestamp="2023-11-14T22:13:20">
                    <properties>
                      <property name="seed" value="42"/>
                    </properties>
                    <testcase name="tap twice" classname="state.seed" time="0.001"/>
                    <testcase name="logout &lt;race&gt;" classname="state.seed" time="1.500">
                      <failure message="visible != confirmed" type="invariant">events: a &amp; b ]]&gt; c</failure>
                      <system-out>[[ATTACHMENT|trace.json]]</system-out>
                    </testcase>
                    <testcase name="crash" classname="state.seed" time="0.250">
                      <error message="thrown" type="StoreError"/>
                    </testcase>
                    <testcase name="later" classname="state.seed" time="0.000">
                      <skipped/>
                    </testcase>
                    <system-err>done</system-err>
                  </testsuite>
                  <testsuite name="empty" tests="0" failures="0" errors="0" skipped="0" time="0.000" timestamp="1970-01-01T00:00:00"/>
                </testsuites>

                """)
    }
}

extension JUnitWriterTests {
    @Test func sanitisesAndEscapesAttributesAndText() throws {
        let path = TemporaryFolder.shared.path("escaped.xml")
        let report = JUnitReport(
            name: "r",
            suites: [
                JUnitTestSuite(
                    name: "s", timestamp: Date(timeIntervalSince1970: 0),
                    cases: [
                        JUnitTestCase(
                            name: "a\u{1B}[31mb\u{0}c \"q\" 'ü'", className: "k<&>", time: 0,
                            outcome: .failure(message: "line\nbreak\ttab", type: "t", details: "]]> <!-- \u{7} ü\r\n"))
                    ])
            ])
        try JUnitWriter.write(report, to: path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(
            text.contains(
                #"<testcase name="ab\u{0}c &quot;q&quot; '&#xFC;'" classname="k&lt;&amp;&gt;" time="0.000">"#))
        #expect(text.contains(#"<failure message="line&#10;break&#9;tab" type="t">]]&gt; &lt;!-- \u{7} ü&#13;"#))
        let parsed = try ParsedReport(path: path)
        let testCase = parsed.all("testcase")[0]
        #expect(testCase.attributes["name"] == #"ab\u{0}c "q" 'ü'"#)
        #expect(testCase.attributes["classname"] == "k<&>")
        let failure = parsed.all("failure")[0]
        #expect(failure.attributes["message"] == "line\nbreak\ttab")
        #expect(failure.text == "]]> <!-- \\u{7} ü\r\n")
    }

    @Test func capsOversizedOutputWithANote() throws {
        let path = TemporaryFolder.shared.path("capped.xml")
        let output = String(repeating: "x", count: 3 << 20)
        let report = JUnitReport(
            name: "r",
            suites: [
                JUnitTestSuite(
                    name: "s", timestamp: Date(timeIntervalSince1970: 0),
                    cases: [JUnitTestCase(name: String(repeating: "n", count: 100), className: "k", systemOut: output)])
            ])
        try JUnitWriter.write(
            report, to: path, options: JUnitWriterOptions(maxOutputBytes: 1 << 20, maxAttributeBytes: 10))
        let parsed = try ParsedReport(path: path)
        let half = String(repeating: "x", count: 1 << 19)
        #expect(parsed.all("system-out")[0].text == half + "\n[... 2097152 bytes cut ...]\n" + half)
        #expect(parsed.all("testcase")[0].attributes["name"] == "nnnnn\n[... 90 bytes cut ...]\nnnnnn")
    }

    @Test func replacesAPreviousReportKeepingItsPermissionsAndNoTemporary() throws {
        let path = TemporaryFolder.shared.path("replace.xml")
        try "old".write(toFile: path, atomically: false, encoding: .utf8)
        chmod(path, 0o600)
        try JUnitWriter.write(Self.sample, to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("<?xml"))
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let folder = (path as NSString).deletingLastPathComponent
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["replace.xml"])
    }

    @Test func newReportsAreReadableByEveryone() throws {
        let path = TemporaryFolder.shared.path("new.xml")
        try JUnitWriter.write(Self.sample, to: path)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o644)
    }

    @Test func missingFolderOrFolderTargetIsAnErrorNamingTheReason() throws {
        let path = TemporaryFolder.shared.path("missing/r.xml")
        let folder = (path as NSString).deletingLastPathComponent
        #expect(throws: JUnitReporterError.cannotCreate(path: path, reason: "the folder \(folder) does not exist")) {
            try JUnitWriter.write(Self.sample, to: path)
        }
        let target = (TemporaryFolder.shared.path("x") as NSString).deletingLastPathComponent
        #expect(throws: JUnitReporterError.cannotCreate(path: target, reason: "it is a folder")) {
            try JUnitWriter.write(Self.sample, to: target)
        }
    }

    @Test func aFailingDescriptorIsReportedWithTheSystemReason() {
        let descriptor = open("/dev/null", O_RDONLY)
        defer { close(descriptor) }
        let sink = XMLSink(output: FileOutput(descriptor: descriptor))
        sink.declaration()
        JUnitElements.testCase(JUnitTestCase(name: "c", className: "k"), on: sink, options: JUnitWriterOptions())
        #expect(sink.finish() == String(cString: strerror(EBADF)))
    }
}
