import Foundation
import Testing

/// `updatecheck adapters check --exec … --model …` on the example adapter programs.
@Suite struct ExternalAdapterCommandTests {
    static let examples: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)  // Tests/UpdateCheckCLITests/<file>
        return parts.joined(separator: "/") + "/Examples/adapters"
    }()

    @Test func thePythonExamplePassesWithOneJUnitCasePerGroup() throws {
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("exec-\(UUID().uuidString).xml")
        defer { try? FileManager.default.removeItem(at: report) }
        let result = try BinaryRunner.run([
            "adapters", "check", "--exec", "python3 '\(Self.examples)/recyclerview_callback.py'", "--model",
            "recyclerview", "--ids", "3", "--random", "100", "--max-items", "200", "--junit", report.path,
        ])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("python-recyclerview: passed 947 cases in "))
        let xml = try String(contentsOf: report, encoding: .utf8)
        // 16 old snapshots over 3 IDs, then one group of 100 random pairs.
        #expect(xml.components(separatedBy: "<testcase ").count - 1 == 17)
        #expect(xml.contains("BatchUpdate.conformance.python-recyclerview"))
    }

    @Test func theBrokenExampleFailsWithItsSmallestCaseAndCalls() throws {
        let result = try BinaryRunner.run([
            "adapters", "check", "--exec", "python3 '\(Self.examples)/broken_recyclerview.py'", "--model",
            "recyclerview", "--ids", "3",
        ])
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                "smallest:\n  [a, b] → [], changed []: batch 1 raised: java.lang.IndexOutOfBoundsException: "
                    + "Inconsistency detected. Invalid item position 1 in onRemoved(position: 1, count: 1): the list "
                    + "holds 1 items at that point.\n    batch 1: onRemoved(position: 0, count: 1); "
                    + "onRemoved(position: 1, count: 1)\n"), "\(result)")
    }

    @Test func theNodeExamplePassesOnTheAnimatedListModel() throws {
        let result = try BinaryRunner.run([
            "adapters", "check", "--exec", "node '\(Self.examples)/splice_list.js'", "--model", "animatedlist",
            "--ids", "3",
        ])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("node-splice-list: passed 847 cases in "))
    }

    /// A program that answers one request and exits (it reads one line) is
    /// sent a few requests per copy, not every unanswered one again: the
    /// requests sent stay a small multiple of the 144 a correct program gets
    /// (each sent again at most a few times), where they grew with the square
    /// of the cases (2,296).
    @Test func aProgramThatExitsAfterEachAnswerIsNotSentEverythingAgain() throws {
        let result = try BinaryRunner.run([
            "adapters", "check", "--exec", "head -n 1 | python3 '\(Self.examples)/recyclerview_callback.py'",
            "--model", "recyclerview", "--ids", "3",
        ])
        #expect(result.status == 1)
        let marker = try #require(result.stdout.range(of: " requests sent)"), "\(result)")
        let digits = result.stdout[..<marker.lowerBound].reversed().prefix { $0.isNumber }
        let sent = try #require(Int(String(digits.reversed())), "\(result.stdout)")
        #expect(sent >= 144 && sent <= 4 * 144, "\(result.stdout)")
    }

    @Test func badProgramsAndUsageExitWithTheirCodes() throws {
        let wrongModel = try BinaryRunner.run([
            "adapters", "check", "--exec", "python3 '\(Self.examples)/recyclerview_callback.py'", "--model", "uikit",
        ])
        #expect(wrongModel.status == 65)
        #expect(
            wrongModel.stderr.contains(
                "it targets the model \"recyclerview\", but was started for the model \"uikit\"."))
        let noModel = try BinaryRunner.run(["adapters", "check", "--exec", "true"])
        #expect(noModel.status == 64 && noModel.stderr.contains("'--exec' needs '--model'"))
        let unknown = try BinaryRunner.run(["adapters", "check", "--exec", "true", "--model", "flutter"])
        #expect(unknown.status == 64 && unknown.stderr.contains("Unknown value 'flutter' for '--model'"))
        let both = try BinaryRunner.run(["adapters", "check", "uikit", "--exec", "true", "--model", "uikit"])
        #expect(both.status == 64)
        // A usage error wins over a report that cannot be written, in both shapes.
        for sections in [[], ["--sections", "2"]] {
            let usageFirst = try BinaryRunner.run(
                ["adapters", "check", "--exec", "true", "--junit", "/dev/null/r.xml"] + sections)
            #expect(usageFirst.status == 64 && usageFirst.stderr.contains("needs '--model'"), "\(usageFirst)")
        }
        let silent = try BinaryRunner.run(["adapters", "check", "--exec", "exit 0", "--model", "uikit"])
        #expect(silent.status == 65 && silent.stderr.contains("exited with status 0 without printing a handshake"))
        // A process the program left outside its session holds its output open: its end is seen all the same.
        let detached = try BinaryRunner.run([
            "adapters", "check", "--exec", "setsid sleep 3 & no-such-program-here", "--model", "uikit", "--timeout",
            "30",
        ])
        #expect(detached.status == 66, "\(detached)")
        #expect(
            detached.stderr.hasPrefix(
                "Error: The program `setsid sleep 3 & no-such-program-here` cannot be started: the shell exited with "
                    + "status 127 ("), "\(detached)")
        // A line the program wrote without its line end is shown, by its start.
        let unended = try BinaryRunner.run([
            "adapters", "check", "--exec", #"printf '{"protocol":1,"name":"n"'"#, "--model", "uikit",
        ])
        #expect(unended.status == 65)
        #expect(
            unended.stderr.contains(
                #"exited with status 0 without printing a handshake; it printed 24 bytes with no line end after "#
                    + #"them: '{"protocol":1,"name":"n"'."#), "\(unended.stderr)")
        let trickled = try BinaryRunner.run([
            "adapters", "check", "--exec", "printf '%0300d'; exec sleep 5", "--model", "uikit", "--timeout", "1",
        ])
        #expect(trickled.status == 65)
        #expect(
            trickled.stderr.contains(
                "it printed no handshake line within 1 s; it printed 300 bytes with no line end after them: '"
                    + String(repeating: "0", count: 200) + "…'."), "\(trickled.stderr)")
        // A command the shell cannot find (127) or run (126) cannot be started.
        for (command, status) in [("no-such-program-here", 127), ("/dev/null", 126)] {
            let missing = try BinaryRunner.run(["adapters", "check", "--exec", command, "--model", "uikit"])
            #expect(missing.status == 66, "\(missing)")
            #expect(
                missing.stderr.hasPrefix(
                    "Error: The program `\(command)` cannot be started: the shell exited with status \(status) ("),
                "\(missing)")
        }
    }

    /// A program that answers every case with one insert of `count` rows.
    static let inserting = #"""
        import json, sys
        print(json.dumps({"protocol": 1, "name": "huge", "model": "recyclerview",
                          "policy": {"movedAndChanged": "move-then-refresh", "refresh": "reconfigure"}}), flush=True)
        for line in sys.stdin:
            case = json.loads(line)
            call = {"method": "onInserted", "args": {"position": 0, "count": int(sys.argv[1])}}
            print(json.dumps({"id": case["id"], "batches": [{"items": case["new"], "calls": [call]}]}), flush=True)
        """#

    @Test(arguments: ["2147483648", "\(Int.max)", "100000000"])
    func hugeCountsFromAProgramFailTheCaseBeforeAnyRowIsMade(count: String) throws {
        let files = try DiffTestFiles()
        try files.write("inserting.py", Self.inserting)
        let result = try files.run([
            "adapters", "check", "--exec", "python3 inserting.py \(count)", "--model", "recyclerview", "--ids", "1",
        ])
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                "[] → [], changed []: batch 1 raised: java.lang.IndexOutOfBoundsException: Inconsistency detected. "
                    + "Invalid item count \(count) in onInserted(position: 0, count: \(count)): at most 0 more items "
                    + "fit the list before and the adapter's items after."), "\(result.stdout)")
    }
}
