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
        #expect(Options.junit.spec.long == "junit")
        #expect(Options.junit.spec.valueName == "file")
        #expect(Options.junit.spec.help == "Also write the results as a JUnit XML report to <file>.")
        // Every command that takes --junit takes this very option.
        func commands(_ command: Command) -> [Command] { [command] + command.subcommands.flatMap(commands) }
        let taking = commands(RootCommand.command).filter { $0.option(long: "junit") != nil }
        #expect(taking.map(\.name).sorted() == ["check", "check", "exhaustive", "explore", "run"])
        for command in taking { #expect(command.option(long: "junit") == Options.junit.spec, "\(command.name)") }
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

    @Test func streamingHelpersUseTheSameExitCodes() throws {
        let path = try folder() + "/stream.xml"
        let writer = try JUnitOutput.streamWriter(to: path, name: "updatecheck")
        try writer.beginSuite(name: "s", timestamp: Date(timeIntervalSince1970: 0))
        try writer.add(JUnitTestCase(name: "c", className: "k", outcome: .error(message: "e", type: "t", details: "")))
        #expect(try JUnitOutput.finish(writer) == JUnitTotals(tests: 1, errors: 1))
        #expect(throws: CLIError.cannotCreate("the report \(path) is already finished or discarded")) {
            try JUnitOutput.finish(writer)
        }
        let missing = try folder() + "/missing/r.xml"
        #expect(
            throws: CLIError.cannotCreate(
                "\(missing): cannot be written (the folder \(missing.dropLast(6)) does not exist).")
        ) {
            try JUnitOutput.streamWriter(to: missing, name: "updatecheck")
        }
    }

    @Test(arguments: [
        (JUnitReporterError.cannotCreate(path: "o.xml", reason: "no such folder"), ExitCode.cannotCreate),
        (.writeFailed(path: "o.xml", reason: "disk full"), .ioError),
        (.cannotRead(path: "i.xml", reason: "no such file"), .noInput),
        (.malformed(path: "i.xml", line: 3, reason: "bad"), .dataError),
        (.unusableSchema(path: "s.xsd", reason: "bad"), .dataError),
    ])
    func reporterErrorsMapToExitCodes(error: JUnitReporterError, code: ExitCode) {
        #expect(CLIError(error) == CLIError(code, error.description))
    }
}
