import Foundation
import Testing
import UpdateCheckTestSupport

@testable import JUnitReporter

/// The property every report must have, whatever its text: it parses, it
/// validates against the Jenkins junit-10 schema with libxml2, and every
/// string reads back as its sanitised (and capped) self.
@Suite struct JUnitFuzzTests {
    /// What a string must read back as.
    static func expected(_ text: String, limit: Int) -> String {
        JUnitText.capped(JUnitText.sanitized(text), maxBytes: limit)
    }

    /// A random report and the options to write it with.
    static func randomReport(_ random: inout RandomText, round: Int) -> (JUnitReport, JUnitWriterOptions) {
        var report = JUnitReport(name: random.string())
        for _ in 0..<random.int(1...3) {
            var suite = JUnitTestSuite(
                name: random.string(),
                timestamp: Date(timeIntervalSince1970: Double(random.int(-100_000_000_000...300_000_000_000))))
            suite.properties = (0..<random.int(0...2)).map { _ in
                JUnitProperty(name: random.string(maxPieces: 4), value: random.string())
            }
            for _ in 0..<random.int(1...12) {
                var testCase = JUnitTestCase(name: random.string(), className: random.string(), time: random.seconds())
                switch random.int(0...3) {
                case 0:
                    testCase.outcome = .failure(
                        message: random.string(), type: random.string(maxPieces: 3),
                        details: random.string(maxPieces: 80))
                case 1:
                    testCase.outcome = .error(
                        message: random.string(), type: random.string(maxPieces: 3), details: random.string())
                case 2:
                    testCase.outcome = .skipped(message: random.int(0...1) == 0 ? nil : random.string())
                default:
                    break
                }
                if random.int(0...2) == 0 {
                    testCase.systemOut = JUnitText.decoding(random.bytes(count: random.int(0...300)))
                }
                if random.int(0...3) == 0 { testCase.systemErr = random.string(maxPieces: 60) }
                suite.cases.append(testCase)
            }
            if random.int(0...3) == 0 { suite.systemOut = random.string() }
            if random.int(0...3) == 0 { suite.systemErr = random.string() }
            report.suites.append(suite)
        }
        // Every fourth report uses small caps, so that cuts land inside
        // multi-byte characters and escapes.
        let options =
            round % 4 == 3
            ? JUnitWriterOptions(
                maxOutputBytes: random.int(0...200), maxAttributeBytes: random.int(0...40), syncsToDisk: false)
            : JUnitWriterOptions(syncsToDisk: false)
        return (report, options)
    }

    /// Writes `report` whole, or streamed for odd rounds.
    static func write(_ report: JUnitReport, to path: String, options: JUnitWriterOptions, streamed: Bool) throws {
        guard streamed else {
            try JUnitWriter.write(report, to: path, options: options)
            return
        }
        let writer = try JUnitStreamWriter(path: path, name: report.name, options: options)
        for suite in report.suites {
            try writer.beginSuite(name: suite.name, timestamp: suite.timestamp, properties: suite.properties)
            for testCase in suite.cases { try writer.add(testCase) }
            try writer.endSuite(systemOut: suite.systemOut, systemErr: suite.systemErr)
        }
        try writer.finish()
    }

    @Test func randomTextAlwaysGivesValidReportsThatReadBack() throws {
        let schema = try JenkinsSchema.required()
        var random = RandomText(generator: SeededGenerator(seed: 0x4A55_6E69_74))
        var written: [String] = []
        var everything = JUnitTotals()
        var caseCount = 0
        for round in 0..<300 {
            let (report, options) = Self.randomReport(&random, round: round)
            let path = TemporaryFolder.shared.path("fuzz-\(round).xml")
            try Self.write(report, to: path, options: options, streamed: round % 2 == 1)
            let validation = try JUnitValidator.validate(file: path, schema: schema)
            #expect(validation.problems == [], "round \(round): \(path)")
            #expect(validation.totals == report.totals, "round \(round)")
            try Self.checkRoundTrip(report, options: options, path: path, round: round)
            written.append(path)
            everything.add(report.totals)
            caseCount += report.suites.reduce(0) { $0 + $1.cases.count }
        }
        #expect(caseCount > 3000)
        let merged = TemporaryFolder.shared.path("fuzz-merged.xml")
        #expect(try JUnitMerger.merge(written, into: merged) == everything)
        #expect(try JUnitValidator.validate(file: merged, schema: schema).problems == [])
    }

    /// Reads the report back and compares every string with its expected form.
    static func checkRoundTrip(_ report: JUnitReport, options: JUnitWriterOptions, path: String, round: Int) throws {
        let parsed = try ParsedReport(path: path)
        let attribute = { (text: String) in expected(text, limit: options.maxAttributeBytes) }
        let output = { (text: String) in expected(text, limit: options.maxOutputBytes) }
        #expect(parsed.all("testsuites").first?.attributes["name"] == attribute(report.name), "round \(round)")
        let suites = parsed.all("testsuite")
        let cases = parsed.all("testcase")
        let properties = parsed.all("property")
        #expect(suites.map { $0.attributes["name"] } == report.suites.map { attribute($0.name) }, "round \(round)")
        #expect(
            properties.map { [$0.attributes["name"]!, $0.attributes["value"]!] }
                == report.suites.flatMap(\.properties).map { [attribute($0.name), attribute($0.value)] },
            "round \(round)")
        let expectedCases = report.suites.flatMap(\.cases)
        #expect(cases.count == expectedCases.count, "round \(round)")
        for (element, testCase) in zip(cases, expectedCases) {
            #expect(element.attributes["name"] == attribute(testCase.name), "round \(round)")
            #expect(element.attributes["classname"] == attribute(testCase.className), "round \(round)")
            #expect(element.attributes["time"] == JUnitTimeFormat.seconds(testCase.time), "round \(round)")
        }
        var expectedOutcomes: [[String?]] = []
        var expectedOutputs: [String] = []
        for testCase in expectedCases {
            switch testCase.outcome {
            case .passed: break
            case .failure(let message, let type, let details), .error(let message, let type, let details):
                expectedOutcomes.append([attribute(message), attribute(type), output(details)])
            case .skipped(let message):
                expectedOutcomes.append([message.map(attribute), nil, ""])
            }
            if let text = testCase.systemOut { expectedOutputs.append(output(text)) }
            if let text = testCase.systemErr { expectedOutputs.append(output(text)) }
        }
        for suite in report.suites {
            if let text = suite.systemOut { expectedOutputs.append(output(text)) }
            if let text = suite.systemErr { expectedOutputs.append(output(text)) }
        }
        let outcomes = parsed.elements.filter { ["failure", "error", "skipped"].contains($0.name) }
        #expect(
            outcomes.map { [$0.attributes["message"], $0.attributes["type"], $0.text] } == expectedOutcomes,
            "round \(round)")
        // Case output comes before suite output in the file, as collected above.
        let outputs = parsed.elements.filter { $0.name == "system-out" || $0.name == "system-err" }
        #expect(
            outputs.filter { $0.depth == 3 }.map(\.text) + outputs.filter { $0.depth == 2 }.map(\.text)
                == expectedOutputs,
            "round \(round)")
    }
}
