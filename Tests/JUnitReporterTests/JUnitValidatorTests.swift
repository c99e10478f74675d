import Foundation
import Testing

@testable import JUnitReporter

@Suite struct JUnitValidatorTests {
    func file(_ text: String, _ name: String = "r.xml") throws -> String {
        let path = TemporaryFolder.shared.path(name)
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    @Test func writtenReportsAreValidAgainstTheJenkinsSchema() throws {
        let path = TemporaryFolder.shared.path("sample.xml")
        try JUnitWriter.write(JUnitWriterTests.sample, to: path)
        let result = try JUnitValidator.validate(file: path, schema: JenkinsSchema.required())
        #expect(
            result
                == JUnitValidation(
                    problems: [], problemCount: 0, totals: JUnitWriterTests.sample.totals, suiteCount: 2))
    }

    @Test func structureProblemsAreListedWithTheirLines() throws {
        let path = try file(
            """
            <?xml version="1.0"?>
            <testsuites tests="5" failures="x">
              <testsuite name="a" tests="3" failures="0" errors="0" skipped="1" time="1,5" timestamp="yesterday">
                <testcase name="one" time="0.5"><failure message="m"/></testcase>
                <testcase time="-1"><error/><failure/></testcase>
                <failure/>
              </testsuite>
              <testsuite tests="0" failures="0">
                <testsuite name="inner" tests="1" failures="0" errors="0"><testcase name="n"/></testsuite>
              </testsuite>
              <testcase name="stray"/>
            </testsuites>
            """)
        let result = try JUnitValidator.validate(file: path)
        #expect(
            result.problems.map(\.description) == [
                #"line 2: failures="x" is not a whole number"#,
                #"line 2: <testsuites> declares tests="5" but its cases count 4"#,
                #"line 3: time="1,5" is not a number of seconds with a '.' decimal point"#,
                #"line 3: timestamp "yesterday" is not an ISO 8601 time (YYYY-MM-DDTHH:MM:SS)"#,
                #"line 3: <testsuite name="a"> declares tests="3" but its cases count 2"#,
                #"line 3: <testsuite name="a"> declares failures="0" but its cases count 2"#,
                #"line 3: <testsuite name="a"> declares errors="0" but its cases count 1"#,
                #"line 3: <testsuite name="a"> declares skipped="1" but its cases count 0"#,
                "line 5: <testcase> has no name attribute",
                #"line 5: time="-1" is not a number of seconds with a '.' decimal point"#,
                #"line 6: <failure> outside a <testcase> (junit merge makes it a case named "(suite failure)")"#,
                "line 8: <testsuite> has no name attribute",
                "line 8: <testsuite> has no errors attribute",
                #"line 8: <testsuite name=""> declares tests="0" but its cases count 1"#,
                "line 11: <testcase> inside <testsuites>; it belongs in a <testsuite>",
            ])
        #expect(result.problemCount == 15)
        // Each result counts: the case with an <error> and a <failure> is in both.
        #expect(result.totals == JUnitTotals(tests: 4, failures: 2, errors: 1, milliseconds: 500))
    }

    /// A file with no byte at all is said to be empty, not to have "extra
    /// content" as libxml2 puts it, and one of white space alone is said to
    /// be that: neither is XML at all, so validating or merging either is
    /// refused, as a file that does not start with '<' is.
    @Test func anEmptyFileIsSaidToBeEmpty() throws {
        let path = try file("", "empty.xml")
        let empty = JUnitReporterError.malformed(path: path, line: 1, reason: "the file is empty, not a JUnit report")
        #expect(throws: empty) { try JUnitValidator.validate(file: path) }
        #expect(throws: empty) {
            try JUnitMerger.merge([path], into: TemporaryFolder.shared.path("merged-empty.xml"))
        }
        let blank = try file(" \n\t\r\n", "blank.xml")
        #expect(
            throws: JUnitReporterError.malformed(
                path: blank, line: 1, reason: "the file holds only white space, not a JUnit report")
        ) { try JUnitValidator.validate(file: blank) }
    }

    /// A timestamp must be a time a calendar has, not only have its digits
    /// in the right places.
    @Test(arguments: [
        ("2021-03-07T10:36:56", true), ("2021-03-07T10:36:56.25+02:00", true), ("2024-02-29T23:59:59Z", true),
        ("2021-99-99T99:99:99", false), ("2021-02-29T00:00:00", false), ("0000-01-01T00:00:00", false),
        ("2021-03-07T24:00:00", false), ("2021-03-07T10:60:00", false), ("2021-03-07T10:36:56+25:00", false),
    ])
    func timestampsAreTimesACalendarHas(timestamp: String, valid: Bool) throws {
        let path = try file(
            """
            <testsuite name="a" tests="0" failures="0" errors="0" timestamp="\(timestamp)"/>
            """, "timestamp.xml")
        let problems = try JUnitValidator.validate(file: path).problems
        #expect(
            problems
                == (valid
                    ? []
                    : [
                        JUnitProblem(
                            line: 1, message: "timestamp \"\(timestamp)\" is not an ISO 8601 time (YYYY-MM-DDTHH:MM:SS)"
                        )
                    ]))
    }

    @Test func onlyTheFirstProblemsAreListedButAllAreCounted() throws {
        let cases = String(repeating: "<testcase/>\n", count: 10)
        let path = try file("<testsuite name=\"a\" tests=\"10\" failures=\"0\" errors=\"0\">\n\(cases)</testsuite>")
        let result = try JUnitValidator.validate(file: path, maxProblems: 2)
        #expect(
            result.problems == [
                JUnitProblem(line: 2, message: "<testcase> has no name attribute"),
                JUnitProblem(line: 3, message: "<testcase> has no name attribute"),
            ])
        #expect(result.problemCount == 10)
        #expect(!result.isValid)
    }

    @Test func schemaErrorsComeWithTheirLines() throws {
        let path = try file(
            """
            <?xml version="1.0"?>
            <testsuites skipped="0">
              <testsuite name="a" tests="0" failures="0" errors="0"><bogus/></testsuite>
            </testsuites>
            """)
        let result = try JUnitValidator.validate(file: path, schema: JenkinsSchema.required())
        #expect(
            result.problems.map(\.description) == [
                "line 2: schema: Element 'testsuites', attribute 'skipped': The attribute 'skipped' is not allowed.",
                "line 3: schema: Element 'bogus': This element is not expected. Expected is one of "
                    + "( testsuite, properties, testcase, system-out, system-err ).",
            ])
        #expect(try JUnitValidator.validate(file: path).isValid)
    }

    @Test func aRawControlCharacterMakesTheFileNotWellFormed() throws {
        // What the writer would produce without sanitising: ESC in an attribute.
        let path = try file(
            "<testsuites>\n<testsuite name=\"a\u{1B}[31m\" tests=\"0\" failures=\"0\" errors=\"0\"/>\n</testsuites>")
        let result = try JUnitValidator.validate(file: path)
        #expect(!result.isValid)
        #expect(result.problems.first?.line == 2)
        #expect(result.problems.first?.message.hasPrefix("not well-formed XML: ") == true)
    }

    @Test(arguments: ["<testsuites><testsuite>", "<?xml version=\"1.0\"?><a></b>", " <a>", "<a>text", "<<"])
    func malformedXMLIsAProblemNotAnError(text: String) throws {
        let result = try JUnitValidator.validate(file: try file(text))
        #expect(!result.isValid)
        #expect(result.problems.contains { $0.message.hasPrefix("not well-formed XML: ") })
    }

    /// Plain text, JSON or a log is not XML at all: both commands refuse it
    /// at its first character instead of libxml2's "Document is empty".
    @Test(arguments: [
        ("not xml", 1, "n"), ("{\"tests\": 1}\n", 1, "{"), ("\n\n  hello <testsuites/>", 3, "h"),
        ("\u{FEFF}[1, 2]", 1, "["), ("é", 1, "\\xC3"), ("\u{FEFF}\u{FEFF}<a/>", 1, "\\xEF"),
    ])
    func textThatIsNotXMLIsRefusedAtItsFirstCharacter(text: String, line: Int, shown: String) throws {
        let path = try file(text)
        let refused = JUnitReporterError.malformed(
            path: path, line: line,
            reason: "the report is not XML: it starts with \"\(shown)\", not '<' (a JUnit report starts with <?xml, "
                + "<testsuites> or <testsuite>)")
        #expect(throws: refused) { try JUnitValidator.validate(file: path) }
        #expect(throws: refused) { try JUnitMerger.merge([path], into: TemporaryFolder.shared.path("merged.xml")) }
    }

    @Test func otherRootsAreNotJUnit() throws {
        let result = try JUnitValidator.validate(file: try file("<html><testsuite/></html>"))
        #expect(
            result.problems.first?.description
                == "line 1: the root element is <html>; a JUnit report starts with <testsuites> or <testsuite>")
    }

    @Test func missingFilesAndBadSchemasAreErrors() throws {
        let missing = TemporaryFolder.shared.path("missing.xml")
        #expect(throws: JUnitReporterError.cannotRead(path: missing, reason: "no such file")) {
            try JUnitValidator.validate(file: missing)
        }
        let folder = (missing as NSString).deletingLastPathComponent
        #expect(throws: JUnitReporterError.cannotRead(path: folder, reason: "is a folder, not a file")) {
            try JUnitValidator.validate(file: folder)
        }
        let report = try file("<testsuites/>")
        #expect(throws: JUnitReporterError.cannotRead(path: missing, reason: "no such file")) {
            try JUnitValidator.validate(file: report, schema: .file(missing))
        }
        #expect(
            throws: JUnitReporterError.unusableSchema(
                path: report, reason: "The XML document '\(report)' is not a schema document.")
        ) {
            try JUnitValidator.validate(file: report, schema: .file(report))
        }
    }

    /// A `pattern` with nested repetition makes libxml2's regular
    /// expressions give up on a long value that does not match ("Internal
    /// error"): that is a failure of libxml2 with the schema, not a problem
    /// of the report.
    @Test func anInternalErrorOfTheValidatorIsTheSchemasNotTheReports() throws {
        let schema = try file(
            #"""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
              <xs:simpleType name="T"><xs:restriction base="xs:string">
                <xs:pattern value="(([0-9]{0,3},)*[0-9]{3}|[0-9]{0,3})*"/>
              </xs:restriction></xs:simpleType>
              <xs:element name="testsuites"><xs:complexType><xs:attribute name="id" type="T"/></xs:complexType></xs:element>
            </xs:schema>
            """#, "pattern.xsd")
        let report = try file("<testsuites id=\"\(String(repeating: "1", count: 40))x\"/>\n")
        #expect(
            throws: JUnitReporterError.unusableSchema(
                path: schema,
                reason: "libxml2 failed inside its validator at \(report):1 (Internal error: xmlSchemaValidateFacets, "
                    + "validating against a pattern facet), which is no problem of the report; a pattern too complex "
                    + "for libxml2's regular expressions can cause it")
        ) { try JUnitValidator.validate(file: report, schema: .file(schema)) }
        // A short value that does not match is a problem of the report.
        let short = try file(#"<testsuites id="1x"/>"#)
        #expect(try JUnitValidator.validate(file: short, schema: .file(schema)).problems.count == 1)
    }

    @Test func schemasAreRegularFilesOfBoundedSize() throws {
        let report = try file("<testsuites/>")
        let header = #"<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">"#
        let root = #"<xs:element name="testsuites"/>"#
        let small = try file(header + root + "</xs:schema>")
        #expect(try JUnitValidator.validate(file: report, schema: .file(small)).problems.isEmpty)
        // One byte past the bound is refused before libxml2 reads it; so is a file it includes.
        let padding = String(
            repeating: " ", count: JUnitReadingBounds.maxSchemaBytes + 1 - header.utf8.count - root.utf8.count - 12)
        let large = try file(header + root + padding + "</xs:schema>")
        #expect(
            throws: JUnitReporterError.unusableSchema(
                path: large,
                reason: "it is \(JUnitReadingBounds.maxSchemaBytes + 1) bytes long; an XML Schema may have at most "
                    + "16777216 (16 MiB)")
        ) {
            try JUnitValidator.validate(file: report, schema: .file(large))
        }
        let including = try file(header + #"<xs:include schemaLocation=""# + large + #""/>"# + root + "</xs:schema>")
        #expect(throws: JUnitReporterError.self) {
            try JUnitValidator.validate(file: report, schema: .file(including))
        }
        // A device, FIFO or standard input is no schema: libxml2 would read it until it ended.
        for path in ["/dev/zero", "-"] {
            #expect(
                throws: JUnitReporterError.cannotRead(
                    path: path, reason: "is not a regular file (a FIFO, device, socket or standard input)")
            ) {
                try JUnitValidator.validate(file: report, schema: .file(path))
            }
        }
        let includingADevice = try file(header + #"<xs:include schemaLocation="file:///dev/zero"/>"# + "</xs:schema>")
        #expect(throws: JUnitReporterError.self) {
            try JUnitValidator.validate(file: report, schema: .file(includingADevice))
        }
        // A file: URL's escapes are decoded before the check.
        #expect(LibXML.localPath(ofURL: "file:///tmp/a%20b.xsd") == "/tmp/a b.xsd")
        #expect(LibXML.localPath(ofURL: "file://localhost/x%2") == "/x%2")
        #expect(LibXML.localPath(ofURL: "http://example.com/a.xsd") == nil)
        #expect(LibXML.localPath(ofURL: "../a.xsd") == "../a.xsd")
    }

    /// A report whose last suite starts past line 70,000, where libxml2's
    /// nodes (16 bits for a line) stop at 65,535: `withBadTime` puts a
    /// case with `time="x"` on line 70,008.
    static func longReport(withBadTime: Bool) -> String {
        var text = "<testsuites>\n<testsuite name=\"s\" tests=\"70000\" failures=\"0\" errors=\"0\">\n"
        text += String(repeating: "<testcase name=\"c\"/>\n", count: 70_000)
        text += """
            </testsuite>
            <testsuite name="late" tests="1" failures="0" errors="0">
            <testcase classname="k">
            <system-out>out</system-out>
            </testcase>
            <testcase name="t" time="\(withBadTime ? "x" : "1")"/>
            </testsuite>
            </testsuites>

            """
        return text
    }

    @Test func linesPast65535AreTheRealOnes() throws {
        let path = try file(Self.longReport(withBadTime: true))
        let expected = [
            #"line 70004: <testsuite name="late"> declares tests="1" but its cases count 2"#,
            "line 70005: <testcase> has no name attribute",
            #"line 70008: time="x" is not a number of seconds with a '.' decimal point"#,
        ]
        #expect(try JUnitValidator.validate(file: path).problems.map(\.description) == expected)
        #expect(
            try JUnitValidator.validate(file: path, schema: JenkinsSchema.required()).problems.map(\.description)
                == Array(expected[0...1]) + [
                    "line 70005: schema: Element 'testcase': The attribute 'name' is required but missing.",
                    expected[2],
                ])
    }
}
