import Foundation
import Testing

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
