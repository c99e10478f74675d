import Foundation
import OptimisticScenario
import OptimisticState
import StateExplorer
import Testing
import UpdateCheckPlatform

@testable import UpdateCheckCLI

/// `updatecheck state explore`: help, output, errors and exit codes end to
/// end through the built binary; counterexamples, files and JUnit in
/// process, with store faults switched on.
@Suite struct StateExploreTests {
    /// A console that keeps what is printed.
    final class Captured: Sendable {
        let out = Lock("")
        let err = Lock("")

        func console(showsProgress: Bool = false) -> Console {
            Console(
                writeOut: { text in self.out.withLock { $0 += text } },
                writeErr: { text in self.err.withLock { $0 += text } }, showsProgress: showsProgress)
        }
    }

    /// A fresh empty folder.
    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("state-explore-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// `text` with the seconds of the first line replaced by `S`.
    static func withoutSeconds(_ text: String) -> String {
        text.replacing(/\ in [0-9]+\.[0-9]{2} s:/, with: " in S s:")
    }

    @Test func help() throws {
        let result = try BinaryRunner.run(["state", "explore", "--help"])
        #expect(
            result
                == .init(
                    status: 0,
                    stdout: """
                        OVERVIEW: Explore every interleaving of events on the real state machine.

                        Starts from every assignment of loaded values and applies, in every state, every
                        event that can happen: taps, every answer for every ticket ever issued (current,
                        stale, duplicate, earlier session), re-read answers, cancels, reorders and an
                        account switch. The seven invariants are checked after every transition; states
                        are deduplicated with tickets renamed by order of issue, so the search ends at a
                        fixed point. States that differ only by a renaming of the records or of the
                        values are explored once, on every core (--no-symmetry explores each of them).
                        Prints the states, transitions, depth reached, the verdict of each invariant and
                        the (phase, event) pairs exercised.

                        On a violation, prints the shortest event sequence that shows it; with
                        --counterexample it is also written as a scenario file that
                        'updatecheck state run' replays to the same failure.

                        With --exec, explores a store program in any language instead, over the
                        store-program protocol (docs/store-protocol.md): the same search, invariants and
                        counterexamples, which 'updatecheck state run --exec' replays on the same
                        program. --store explores a team's store by name: a store program of the
                        manifest (--config FILE, or ./updatecheck.json), or a Swift store that a team's
                        own CLI adds. --refinement also requires the store to show what the built-in
                        store shows after every event, and reports the first difference.

                        Exit codes: 0 every invariant held; 1 an invariant was broken, or the store
                        program failed (crashed, hung, answered garbage); 64 bad usage; 65 the program's
                        handshake is not the protocol's; 66 the program cannot be started; 73 an output
                        file cannot be created; 74 writing it failed (a full disk);
                        129, 130 or 143 on SIGHUP, SIGINT or SIGTERM (its programs are ended first).

                        USAGE: updatecheck state explore [<options>]

                        OPTIONS:
                          --records <r>           Records of the state exploration, 1 to 3 (default 2).
                          --values <n>            Values per record: 2 (false, true) or 3 (0, 1, 2) (default 2).
                          --max-depth <d>         Stop after d events, 0 to 10000 (default: search to a fixed point).
                          --counterexample <file>
                                                  Write the shortest counterexample as a scenario file.
                          --no-symmetry           Explore every state, not one per renaming of records and values.
                          --exec <command>        Use the store program COMMAND (run with /bin/sh -c).
                          --timeout <s>           How long --exec may take to answer a request, 1 to 3600 s (default 10).
                          --store <name>          Use the team's store NAME (of the manifest, or added by your own CLI).
                          --config <file>         The manifest listing your adapter and store programs (default: ./updatecheck.json when present).
                          --refinement            With --exec or --store: the store must show what the built-in store shows.
                          --junit <file>          Also write the results as a JUnit XML report to <file>.
                          -h, --help              Show help information.

                        """, stderr: ""))
        let group = try BinaryRunner.run(["state", "--help"])
        #expect(
            group.stdout.contains(
                "\n  explore                 Explore every interleaving of events on the real state machine.\n"))
    }

    @Test func theRealStoreHoldsEveryInvariantForTwoRecordsToAFixedPoint() throws {
        let result = try BinaryRunner.run(["state", "explore"])
        #expect(result.status == 0 && result.stderr == "")
        let report = try Explorer(ExplorerConfiguration(records: 2, values: 2)).run()
        #expect(Self.withoutSeconds(result.stdout) == Self.withoutSeconds(StateExploreText.report(report, seconds: 0)))
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(
            Self.withoutSeconds(lines[0]) == "Explored 2 records with 2 values to a fixed point at depth 10 in S s:")
        #expect(
            lines[1]
                == "  2,416 states (9,648 before symmetry reduction), 108,884 transitions (27,232 applied, 81,652 ignored)"
        )
        #expect(
            Array(lines[3...10]) == [
                "Invariants, checked after every transition:",
                "  PASS  1 idleShowsConfirmed",
                "  PASS  2 staleEventChangesNothing",
                "  PASS  3 confirmedOnlyOnServerEvidence",
                "  PASS  4 oneWriteInFlight",
                "  PASS  5 noWriteBeforeResync",
                "  PASS  6 reorderChangesNoState (also against the list loaded in reverse order)",
                "  PASS  7 everyChangeHasOneEvent",
            ])
        #expect(lines[12] == "Transition coverage: 66 of 84 (phase, event) pairs exercised ('-': never enabled)")
        #expect(lines[13] == "  event                                    idle     saving  needsSync")
        #expect(lines[14] == "  tap                                     2,944      5,088      1,632")
        #expect(lines[15] == "  finish confirmed current                    -      5,088      1,632")
        #expect(lines.suffix(2) == ["PASS: all 7 invariants hold on every transition explored.", ""])
    }

    @Test func withoutSymmetryEveryStateIsExplored() throws {
        let result = try BinaryRunner.run(["state", "explore", "--no-symmetry"])
        #expect(result.status == 0 && result.stderr == "")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[1] == "  9,648 states, 435,408 transitions (108,816 applied, 326,592 ignored)")
        #expect(lines[14] == "  tap                                    11,712     20,352      6,528")
    }

    @Test func aDepthLimitAndThreeValuesAreReported() throws {
        let result = try BinaryRunner.run(["state", "explore", "--records=1", "--values", "3", "--max-depth", "2"])
        #expect(result.status == 0)
        #expect(
            Self.withoutSeconds(String(result.stdout.prefix { $0 != "\n" }))
                == "Explored 1 record with 3 values to depth 2 (--max-depth: not a fixed point) in S s:")
    }

    @Test(arguments: [
        (["--records", "4"], "Invalid value '4' for '--records': expected a whole number from 1 to 3."),
        (["--values", "4"], "Invalid value '4' for '--values': expected one of '2', '3'."),
        (["--max-depth", "-1"], "Invalid value '-1' for '--max-depth': expected a whole number from 0 to 10000."),
        (["extra"], "Unexpected argument 'extra'."),
    ])
    func badUsageIsRejected(arguments: [String], message: String) throws {
        let result = try BinaryRunner.run(["state", "explore"] + arguments)
        #expect(result.status == 64 && result.stdout == "")
        #expect(
            result.stderr == """
                Error: \(message)
                Usage: updatecheck state explore [<options>]
                  See 'updatecheck state explore --help' for more information.

                """)
    }

    @Test func aStoreFaultFailsWithTheCounterexampleWrittenAsAReplayableScenario() throws {
        let folder = try folder()
        let path = folder.appendingPathComponent("found.json").path
        let junit = folder.appendingPathComponent("explore.xml")
        var configuration = ExplorerConfiguration(records: 2, values: 2)
        configuration.faults = .keyByRow
        let captured = Captured()
        let code = try StateExploreCommand.execute(
            configuration, console: captured.console(), counterexamplePath: path, junitPath: junit.path)
        #expect(code == .checkFailed)
        let out = captured.out.withLock { $0 }
        #expect(out.contains("\n  FAIL  3 confirmedOnlyOnServerEvidence: 1 event\n"))
        #expect(out.contains("\n  FAIL  6 reorderChangesNoState: 1 event\n"))
        #expect(out.contains("\n  PASS  1 idleShowsConfirmed\n"))
        #expect(
            out.hasSuffix(
                """

                FAIL: 2 of 7 invariants broken.

                Shortest counterexample:
                invariant 6 (reorderChangesNoState) violated for record 'r1': reordering the list changed the record's state
                after 1 event from r1 = false, r2 = true:
                  1. reorder to r2, r1 → nothing
                Wrote it to \(path); replay it with: updatecheck state run \(path)

                """))
        // The file reads back through the scenario parser to the same
        // scenario, and replays to the same violation on the faulty store.
        let report = try Explorer(configuration).run()
        let found = try #require(report.counterexample)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == found.scenarioFile)
        let loaded = try ScenarioSource.load(path).scenario()
        #expect(loaded.steps.map(\.event) == found.scenario.steps.map(\.event))
        #expect(loaded.records == found.scenario.records)
        let replay = ScenarioRunner.run(loaded, salt: 1, faults: .keyByRow)
        #expect(replay.failures.first?.invariant == .reorderChangesNoState)
        #expect(replay.failures.first?.step == 1)
        #expect(replay.failures.first?.record == "r1")
        // `state run` replays it on the real store, which keeps state by ID.
        let run = try BinaryRunner.run(["state", "run", path])
        #expect(run.status == 0 && run.stdout.hasPrefix("PASS \(path): 1 step\n"))
        // The JUnit report: one case per invariant, and the fixed point.
        let parsed = try ParsedCheckReport(contentsOf: junit)
        #expect(parsed.root["tests"] == "8" && parsed.root["failures"] == "2")
        #expect(
            parsed.cases.map { "\($0.className) \($0.name): \($0.outcome)" } == [
                "state.explore.r2v2 invariant 1 idleShowsConfirmed: passed",
                "state.explore.r2v2 invariant 2 staleEventChangesNothing: passed",
                "state.explore.r2v2 invariant 3 confirmedOnlyOnServerEvidence: failure: "
                    + report.counterexample(for: .confirmedOnlyOnServerEvidence)!.violation.description,
                "state.explore.r2v2 invariant 4 oneWriteInFlight: passed",
                "state.explore.r2v2 invariant 5 noWriteBeforeResync: passed",
                "state.explore.r2v2 invariant 6 reorderChangesNoState: failure: " + found.violation.description,
                "state.explore.r2v2 invariant 7 everyChangeHasOneEvent: passed",
                "state.explore.r2v2 fixed point: passed",
            ])
        #expect(parsed.suites.first?.properties["states"] == String(report.states))
        #expect(parsed.suites.first?.properties["fixed-point"] == "true")
    }

    @Test(arguments: StoreFaults.named.map(\.name))
    func everyFaultsCounterexampleFileReplaysToTheSameViolation(name: String) throws {
        let fault = try #require(StoreFaults.named.first { $0.name == name }).fault
        let path = try folder().appendingPathComponent("\(name).json").path
        var configuration = ExplorerConfiguration(records: 2, values: 2)
        configuration.faults = fault
        let code = try StateExploreCommand.execute(
            configuration, console: Captured().console(), counterexamplePath: path, junitPath: nil)
        #expect(code == .checkFailed)
        let found = try #require(try Explorer(configuration).run().counterexample)
        let replay = ScenarioRunner.run(try ScenarioSource.load(path).scenario(), salt: 3, faults: fault)
        let failure = try #require(replay.failures.first)
        #expect(failure.step == found.length)
        #expect(failure.invariant == found.invariant)
        #expect(failure.record == found.violation.record)
        #expect(failure.expected == found.violation.detail)
    }

    @Test func noCounterexampleFileIsWrittenWhenEveryInvariantHolds() throws {
        let folder = try folder()
        let path = folder.appendingPathComponent("none.json").path
        let result = try BinaryRunner.run(["state", "explore", "--records", "1", "--counterexample", path])
        #expect(result.status == 0)
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func anUnwritableCounterexampleFileExits73AfterTheReport() throws {
        var configuration = ExplorerConfiguration(records: 1, values: 2)
        configuration.faults = .rollbackToDesiredOnReject
        let captured = Captured()
        do {
            _ = try StateExploreCommand.execute(
                configuration, console: captured.console(), counterexamplePath: "/nonexistent/found.json",
                junitPath: nil)
            Issue.record("the counterexample file was written")
        } catch {
            #expect(error.code == .cannotCreate)
            #expect(
                error.message == "/nonexistent/found.json: cannot be written (the folder /nonexistent does not exist).")
        }
        #expect(captured.out.withLock { $0 }.contains("Shortest counterexample:\n"))
    }

    @Test func aDepthLimitSkipsTheFixedPointCaseAndProgressIsDrawnOnATerminal() throws {
        let folder = try folder()
        let junit = folder.appendingPathComponent("cut.xml")
        let captured = Captured()
        let code = try StateExploreCommand.execute(
            ExplorerConfiguration(records: 1, values: 2, maxDepth: 2), console: captured.console(showsProgress: true),
            counterexamplePath: nil, junitPath: junit.path)
        #expect(code == .success)
        let parsed = try ParsedCheckReport(contentsOf: junit)
        #expect(parsed.cases.last?.name == "fixed point")
        #expect(parsed.cases.last?.outcome == "skipped")
        #expect(parsed.suites.first?.properties["max-depth"] == "2")
        let err = captured.err.withLock { $0 }
        #expect(err.hasPrefix("\r\u{1B}[2Kdepth 1: "))
        #expect(err.hasSuffix("\r\u{1B}[2K"))
    }

    /// Outputs are checked before the search: three records take minutes,
    /// and a bad path ends the command before the first state is explored
    /// (nothing is printed, as the report comes only after the search).
    @Test func anUnwritableOutputExits73BeforeExploring() throws {
        let result = try BinaryRunner.run(["state", "explore", "--records", "3", "--junit", "/proc/none/r.xml"])
        #expect(
            result
                == .init(
                    status: 73, stdout: "",
                    stderr: "Error: /proc/none/r.xml: cannot be written (the folder /proc/none cannot be created).\n"))
        let counterexample = try BinaryRunner.run([
            "state", "explore", "--records", "3", "--counterexample", "/proc/none/c.json",
        ])
        #expect(counterexample.status == 73 && counterexample.stdout == "")
        #expect(counterexample.stderr.hasPrefix("Error: /proc/none/c.json: cannot be written"))
    }

    @Test func twoOutputsOnOneFileAreAUsageError() throws {
        let dir = try folder()
        let result = try BinaryRunner.run(
            ["state", "explore", "--records", "3", "--counterexample", "same.xml", "--junit", "./same.xml"], in: dir)
        #expect(result.status == 64 && result.stdout == "")
        #expect(
            result.stderr.hasPrefix(
                "Error: '--counterexample' and '--junit' name the same file ./same.xml; give each its own.\n"))
    }

    @Test func numbersAreGroupedByThousands() {
        #expect(StateExploreText.grouped(0) == "0")
        #expect(StateExploreText.grouped(999) == "999")
        #expect(StateExploreText.grouped(1000) == "1,000")
        #expect(StateExploreText.grouped(435_408) == "435,408")
        #expect(StateExploreText.grouped(12_345_678) == "12,345,678")
    }
}
