import Foundation
import Testing

@testable import JUnitReporter

@Suite struct JUnitStreamWriterTests {
    /// Streams `report` suite by suite and case by case.
    func stream(_ report: JUnitReport, to path: String) throws -> JUnitTotals {
        let writer = try JUnitStreamWriter(path: path, name: report.name)
        for suite in report.suites {
            try writer.beginSuite(name: suite.name, timestamp: suite.timestamp, properties: suite.properties)
            for testCase in suite.cases { try writer.add(testCase) }
            try writer.endSuite(systemOut: suite.systemOut, systemErr: suite.systemErr)
        }
        return try writer.finish()
    }

    @Test func streamingWritesTheSameBytesAsTheWholeReport() throws {
        let whole = TemporaryFolder.shared.path("whole.xml")
        let streamed = TemporaryFolder.shared.path("streamed.xml")
        let expected = try JUnitWriter.write(JUnitWriterTests.sample, to: whole)
        #expect(try stream(JUnitWriterTests.sample, to: streamed) == expected)
        #expect(try Data(contentsOf: URL(fileURLWithPath: streamed)) == Data(contentsOf: URL(fileURLWithPath: whole)))
    }

    @Test func manySuitesAndCasesKeepTheirCountsInOrder() throws {
        var report = JUnitReport(name: "many")
        for index in 0..<20 {
            let cases = (0..<(index * 37)).map { number in
                JUnitTestCase(
                    name: "case \(number)", className: "suite\(index)", time: Double(number) / 1000,
                    outcome: number % 7 == 0 ? .failure(message: "m\(number)", type: "t", details: "d") : .passed)
            }
            report.suites.append(
                JUnitTestSuite(name: "suite\(index)", timestamp: Date(timeIntervalSince1970: 0), cases: cases))
        }
        let whole = TemporaryFolder.shared.path("whole.xml")
        let streamed = TemporaryFolder.shared.path("streamed.xml")
        try JUnitWriter.write(report, to: whole)
        #expect(try stream(report, to: streamed) == report.totals)
        #expect(try Data(contentsOf: URL(fileURLWithPath: streamed)) == Data(contentsOf: URL(fileURLWithPath: whole)))
        let validation = try JUnitValidator.validate(file: streamed, schema: JenkinsSchema.required())
        #expect(validation.problems == [])
        #expect(validation.suiteCount == 20)
    }

    @Test func misuseIsReportedAndNothingIsWritten() throws {
        let path = TemporaryFolder.shared.path("misuse.xml")
        let writer = try JUnitStreamWriter(path: path, name: "r")
        #expect(throws: JUnitReporterError.misuse("add(\"c\") outside a suite: call beginSuite first")) {
            try writer.add(JUnitTestCase(name: "c", className: "k"))
        }
        #expect(throws: JUnitReporterError.misuse("endSuite() without an open suite")) { try writer.endSuite() }
        try writer.beginSuite(name: "a", timestamp: Date())
        #expect(throws: JUnitReporterError.misuse("beginSuite(\"b\") while the suite \"a\" is still open")) {
            try writer.beginSuite(name: "b", timestamp: Date())
        }
        writer.discard()
        #expect(throws: JUnitReporterError.misuse("the report \(path) is already finished or discarded")) {
            try writer.finish()
        }
        let folder = (path as NSString).deletingLastPathComponent
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [])
    }

    @Test func finishClosesAnOpenSuiteAndCannotRunTwice() throws {
        let path = TemporaryFolder.shared.path("open.xml")
        let writer = try JUnitStreamWriter(path: path, name: "r")
        try writer.beginSuite(name: "a", timestamp: Date(timeIntervalSince1970: 0))
        try writer.add(JUnitTestCase(name: "c", className: "k", outcome: .skipped(message: "later")))
        #expect(try writer.finish() == JUnitTotals(tests: 1, skipped: 1))
        #expect(throws: JUnitReporterError.misuse("the report \(path) is already finished or discarded")) {
            try writer.finish()
        }
        #expect(try JUnitValidator.validate(file: path, schema: JenkinsSchema.required()).problems == [])
    }

    @Test func discardingLeavesThePreviousReport() throws {
        let path = TemporaryFolder.shared.path("keep.xml")
        try "previous".write(toFile: path, atomically: false, encoding: .utf8)
        do {
            let writer = try JUnitStreamWriter(path: path, name: "r")
            try writer.beginSuite(name: "a", timestamp: Date())
            try writer.add(JUnitTestCase(name: "c", className: "k"))
        }  // dropped without finish()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "previous")
        let folder = (path as NSString).deletingLastPathComponent
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["keep.xml"])
    }
}
