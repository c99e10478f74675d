import Foundation
import JUnitReporter
import Testing

@testable import UpdateCheckCLI

/// End-to-end tests of `updatecheck junit validate` and `updatecheck junit merge`.
@Suite struct JUnitCommandTests {
    /// A fresh folder with a valid report `good.xml` (2 cases, 1 failure) in it.
    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("junit-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let report = JUnitReport(
            name: "shard",
            suites: [
                JUnitTestSuite(
                    name: "diff", timestamp: Date(timeIntervalSince1970: 0),
                    cases: [
                        JUnitTestCase(name: "a", className: "diff", time: 0.25),
                        JUnitTestCase(
                            name: "b", className: "diff", time: 0.5,
                            outcome: .failure(message: "m", type: "t", details: "old [a] new [b]")),
                    ])
            ])
        try JUnitWriter.write(report, to: url.appendingPathComponent("good.xml").path)
        return url
    }

    /// The repository's copy of the Jenkins junit-10 XSD file.
    static let schema = BinaryRunner.repositoryRoot
        .appendingPathComponent("Packages/JUnitReporter/Schemas/jenkins-xunit-junit-10.xsd").path

    func write(_ text: String, _ name: String, in folder: URL) throws {
        try text.write(to: folder.appendingPathComponent(name), atomically: false, encoding: .utf8)
    }

    func read(_ name: String, in folder: URL) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }

    @Test func groupHelp() throws {
        let result = try BinaryRunner.run(["junit", "--help"])
        #expect(
            result
                == .init(
                    status: 0,
                    stdout: """
                        OVERVIEW: Validate and merge JUnit reports.

                        Exit codes: 0 this help (also without a subcommand); 64 an unknown subcommand or
                        option. Each subcommand's --help lists its own.

                        USAGE: updatecheck junit <subcommand>

                        OPTIONS:
                          -h, --help              Show help information.

                        SUBCOMMANDS:
                          validate                Check that a JUnit report is well-formed and consistent, optionally against an XSD.
                          merge                   Combine the JUnit reports of CI shards into one report.

                          See 'updatecheck junit <subcommand> --help' for detailed help.

                        """, stderr: ""))
    }

    @Test func validateHelp() throws {
        let result = try BinaryRunner.run(["junit", "validate", "--help"])
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                OVERVIEW: Check that a JUnit report is well-formed and consistent, optionally against an XSD.

                Always checks well-formedness and structure: the root is <testsuites> or
                <testsuite>, required attributes are present, counts equal the cases
                inside, times are seconds with a '.' decimal point. With --schema the
                report is also validated against an XML Schema: a built-in one by name,
                or an .xsd file by path (write ./jenkins for a file of that name).
                Problems are listed as <file>:<line>: <message>.

                Built-in schemas:
                  jenkins   the Jenkins xUnit plugin's junit-10 XSD (MIT licence)

                Reading bounds (a report past them is refused, not checked): UTF-8 or
                another encoding that keeps ASCII as it is (US-ASCII, ISO-8859-x,
                windows-125x; not UTF-16, UTF-32, UTF-7 or EBCDIC: convert with iconv);
                up to 2 GiB, with no NUL byte (a file of zeros ends at its first byte); no
                <!DOCTYPE>, so no entities; up to 256 attributes per tag; attribute values
                up to 1 MiB; text up to 8 MiB per node; nesting up to 256 levels; up to
                10,000 comments in a row with no tag between them.

                An .xsd file, and each it includes or imports, must be a regular file of
                at most 16 MiB.

                Exit codes: 0 valid; 1 not valid (not well-formed, wrong structure or
                schema errors); 65 the report is not XML at all (empty, or not starting
                with '<') or goes past the reading bounds, or the schema is not a usable
                XSD (also when libxml2 fails inside its validator with it on a report with
                no other problem, as a pattern too complex for its regular expressions
                makes it do on a long value); 66 the report or the schema is missing or
                cannot be read.

                USAGE: updatecheck junit validate <report> [<options>]

                ARGUMENTS:
                  <report>                The JUnit XML file to check ('-': standard input).

                OPTIONS:
                  --schema <name-or-xsd>  Also validate against a built-in schema (jenkins) or this XML Schema file.
                  -h, --help              Show help information.

                """)
    }

    @Test func mergeHelp() throws {
        let result = try BinaryRunner.run(["junit", "merge", "--help"])
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                OVERVIEW: Combine the JUnit reports of CI shards into one report.

                Every <testsuite> of every report is copied in order (nested suites are
                flattened; with --combine-suites, suites of the same name become one); the
                counts and times of each suite and of the whole report are recomputed from
                the cases. A merged suite's time is the sum of its cases' times, and the
                report's the sum of its suites': the time the work took, not the wall clock
                (shards that ran side by side add up to more than any one of them took; the
                reports do not say when each ran). The output is replaced atomically and only when every input is
                a well-formed JUnit report, and it always passes 'junit validate'. '-o -'
                writes the report to standard output (the summary line then goes to
                standard error).

                Counting and repairs (warnings go to standard error):
                  - every <failure>, <error> and <skipped> in a case counts: a case with
                    a failure and an error adds 1 to failures and 1 to errors, as
                    junitparser counts it; tests counts cases;
                  - a <failure>, <error> or <skipped> directly in a suite becomes a case
                    named "(suite failure)", "(suite error)" or "(suite skipped)", with
                    the suite's name as classname;
                  - times in any decimal form or e-notation (4.5e-05, .5, 1,234.5) are
                    written with three decimals; a negative time becomes 0 (warning);
                    sums longer than 999999999999.999 s are written as that;
                  - timestamps become UTC YYYY-MM-DDTHH:MM:SS (a space or T, fractions,
                    Z, UTC, offsets); a leap second (23:59:60 in UTC) becomes 23:59:59
                    (warning); one that is not a date is left out (warning);
                  - a case without a name is named "(unnamed case, line N)" (warning);
                  - <properties>, or any other element but a suite, directly in
                    <testsuites> is left out (warning): the merged <testsuites> holds
                    suites only, as the Jenkins junit-10 schema requires;
                  - namespaces declared on <testsuites> are kept on each suite written
                    that uses them.

                Refused (exit 65): a <testcase>, <testsuite> or <testsuites> inside other
                content, a <failure>, <error> or <skipped> not directly in a case or suite
                (readers would not agree on what it counts), a time that is not a number
                of seconds or is longer than 999999999999.999 s (about 31,700 years), a
                suite that would get more than 256 attributes with the namespaces its
                content uses, and a default namespace (xmlns="...") on <testsuites> or a
                <testsuite>: JUnit elements have none, and the merged report would mix
                the two.

                Reading bounds (an input past them is refused): UTF-8 or another encoding
                that keeps ASCII as it is (US-ASCII, ISO-8859-x, windows-125x; not UTF-16,
                UTF-32, UTF-7 or EBCDIC: convert with iconv); up to 2 GiB, with no NUL
                byte (a file of zeros ends at its first byte); no <!DOCTYPE>, so no
                entities; up to 256 attributes per tag; attribute values up to 1 MiB; text
                up to 8 MiB per node; nesting up to 256 levels; up to 10,000 comments in a
                row with no tag between them.

                Exit codes: 0 merged; 65 an input is not XML (empty, or not starting with
                '<'), not a JUnit report or goes past the reading bounds (named with its
                line); 66 an input is missing or cannot be read; 73 the output cannot be
                created; 74 writing it failed (a full disk).

                USAGE: updatecheck junit merge <report> ... [<options>]

                ARGUMENTS:
                  <report> ...            The JUnit XML files to merge, in order ('-': standard input, once).

                OPTIONS:
                  -o, --output <file>     Where to write the merged report (required).
                  --name <name>           The <testsuites> name (default: the first report's).
                  --combine-suites        Write suites of the same name (e.g. one per shard) as one suite.
                  -h, --help              Show help information.

                """)
    }

    @Test func validateAcceptsAWrittenReport() throws {
        let dir = try folder()
        #expect(
            try BinaryRunner.run(["junit", "validate", "good.xml"], in: dir)
                == .init(
                    status: 0, stdout: "good.xml: valid (1 suite, 2 tests, 1 failure, 0 errors, 0 skipped).\n",
                    stderr: ""))
        #expect(
            try BinaryRunner.run(["junit", "validate", "good.xml", "--schema", Self.schema], in: dir)
                == .init(
                    status: 0,
                    stdout:
                        "good.xml: valid against \(Self.schema) (1 suite, 2 tests, 1 failure, 0 errors, 0 skipped).\n",
                    stderr: ""))
    }

    @Test func validateWithTheBuiltInSchemaFromAnyFolder() throws {
        let dir = try folder()
        let report = dir.appendingPathComponent("good.xml").path
        #expect(
            try BinaryRunner.run(["junit", "validate", report, "--schema", "jenkins"], in: URL(fileURLWithPath: "/"))
                == .init(
                    status: 0,
                    stdout:
                        "\(report): valid against jenkins (built in) (1 suite, 2 tests, 1 failure, 0 errors, 0 skipped).\n",
                    stderr: ""))
        // A file that has a built-in's name is reached by its path.
        try FileManager.default.copyItem(atPath: Self.schema, toPath: dir.appendingPathComponent("jenkins").path)
        let byPath = try BinaryRunner.run(["junit", "validate", "good.xml", "--schema", "./jenkins"], in: dir)
        #expect(byPath.status == 0)
        #expect(byPath.stdout.hasPrefix("good.xml: valid against ./jenkins ("))
    }

    @Test func validateListsProblemsWithLinesAndExitsOne() throws {
        let dir = try folder()
        try write(
            """
            <?xml version="1.0"?>
            <testsuites skipped="0">
              <testsuite name="a" tests="2" failures="0" errors="0" time="1,5">
                <testcase name="x"/>
              </testsuite>
            </testsuites>
            """, "bad.xml", in: dir)
        let result = try BinaryRunner.run(["junit", "validate", "bad.xml", "--schema", Self.schema], in: dir)
        #expect(result.status == 1)
        #expect(result.stderr == "")
        #expect(
            result.stdout == """
                bad.xml:2: schema: Element 'testsuites', attribute 'skipped': The attribute 'skipped' is not allowed.
                bad.xml:3: time="1,5" is not a number of seconds with a '.' decimal point
                bad.xml:3: <testsuite name="a"> declares tests="2" but its cases count 1
                bad.xml:3: schema: Element 'testsuite', attribute 'time': [facet 'pattern'] The value '1,5' is not accepted by the pattern '(([0-9]{0,3},)*[0-9]{3}|[0-9]{0,3})*(\\.[0-9]{0,3})?'.
                bad.xml: not valid against \(Self.schema) (4 problems).

                """)
        try write("no markup here", "text.xml", in: dir)
        #expect(
            try BinaryRunner.run(["junit", "validate", "text.xml"], in: dir)
                == .init(
                    status: 65, stdout: "",
                    stderr: "Error: text.xml:1: the report is not XML: it starts with \"n\", not '<' (a JUnit report "
                        + "starts with <?xml, <testsuites> or <testsuite>)\n"))
        #expect(
            try BinaryRunner.run(["junit", "merge", "good.xml", "text.xml", "-o", "out.xml"], in: dir)
                == .init(
                    status: 65, stdout: "",
                    stderr: "Error: text.xml:1: the report is not XML: it starts with \"n\", not '<' (a JUnit report "
                        + "starts with <?xml, <testsuites> or <testsuite>)\n"))
    }

    @Test func validateExitCodesForMissingFilesAndBadSchemas() throws {
        let dir = try folder()
        #expect(
            try BinaryRunner.run(["junit", "validate", "missing.xml"], in: dir)
                == .init(status: 66, stdout: "", stderr: "Error: missing.xml: no such file.\n"))
        #expect(
            try BinaryRunner.run(["junit", "validate", "good.xml", "--schema", "missing.xsd"], in: dir)
                == .init(status: 66, stdout: "", stderr: "Error: missing.xsd: no such file.\n"))
        #expect(
            try BinaryRunner.run(["junit", "validate", "good.xml", "--schema", "good.xml"], in: dir)
                == .init(
                    status: 65, stdout: "",
                    stderr:
                        "Error: good.xml: not a usable XML Schema (The XML document 'good.xml' is not a schema document.).\n"
                ))
        // A schema's own XML errors are named in the one message (nothing else goes to standard
        // error), and nothing is fetched over the network.
        let schema = #"<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">"#
        try write(
            #"<!DOCTYPE s [<!ENTITY a "&b;"><!ENTITY b "&a;">]>"# + "\n" + schema
                + "<xs:annotation><xs:documentation>&a;</xs:documentation></xs:annotation></xs:schema>\n",
            "loop.xsd", in: dir)
        #expect(
            try BinaryRunner.run(["junit", "validate", "good.xml", "--schema", "loop.xsd"], in: dir)
                == .init(
                    status: 65, stdout: "",
                    stderr:
                        "Error: loop.xsd: not a usable XML Schema (not well-formed XML: Detected an entity reference loop).\n"
                ))
        try write(schema + #"<xs:include schemaLocation="http://192.0.2.1/x.xsd"/></xs:schema>"#, "net.xsd", in: dir)
        #expect(
            try BinaryRunner.run(["junit", "validate", "good.xml", "--schema", "net.xsd"], in: dir)
                == .init(
                    status: 65, stdout: "",
                    stderr:
                        "Error: net.xsd: not a usable XML Schema (not well-formed XML: Attempt to load network entity "
                        + "http://192.0.2.1/x.xsd; Element '{http://www.w3.org/2001/XMLSchema}include': Failed to load "
                        + "the document 'http://192.0.2.1/x.xsd' for inclusion.).\n"))
        let usage = try BinaryRunner.run(["junit", "validate"], in: dir)
        #expect(usage.status == 64)
        #expect(
            usage.stderr == """
                Error: Missing expected argument '<report>'.
                Usage: updatecheck junit validate <report> [<options>]
                  See 'updatecheck junit validate --help' for more information.

                """)
    }

    /// A file of `Tests/Fixtures/hostile/`.
    static func hostile(_ name: String) -> String {
        BinaryRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/hostile/\(name)").path
    }

    @Test func hostileReportsAreRefusedWithExit65NamingFileAndLine() throws {
        let dir = try folder()
        let laughs = Self.hostile("junit-billion-laughs.xml")
        let refusal =
            "Error: \(laughs):2: a document type declaration (<!DOCTYPE>) is refused: JUnit reports have none, "
            + "and its entities could expand without bound\n"
        #expect(
            try BinaryRunner.run(["junit", "merge", laughs, "-o", "out.xml"], in: dir)
                == .init(status: 65, stdout: "", stderr: refusal))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.xml").path))
        #expect(
            try BinaryRunner.run(["junit", "validate", laughs, "--schema", "jenkins"], in: dir)
                == .init(status: 65, stdout: "", stderr: refusal))
        // In UTF-7 (`+ADw-!DOCTYPE`) or UTF-16 the gate could not see the
        // markup: such a report is refused at line 1 for its encoding.
        let bounds = "; past the reading bounds (\(JUnitReadingBounds.summary))\n"
        let utf7 = Self.hostile("junit-utf7-billion-laughs.xml")
        let utf16 = Self.hostile("junit-utf16.xml")
        for (path, reason) in [
            (
                utf7,
                "the XML declaration names the encoding \"UTF-7\", not one known to keep ASCII characters as they are "
                    + "(reports are read in UTF-8, US-ASCII, ISO-8859-1 to -16 or windows-1250 to -1258): convert it "
                    + "first, e.g. iconv -f UTF-7 -t UTF-8"
            ),
            (
                utf16,
                "the report is UTF-16 (it starts with a UTF-16 byte-order mark), not UTF-8 or another encoding that "
                    + "keeps ASCII characters as they are, which reports are read in: convert it first, "
                    + "e.g. iconv -f UTF-16 -t UTF-8"
            ),
        ] {
            let refused = BinaryRunner.Result(status: 65, stdout: "", stderr: "Error: \(path):1: \(reason)\(bounds)")
            #expect(try BinaryRunner.run(["junit", "merge", "good.xml", path, "-o", "out.xml"], in: dir) == refused)
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.xml").path))
            #expect(try BinaryRunner.run(["junit", "validate", path], in: dir) == refused)
        }
    }

    @Test func mergeRepairsWithWarningsOnStandardError() throws {
        let dir = try folder()
        let times = Self.hostile("junit-times.xml")
        let result = try BinaryRunner.run(["junit", "merge", times, "-o", "out.xml"], in: dir)
        #expect(
            result
                == .init(
                    status: 0, stdout: "Merged 1 report into out.xml (5 tests, 0 failures, 0 errors, 0 skipped).\n",
                    stderr: "warning: \(times):8: time=\"-1.5\" is negative; written as 0\n"))
        let validated = try BinaryRunner.run(["junit", "validate", "out.xml", "--schema", "jenkins"], in: dir)
        #expect(validated.status == 0)
        #expect(validated.stdout.hasPrefix("out.xml: valid against jenkins (built in) (1 suite, 5 tests,"))
    }

    @Test func mergeLeavesOutPropertiesOfTheRootWithAWarning() throws {
        let dir = try folder()
        try write(
            """
            <testsuites>
              <properties><property name="commit" value="abc"/></properties>
              <testsuite name="s" tests="1" failures="0" errors="0"><testcase name="a"/></testsuite>
            </testsuites>
            """, "props.xml", in: dir)
        #expect(try BinaryRunner.run(["junit", "validate", "props.xml"], in: dir).status == 0)
        #expect(
            try BinaryRunner.run(["junit", "merge", "props.xml", "-o", "out.xml"], in: dir)
                == .init(
                    status: 0, stdout: "Merged 1 report into out.xml (1 test, 0 failures, 0 errors, 0 skipped).\n",
                    stderr: "warning: props.xml:2: <properties> directly in <testsuites> left out: the merged report "
                        + "holds only suites there, as the Jenkins junit-10 schema requires\n"))
        #expect(
            try read("out.xml", in: dir) == """
                <?xml version="1.0" encoding="UTF-8"?>
                <testsuites name="updatecheck" tests="1" failures="0" errors="0" time="0.000">
                  <testsuite name="s" tests="1" failures="0" errors="0" skipped="0" time="0.000">
                    <testcase name="a"/>
                  </testsuite>
                </testsuites>

                """)
    }

    @Test func mergeRefusesADefaultNamespaceInsteadOfMixingNamespaces() throws {
        let dir = try folder()
        try write(
            """
            <testsuites xmlns="urn:example:junit">
              <testsuite name="s" tests="1" failures="0" errors="0"><testcase name="a"/></testsuite>
            </testsuites>
            """, "ns.xml", in: dir)
        #expect(
            try BinaryRunner.run(["junit", "merge", "good.xml", "ns.xml", "-o", "out.xml"], in: dir)
                == .init(
                    status: 65, stdout: "",
                    stderr: "Error: ns.xml:1: <testsuites> declares a default namespace (\"urn:example:junit\"): JUnit "
                        + "elements have no namespace, and the merged report, whose <testsuites> has none, would mix "
                        + "the two; remove the xmlns attribute to merge it\n"))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.xml").path))
    }

    @Test func mergeRefusesTimesLongerThanAReportHoldsAndWritesLeapSecondsAsTheSecondBefore() throws {
        let dir = try folder()
        try write(
            """
            <testsuite name="s" tests="1" failures="0" errors="0" timestamp="2016-12-31T23:59:60Z">
              <testcase name="a" time="1e308"/>
            </testsuite>
            """, "times.xml", in: dir)
        #expect(
            try BinaryRunner.run(["junit", "merge", "times.xml", "-o", "out.xml"], in: dir)
                == .init(
                    status: 65, stdout: "",
                    stderr: "Error: times.xml:2: time=\"1e308\" is more than 999999999999.999 seconds (about 31,700 "
                        + "years), the longest time a report holds\n"))
        try write(
            """
            <testsuite name="s" tests="1" failures="0" errors="0" timestamp="2016-12-31T23:59:60Z">
              <testcase name="a" time="1"/>
            </testsuite>
            """, "leap.xml", in: dir)
        #expect(
            try BinaryRunner.run(["junit", "merge", "leap.xml", "-o", "out.xml"], in: dir)
                == .init(
                    status: 0, stdout: "Merged 1 report into out.xml (1 test, 0 failures, 0 errors, 0 skipped).\n",
                    stderr: "warning: leap.xml:1: timestamp \"2016-12-31T23:59:60Z\" is a leap second, which "
                        + "xs:dateTime has no room for; written as 2016-12-31T23:59:59, the second before it\n"))
        #expect(try read("out.xml", in: dir).contains(#"timestamp="2016-12-31T23:59:59""#))
    }

    @Test func mergeCombinesShardsAndRecomputesTotals() throws {
        let dir = try folder()
        let result = try BinaryRunner.run(["junit", "merge", "good.xml", "good.xml", "-o", "all.xml"], in: dir)
        #expect(
            result
                == .init(
                    status: 0, stdout: "Merged 2 reports into all.xml (4 tests, 2 failures, 0 errors, 0 skipped).\n",
                    stderr: ""))
        let merged = try read("all.xml", in: dir)
        #expect(merged.contains(#"<testsuites name="shard" tests="4" failures="2" errors="0" time="1.500">"#))
        let validation = try JUnitValidator.validate(
            file: dir.appendingPathComponent("all.xml").path, schema: .file(Self.schema))
        #expect(validation.problems == [])
        #expect(validation.suiteCount == 2)
        let combined = try BinaryRunner.run(
            ["junit", "merge", "good.xml", "good.xml", "--combine-suites", "-o", "one.xml"], in: dir)
        #expect(combined.status == 0)
        let one = try JUnitValidator.validate(
            file: dir.appendingPathComponent("one.xml").path, schema: .file(Self.schema))
        #expect(one.problems == [])
        #expect(one.suiteCount == 1)
        #expect(one.totals == JUnitTotals(tests: 4, failures: 2, milliseconds: 1500))
    }

    @Test func mergeRejectsMalformedInputsAndKeepsThePreviousOutput() throws {
        let dir = try folder()
        try write(
            "<testsuites>\n  <testsuite name=\"a\">\n    <testcase name=\"x\">\n</testsuites>\n", "bad.xml", in: dir)
        try write("previous", "all.xml", in: dir)
        let result = try BinaryRunner.run(["junit", "merge", "good.xml", "bad.xml", "--output=all.xml"], in: dir)
        #expect(
            result
                == .init(
                    status: 65, stdout: "",
                    stderr:
                        "Error: bad.xml:4: not well-formed XML: Opening and ending tag mismatch: testcase line 3 and testsuites\n"
                ))
        #expect(try read("all.xml", in: dir) == "previous")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == [
                "all.xml", "bad.xml", "good.xml",
            ])
        #expect(
            try BinaryRunner.run(["junit", "merge", "good.xml", "nope.xml", "-o", "all.xml"], in: dir)
                == .init(status: 66, stdout: "", stderr: "Error: nope.xml: no such file.\n"))
    }

    @Test func mergeUsageAndOutputErrors() throws {
        let dir = try folder()
        let usage = try BinaryRunner.run(["junit", "merge", "good.xml"], in: dir)
        #expect(usage.status == 64)
        #expect(
            usage.stderr == """
                Error: Missing required option '--output <file>'.
                Usage: updatecheck junit merge <report> ... [<options>]
                  See 'updatecheck junit merge --help' for more information.

                """)
        let empty = try BinaryRunner.run(["junit", "merge", "good.xml", "-o", ""], in: dir)
        #expect(empty.status == 64)
        #expect(empty.stderr.hasPrefix("Error: Invalid value '' for '--output': expected a file path.\n"))
        #expect(
            try BinaryRunner.run(["junit", "merge", "good.xml", "-o", "/proc/none/all.xml"], in: dir)
                == .init(
                    status: 73, stdout: "",
                    stderr: "Error: /proc/none/all.xml: cannot be written (the folder /proc/none cannot be created).\n")
        )
        // The output is checked before any input is read: one that is also an input is a usage error.
        let selfMerge = try BinaryRunner.run(["junit", "merge", "good.xml", "-o", "./good.xml"], in: dir)
        #expect(selfMerge.status == 64)
        #expect(
            selfMerge.stderr.hasPrefix(
                "Error: The output '--output ./good.xml' is the input good.xml; write it to another file.\n"))
        #expect(try read("good.xml", in: dir).contains("<testsuites"))
    }

    /// An output reaching an input only through a folder that does not exist
    /// yet (`x/../good.xml`), or the file standard input reads, is refused
    /// as well, and the folders made for it are removed.
    @Test func anOutputReachingAnInputOnceItsFoldersExistOrThroughStandardInputIsRefused() throws {
        let dir = try folder()
        let original = try read("good.xml", in: dir)
        let throughFolder = try BinaryRunner.run(
            ["junit", "merge", "good.xml", "-o", dir.path + "/x/../good.xml"], in: dir)
        #expect(throughFolder.status == 64)
        #expect(
            throughFolder.stderr.hasPrefix(
                "Error: The output '--output \(dir.path)/x/../good.xml' is the input good.xml; write it to another "
                    + "file.\n"))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("x").path))
        let throughInput = try BinaryRunner.run(
            ["junit", "merge", "-", "-o", "good.xml"], in: dir, stdinFile: "good.xml")
        #expect(throughInput.status == 64)
        #expect(
            throughInput.stderr.hasPrefix(
                "Error: The output '--output good.xml' is the input standard input; write it to another file.\n"))
        #expect(try read("good.xml", in: dir) == original)
        let other = try BinaryRunner.run(["junit", "merge", "-", "-o", "all.xml"], in: dir, stdinFile: "good.xml")
        #expect(other.status == 0, "\(other.stderr)")
        let devices = try BinaryRunner.run(["junit", "merge", "-", "-o", "/dev/null"], in: dir, stdinFile: "good.xml")
        #expect(devices.status == 0, "\(devices.stderr)")
    }

    @Test func mergeCreatesTheMissingFoldersOfItsOutput() throws {
        let dir = try folder()
        let result = try BinaryRunner.run(["junit", "merge", "good.xml", "-o", "no/such/all.xml"], in: dir)
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let merged = try JUnitValidator.validate(
            file: dir.appendingPathComponent("no/such/all.xml").path, schema: .file(Self.schema))
        #expect(merged.problems == [])
        #expect(merged.totals.tests == 2)
    }

    /// A write that fails half-way (the file size limit is hit) leaves the
    /// previous report untouched and no temporary file behind, and exits 74:
    /// the process ignores SIGXFSZ itself, so the limit fails the write
    /// instead of killing the process.
    @Test func aWriteFailingHalfWayLeavesThePreviousReport() throws {
        let dir = try folder()
        var report = JUnitReport(name: "big")
        report.suites.append(
            JUnitTestSuite(
                name: "s", timestamp: Date(timeIntervalSince1970: 0),
                cases: (0..<5000).map { JUnitTestCase(name: "case \($0)", className: "k") }))
        try JUnitWriter.write(report, to: dir.appendingPathComponent("big.xml").path)
        try write("previous", "all.xml", in: dir)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // 64 blocks of at least 512 bytes: far less than the report's size.
        process.arguments = [
            "-c", "ulimit -f 64; exec \"$0\" junit merge big.xml -o all.xml",
            BinaryRunner.executable.path,
        ]
        process.currentDirectoryURL = dir
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = Pipe()
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 74)
        #expect(message == "Error: all.xml: cannot be written (\(String(cString: strerror(EFBIG)))).\n")
        #expect(try read("all.xml", in: dir) == "previous")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == [
                "all.xml", "big.xml", "good.xml",
            ])
    }

    /// libxml2's validator gives up on a long time against the Jenkins
    /// schema's pattern for times. A time that is no number is a problem of
    /// the report: it is not valid (1), the failure listed at its line.
    @Test func anInternalErrorOfTheValidatorIsListedWithTheReportsProblems() throws {
        let dir = try folder()
        let time = String(repeating: "1", count: 40) + "x"
        try write(
            "<testsuites time=\"\(time)\">\n<testsuite name=\"s\" tests=\"0\" failures=\"0\" errors=\"0\"/>\n"
                + "</testsuites>\n", "long-time.xml", in: dir)
        #expect(
            try BinaryRunner.run(["junit", "validate", "long-time.xml", "--schema", "jenkins"], in: dir)
                == .init(
                    status: 1,
                    stdout: """
                        long-time.xml:1: time="\(time)" is not a number of seconds with a '.' decimal point
                        long-time.xml:1: schema: libxml2 failed inside its validator here (Internal error: \
                        xmlSchemaValidateFacets, validating against a pattern facet); what the schema says of this \
                        value is not known
                        long-time.xml: not valid against jenkins (built in) (2 problems).

                        """, stderr: ""))
    }

    /// libxml2 keeps 16 bits for a node's line: past 65,535 the messages of
    /// both commands still name the real line (for an element, the line its
    /// start tag ends on, as below 65,535).
    @Test func linesPast65535AreNamedAsTheyAre() throws {
        let dir = try folder()
        let report =
            "<testsuites>\n<testsuite name=\"s\" tests=\"70001\" failures=\"0\" errors=\"0\">\n"
            + String(repeating: "<testcase name=\"c\"/>\n", count: 70_000)
            + "<testcase name=\"t\"\n  time=\"x\"/>\n</testsuite>\n</testsuites>\n"
        try write(report, "long.xml", in: dir)
        #expect(
            try BinaryRunner.run(["junit", "validate", "long.xml", "--schema", "jenkins"], in: dir)
                == .init(
                    status: 1,
                    stdout: """
                        long.xml:70004: time="x" is not a number of seconds with a '.' decimal point
                        long.xml: not valid against jenkins (built in) (1 problem).

                        """, stderr: ""))
        #expect(
            try BinaryRunner.run(["junit", "merge", "long.xml", "-o", "out.xml"], in: dir)
                == .init(
                    status: 65, stdout: "", stderr: "Error: long.xml:70004: time=\"x\" is not a number of seconds\n"))
    }
}
