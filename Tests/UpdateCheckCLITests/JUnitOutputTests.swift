import Foundation
import JUnitReporter
import Testing

@testable import UpdateCheckCLI

@Suite struct JUnitOutputTests {
    static let report = JUnitReport(
        name: "updatecheck",
        suites: [
            JUnitTestSuite(
                name: "s", timestamp: Date(timeIntervalSince1970: 0),
                cases: [JUnitTestCase(name: "c", className: "k", time: 0.5)])
        ])

    func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.path + "/junit-output-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func optionIsTheSameEverywhere() {
        #expect(JUnitOutput.option.long == "junit")
        #expect(JUnitOutput.option.valueName == "file")
        #expect(JUnitOutput.option.help == "Also write the results as a JUnit XML report to <file>.")
    }

    @Test func writesTheReport() throws {
        let path = try folder() + "/r.xml"
        try JUnitOutput.write(Self.report, to: path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains(#"<testcase name="c" classname="k" time="0.500"/>"#))
    }

    @Test func missingFolderIsExit73NamingTheFile() throws {
        let path = try folder() + "/missing/r.xml"
        #expect(
            throws: CLIError.cannotCreate("\(path): cannot be written (the folder \(path.dropLast(6)) does not exist).")
        ) {
            try JUnitOutput.write(Self.report, to: path)
        }
    }

    @Test(.enabled(if: getuid() != 0, "folder permissions do not bind root"))
    func unwritableFolderLeavesThePreviousFileAndNoTemporary() throws {
        let dir = try folder()
        let path = dir + "/r.xml"
        try "previous".write(toFile: path, atomically: false, encoding: .utf8)
        chmod(dir, 0o500)
        defer { chmod(dir, 0o700) }
        do {
            try JUnitOutput.write(Self.report, to: path)
            Issue.record("expected a failure")
        } catch {
            #expect(error.code == .cannotCreate)
            #expect(error.message.hasPrefix("\(path): cannot be written (cannot create a file in \(dir): "))
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "previous")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["r.xml"])
    }
}
