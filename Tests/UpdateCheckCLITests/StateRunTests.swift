import Foundation
import Testing

/// `updatecheck state` and `updatecheck state run`, end to end through the
/// built binary: help text, output, errors and exit codes.
@Suite struct StateRunTests {
    /// A fresh folder holding `files` (name → content).
    func folder(_ files: [String: String]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("state-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, text) in files {
            try text.write(to: url.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return url
    }

    static let seedPath = "Examples/scenarios/favourite-button-seed.json"

    @Test func stateRunHelp() throws {
        let result = try BinaryRunner.run(["state", "run", "--help"])
        #expect(
            result
                == .init(
                    status: 0,
                    stdout: """
                        OVERVIEW: Run scenario files on the real state machine.

                        Each scenario loads records, then plays events (tap, finish, cancel, resync,
                        switchSession, reorder) and checks what it expects after each step. The seven
                        invariants are checked after every event. A failure names the file, step, record,
                        expected and actual value. The format is described in docs/scenario-format.md.

                        With --exec, the scenarios run on a store program in any language over the
                        store-program protocol (docs/store-protocol.md) instead: what cannot be seen inside
                        it is read from what it shows (an expected 'ignored busy' passes on any ignored
                        event), and a program that crashes, hangs or answers garbage fails the scenario
                        with its stderr. --store runs them on a team's store by name: a store program of
                        the manifest (--config FILE, or ./updatecheck.json), or a Swift store that a
                        team's own CLI adds.

                        Exit codes: 0 every scenario passed; 1 a scenario failed, or the store failed;
                        64 bad usage; 65 a scenario file or the manifest is malformed, or the program's
                        handshake is not the protocol's; 66 a file is missing or the program cannot be
                        started; 73 the JUnit report cannot be created; 74 writing it failed;
                        129, 130 or 143 on SIGHUP, SIGINT or SIGTERM (its programs are ended first).

                        USAGE: updatecheck state run [<file> ...] [<options>]

                        ARGUMENTS:
                          <file> ...              Scenario files (JSON).

                        OPTIONS:
                          --builtin               Also run the built-in favourite-button scenario.
                          --trace                 Print each scenario's trace (record IDs anonymised).
                          --exec <command>        Use the store program COMMAND (run with /bin/sh -c).
                          --timeout <s>           How long --exec may take to answer a request, 1 to 3600 s (default 10).
                          --store <name>          Use the team's store NAME (of the manifest, or added by your own CLI).
                          --config <file>         The manifest listing your adapter and store programs (default: ./updatecheck.json when present).
                          --salt <n>              Salt of the anonymised record IDs (default: random).
                          --junit <file>          Also write the results as a JUnit XML report to <file>.
                          -h, --help              Show help information.

                        """, stderr: ""))
    }

    @Test func stateGroupHelpListsRun() throws {
        for arguments in [["state", "--help"], ["state"], ["state", "-h"]] {
            let result = try BinaryRunner.run(arguments)
            #expect(result.status == 0 && result.stderr == "")
            #expect(result.stdout.hasPrefix("OVERVIEW: Run and explore optimistic-update scenarios.\n"))
            #expect(result.stdout.contains("\nUSAGE: updatecheck state <subcommand>\n"))
            #expect(
                result.stdout.contains(
                    "\nExit codes: 0 this help (also without a subcommand); 64 an unknown subcommand or\n"
                        + "option. Each subcommand's --help lists its own.\n"))
            #expect(
                result.stdout.contains("\n  run                     Run scenario files on the real state machine.\n"))
        }
    }

    @Test func theBuiltInAndShippedScenariosPass() throws {
        let result = try BinaryRunner.run([
            "state", "run", "--builtin", Self.seedPath, "Examples/scenarios/sorted-list.json",
        ])
        #expect(
            result
                == .init(
                    status: 0,
                    stdout: """
                        PASS built-in:favourite-button-seed: 25 steps
                        PASS Examples/scenarios/favourite-button-seed.json: 25 steps
                        PASS Examples/scenarios/sorted-list.json: 6 steps
                        3 scenarios: 3 passed, 0 failed

                        """, stderr: ""))
    }

    @Test func theTraceIsPrintedWithAnonymisedRecords() throws {
        let result = try BinaryRunner.run([
            "state", "run", "--trace", "--salt=7", "Examples/scenarios/version-conflict.json",
        ])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 5)
        #expect(lines[1].hasPrefix("  trace 1 tap r:") && lines[1].hasSuffix(" #1/s1 -> applied sendWrite, saving"))
        #expect(lines[2].hasSuffix(" #1/s1 conflict -> applied nothing, idle"))
        #expect(lines[3].hasSuffix(" #1/s1 confirmed -> ignored duplicate, idle"))
        #expect(!result.stdout.contains("task-12") && !result.stdout.contains("archived"))
        let again = try BinaryRunner.run([
            "state", "run", "--trace", "--salt=7", "Examples/scenarios/version-conflict.json",
        ])
        #expect(again.stdout == result.stdout, "the same salt gives the same trace")
    }

    @Test func aFailedExpectationExitsOneNamingFileStepRecordExpectedAndActual() throws {
        let seed = try String(
            contentsOf: BinaryRunner.repositoryRoot.appendingPathComponent(Self.seedPath), encoding: .utf8)
        let broken = seed.replacingOccurrences(
            of: #""ignored": "busy", "visible": true"#, with: #""ignored": "busy", "visible": false"#)
        let dir = try folder(["broken.json": broken])
        let result = try BinaryRunner.run(["state", "run", "broken.json", "--junit", "report.xml"], in: dir)
        #expect(
            result
                == .init(
                    status: 1,
                    stdout: """
                        FAIL broken.json: step 2 (tap 'post-1', line 8), record 'post-1': expected visible false, got true
                        1 scenario: 0 passed, 1 failed

                        """, stderr: ""))
        let report = try String(contentsOf: dir.appendingPathComponent("report.xml"), encoding: .utf8)
        #expect(report.contains(#"<testsuites name="updatecheck state run" tests="1" failures="1" errors="0""#))
        #expect(
            report.contains(
                #"<testcase name="Favourite button: the article's checks" classname="state.run""#))
        #expect(report.contains("<system-out>scenario file: broken.json</system-out>"))
        #expect(
            report.contains(
                #"<failure message="step 2 (tap 'post-1', line 8), record 'post-1': expected visible false, got true" type="expectation">"#
            ))
        #expect(report.contains("Trace (record IDs anonymised):\n1 tap r:"))
        #expect(!report.contains("post-1 -&gt;"))
    }

    @Test func junitHasOneCasePerScenarioFile() throws {
        let dir = try folder([:])
        let examples = BinaryRunner.repositoryRoot.appendingPathComponent("Examples/scenarios").path
        let files = ["favourite-button-seed.json", "sorted-list.json", "timeout-and-cancel.json"].map {
            examples + "/" + $0
        }
        let result = try BinaryRunner.run(["state", "run"] + files + ["--junit", "out.xml"], in: dir)
        #expect(result.status == 0)
        let report = try String(contentsOf: dir.appendingPathComponent("out.xml"), encoding: .utf8)
        #expect(report.components(separatedBy: "<testcase ").count == 4)
        #expect(report.contains(#"tests="3" failures="0""#))
        // Each case carries the scenario's title, and the file it came from in its output.
        let titles = [
            "Favourite button: the article's checks", "Sorting the list while a save is in flight",
            "Timeouts, cancels and failed re-reads",
        ]
        for (title, file) in zip(titles, files) {
            #expect(report.contains(#"<testcase name="\#(title)" classname="state.run""#))
            #expect(report.contains("<system-out>scenario file: \(file)</system-out>"))
        }
    }

    @Test(arguments: [
        (
            "missing.json", "{}", ["state", "run", "nope.json"], 66, "Error: nope.json: no such file.\n"
        ),
        (
            "syntax.json", "{\"records\": {}\n \"steps\": []}", ["state", "run", "syntax.json"], 65,
            "Error: syntax.json:2:2: expected ',' or '}' in object\n"
        ),
        (
            "unknown.json",
            "{\"records\": {\"a\": true},\n \"steps\": [\n  {\"event\": \"tap\", \"record\": \"b\", \"value\": true}]}",
            ["state", "run", "unknown.json"], 65, "Error: unknown.json:3: step 1: unknown record 'b'\n"
        ),
        (
            "dangling.json",
            "{\"records\": {\"a\": true},\n \"steps\": [\n  {\"event\": \"tap\", \"record\": \"a\", \"value\": true, \"as\": \"w\"},\n  {\"event\": \"finish\", \"ticket\": \"x\", \"outcome\": \"rejected\"}]}",
            ["state", "run", "dangling.json"], 65,
            "Error: dangling.json:4: step 2: ticket 'x' is not named by an earlier step (use \"as\" where it is minted)\n"
        ),
    ])
    func badInputExitsWithItsCodeAndWritesNoReport(
        name: String, text: String, arguments: [String], status: Int32, stderr: String
    ) throws {
        let dir = try folder([name: text, "good.json": #"{"records": {}, "steps": []}"#])
        let result = try BinaryRunner.run(
            ["state", "run", "good.json"] + arguments.dropFirst(2) + ["--junit", "r.xml"], in: dir)
        #expect(result == .init(status: status, stdout: "", stderr: stderr))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("r.xml").path))
    }

    @Test(arguments: [
        (["state", "run"], "Give at least one scenario file, or --builtin."),
        (
            ["state", "run", "--builtin", "--salt", "x"],
            "Invalid value 'x' for '--salt': expected a whole number from 0 to 18446744073709551615."
        ),
        (["state", "run", "--bogus"], "Unknown option '--bogus'."),
        (["state", "run", "--junit"], "Missing value for '--junit <file>'."),
    ])
    func usageErrorsExit64WithUsage(arguments: [String], message: String) throws {
        let result = try BinaryRunner.run(arguments)
        #expect(
            result
                == .init(
                    status: 64, stdout: "",
                    stderr: """
                        Error: \(message)
                        Usage: updatecheck state run [<file> ...] [<options>]
                          See 'updatecheck state run --help' for more information.

                        """))
    }

    @Test func anUnknownStateSubcommandIsAUsageError() throws {
        let result = try BinaryRunner.run(["state", "walk"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: Unknown subcommand 'walk'.\nUsage: updatecheck state <subcommand>\n"))
    }

    @Test func aReportThatCannotBeWrittenExits73BeforeAnyScenarioRuns() throws {
        let result = try BinaryRunner.run(["state", "run", "--builtin", "--junit", "/proc/none/folder/r.xml"])
        #expect(
            result
                == .init(
                    status: 73, stdout: "",
                    stderr:
                        "Error: /proc/none/folder/r.xml: cannot be written (the folder /proc/none/folder cannot be created).\n"
                ))
    }

    @Test func aReportInAMissingFolderGetsItsFolders() throws {
        let dir = try folder([
            "good.json": #"{"records": {"a": 1}, "steps": [{"event": "tap", "record": "a", "value": 2}]}"#
        ])
        let result = try BinaryRunner.run(["state", "run", "good.json", "--junit", "fresh/deeper/r.xml"], in: dir)
        #expect(result.status == 0)
        let report = try String(contentsOf: dir.appendingPathComponent("fresh/deeper/r.xml"), encoding: .utf8)
        #expect(report.contains(#"<testsuites name="updatecheck state run" tests="1" failures="0""#))
    }

    @Test func aReportOverItsOwnInputIsAUsageErrorAndLeavesTheInput() throws {
        let text = #"{"records": {"a": 1}, "steps": [{"event": "tap", "record": "a", "value": 2}]}"#
        let dir = try folder(["s.json": text])
        for output in ["s.json", "./s.json", "\(dir.path)/s.json"] {
            let result = try BinaryRunner.run(["state", "run", "s.json", "--junit", output], in: dir)
            #expect(result.status == 64, "\(output)")
            #expect(result.stdout == "")
            #expect(
                result.stderr.hasPrefix(
                    "Error: The output '--junit \(output)' is the input s.json; write it to another file.\n"))
            #expect(try String(contentsOf: dir.appendingPathComponent("s.json"), encoding: .utf8) == text)
        }
    }

    @Test func doubleDashEndsOptions() throws {
        let dir = try folder([
            "--builtin": #"{"records": {"a": 1}, "steps": [{"event": "tap", "record": "a", "value": 2}]}"#
        ])
        let result = try BinaryRunner.run(["state", "run", "--", "--builtin"], in: dir)
        #expect(
            result == .init(status: 0, stdout: "PASS --builtin: 1 step\n1 scenario: 1 passed, 0 failed\n", stderr: ""))
    }
}
