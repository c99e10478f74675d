import Foundation
import Testing
import UpdateCheckIO
import UpdateCheckSupport

@testable import UpdateCheckCLI

/// Inputs: standard input and pipes, byte order marks, duplicate keys and
/// IDs with their lines, bounded IDs, and the JSON scanner's positions.
@Suite struct InputReadingTests {
    /// Runs a bash command line in `folder` with the binary as `$U`.
    func bash(_ line: String, in folder: URL) throws -> BinaryRunner.Result {
        try BinaryRunner.launch(
            URL(fileURLWithPath: "/bin/bash"), ["-c", line], in: folder,
            environment: ["U": BinaryRunner.executable.path])
    }

    func parse(_ text: String) throws(JSONNode.SyntaxError) -> JSONNode { try JSONNode.parse(Array(text.utf8)) }

    @Test func standardInputIsDash() throws {
        let files = try DiffTestFiles()
        try files.ids("old.json", ["a", "b"])
        let result = try BinaryRunner.run(["diff", "old.json", "-"], in: files.folder, stdin: #"["b", "a", "c"]"#)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("old.json: 2 IDs; standard input: 3 IDs\n"))
        #expect(result.stdout.hasSuffix("0 deleted, 1 inserted, 1 moved, 0 content updated; 1 stays put.\n"))
        let piped = try bash(#"cat old.json | "$U" diff old.json -"#, in: files.folder)
        #expect(piped.status == 0)
        #expect(piped.stdout.hasSuffix("0 deleted, 0 inserted, 0 moved, 0 content updated; 2 stay put.\n"))
    }

    @Test func processSubstitutionAndFIFOsAreRead() throws {
        let files = try DiffTestFiles()
        let substituted = try bash(#""$U" diff <(echo '["a"]') <(echo '["a", "b"]')"#, in: files.folder)
        #expect(substituted.status == 0, "\(substituted.stderr)")
        #expect(substituted.stdout.hasSuffix("0 deleted, 1 inserted, 0 moved, 0 content updated; 1 stays put.\n"))
        let fifo = try bash(
            #"mkfifo f.json && (echo '["x", "y"]' > f.json &) && "$U" diff f.json <(echo '["y"]')"#, in: files.folder)
        #expect(fifo.status == 0, "\(fifo.stderr)")
        #expect(fifo.stdout.hasPrefix("f.json: 2 IDs;"))
    }

    @Test func standardInputIsReadOnceWhereItStands() throws {
        let files = try DiffTestFiles()
        try files.ids("old.json", ["a", "b"])
        // Standard input by another name is standard input: two readers would split its bytes.
        let twice = try bash(#"cat old.json | "$U" diff /dev/stdin -"#, in: files.folder)
        #expect(twice.status == 64)
        #expect(
            twice.stderr.hasPrefix(
                "Error: Standard input (named '-', /dev/stdin or /dev/fd/0) can be read only once.\n"))
        let manifestAndScenario = try bash(#"cat old.json | "$U" state run --config - /dev/fd/0"#, in: files.folder)
        #expect(manifestAndScenario.status == 64)
        // A regular file on standard input is read from where it stands, as `cat` reads it.
        try files.write("skipped.json", #"XXX["b", "a"]"#)
        let skipped = try bash(#"{ head -c 3 >/dev/null; "$U" diff old.json -; } < skipped.json"#, in: files.folder)
        #expect(skipped.status == 0, "\(skipped.stderr)")
        #expect(skipped.stdout.hasSuffix("0 deleted, 0 inserted, 1 moved, 0 content updated; 1 stays put.\n"))
    }

    @Test func aBadInputEndsTheRunBeforeAFIFOIsWaitedFor() throws {
        let files = try DiffTestFiles()
        try files.write("bad.json", "{bad")
        for (line, status, message) in [
            (
                #"mkfifo f.json && timeout 20 "$U" diff missing.json f.json"#, Int32(66),
                "Error: missing.json: no such file.\n"
            ),
            (
                #"mkfifo g.json && timeout 20 "$U" diff bad.json g.json"#, 65,
                "Error: bad.json:1:2: expected a string key in object\n"
            ),
        ] {
            let result = try bash(line, in: files.folder)
            #expect(result.status == status, "\(line)")
            #expect(result.stderr == message)
        }
    }

    @Test func junitReportsComeFromStandardInputAndPipes() throws {
        let files = try DiffTestFiles()
        try files.write(
            "ok.xml", #"<testsuite name="s" tests="1" failures="0" errors="0"><testcase name="a"/></testsuite>"#)
        try files.write("raw.xml", #"<testsuite name="s" tests="0" failures="0" errors="0"><error/></testsuite>"#)
        // With a schema the report is read twice: a pipe is copied first.
        let valid = try bash(#"cat ok.xml | "$U" junit validate --schema jenkins -"#, in: files.folder)
        #expect(valid.status == 0, "\(valid.stderr)")
        #expect(
            valid.stdout
                == "standard input: valid against jenkins (built in) (1 suite, 1 test, 0 failures, 0 errors, 0 skipped).\n"
        )
        let invalid = try bash(#""$U" junit validate --schema jenkins <(cat raw.xml)"#, in: files.folder)
        #expect(invalid.status == 1)
        #expect(
            invalid.stdout.contains(
                #":1: <error> outside a <testcase> (junit merge makes it a case named "(suite error)")"#))
        #expect(invalid.stdout.contains(":1: schema: Element 'error': This element is not expected."))
        let notXML = try bash(#"echo '<testsuite>' | "$U" junit validate --schema jenkins -"#, in: files.folder)
        #expect(notXML.status == 1)
        #expect(notXML.stdout.contains("\nstandard input:1: not well-formed XML: "), "\(notXML.stdout)")
        #expect(!notXML.stdout.contains("schema:"))
        let merged = try bash(#"cat raw.xml | "$U" junit merge -o m.xml ok.xml -"#, in: files.folder)
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(merged.stdout == "Merged 2 reports into m.xml (2 tests, 0 failures, 1 error, 0 skipped).\n")
        let twice = try bash(#""$U" junit merge -o m2.xml - - </dev/null"#, in: files.folder)
        #expect(twice.status == 64)
        #expect(
            twice.stderr.hasPrefix(
                "Error: Standard input (named '-', /dev/stdin or /dev/fd/0) can be read only once.\n"))
        #expect(!FileManager.default.fileExists(atPath: files.folder.appendingPathComponent("m2.xml").path))
        for command in ["diff - -", "plan - - --adapter uikit"] {
            let both = try bash(#"echo '["a"]' | "$U" \#(command)"#, in: files.folder)
            #expect(both.status == 64)
            #expect(
                both.stderr.hasPrefix(
                    "Error: Standard input (named '-', /dev/stdin or /dev/fd/0) can be read only once.\n"))
        }
    }

    /// One FIFO named twice, by one name or through a link, is refused
    /// before anything is read: its second reader would wait for ever for
    /// a writer that has gone.
    @Test func aFIFONamedTwiceIsRefused() throws {
        let files = try DiffTestFiles()
        let fifo = try bash(
            #"mkfifo ff && ln -s ff link && (echo '["a"]' > ff &) && timeout 20 "$U" diff ff ff; echo " $?";"#
                + #"timeout 20 "$U" diff ff link; echo " $?"; cat ff"#,
            in: files.folder)
        #expect(fifo.stdout == " 64\n 64\n[\"a\"]\n", "\(fifo)")
        #expect(fifo.stderr.hasPrefix("Error: The FIFO ff is named twice, which can be read only once.\n"), "\(fifo)")
        #expect(fifo.stderr.contains("\nError: ff and link name one FIFO, which can be read only once.\n"), "\(fifo)")
    }

    /// An empty path is named as such in messages, not as nothing.
    @Test func anEmptyPathIsNamed() throws {
        let files = try DiffTestFiles()
        try files.ids("a.json", ["a"])
        for arguments in [["diff", "", "a.json"], ["junit", "validate", ""], ["state", "run", ""]] {
            let result = try files.run(arguments)
            #expect(result.status == 66, "\(arguments)")
            #expect(result.stderr == "Error: the empty path '': no such file.\n", "\(arguments)")
        }
    }

    @Test func argumentsThatAreNotUTF8AreRefusedByName() throws {
        #expect(UpdateCheckMain.nonUTF8Argument([Array("diff".utf8), Array("a.json".utf8)]) == nil)
        #expect(
            UpdateCheckMain.nonUTF8Argument([Array("diff".utf8), [0x73, 0xFF, 0x5C, 0x0A, 0x2E], [0xC0]])
                == "argument 2 is not valid UTF-8: 's\\xFF\\x5C\\x0A.'. File names and values are read as UTF-8; "
                + "give the file a UTF-8 name, or a symbolic link with one.")
        let files = try DiffTestFiles()
        try files.ids("a.json", ["a"])
        let result = try bash(#""$U" diff a.json "$(printf 'b\377.json')""#, in: files.folder)
        #expect(result.status == 64)
        let advice = "File names and values are read as UTF-8; give the file a UTF-8 name, or a symbolic link with one."
        #expect(result.stderr == "Error: argument 3 is not valid UTF-8: 'b\\xFF.json'. \(advice)\n")
        #expect(result.stdout.isEmpty)
    }

    @Test func aByteOrderMarkIsAccepted() throws {
        let files = try DiffTestFiles()
        try files.write("bom.json", "\u{FEFF}[\"a\"]")
        try files.ids("plain.json", ["a"])
        let result = try files.run(["diff", "bom.json", "plain.json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try parse("\u{FEFF} {\"k\": 1}").objectValue?.first?.key == "k")
        // Only at the start.
        #expect(throws: JSONNode.SyntaxError(line: 1, column: 2, message: "unexpected character, expected a value")) {
            try parse("[\u{FEFF}1]")
        }
    }

    @Test func duplicateKeysAreAnErrorWithTheirPositions() throws {
        #expect(
            throws: JSONNode.SyntaxError(
                line: 2, column: 3, message: "duplicate key \"id\" in object (first at line 1, column 2)")
        ) {
            try parse("{\"id\": \"a\",\n  \"id\": \"b\"}")
        }
        // Large objects switch to a dictionary; still found.
        let members = (0..<40).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
        #expect(
            throws: JSONNode.SyntaxError(
                line: 1, column: 2 + members.utf8.count + 2,
                message:
                    "duplicate key \"k7\" in object (first at line 1, column \(2 + members.range(of: "\"k7\"")!.lowerBound.utf16Offset(in: members)))"
            )
        ) {
            try parse("{\(members), \"k7\": 0}")
        }
        let files = try DiffTestFiles()
        try files.write("dup.json", "[\"a\",\n {\"id\": \"b\", \"id\": \"c\"}]")
        try files.ids("ok.json", ["a"])
        let result = try files.run(["diff", "dup.json", "ok.json"])
        #expect(
            result
                == .init(
                    status: 65, stdout: "",
                    stderr: "Error: dup.json:2:14: duplicate key \"id\" in object (first at line 2, column 3)\n"))
    }

    @Test func duplicateIDsNameTheirLines() throws {
        let files = try DiffTestFiles()
        try files.write("dup.json", "[\n  \"a\",\n  \"b\",\n  {\"id\": \"a\"}\n]")
        try files.ids("ok.json", ["a"])
        let result = try files.run(["diff", "ok.json", "dup.json"])
        #expect(result.status == 65)
        #expect(result.stderr == "Error: dup.json: duplicate ID \"a\" at offsets 0 (line 2), 2 (line 4).\n")
    }

    @Test func anIDPastTheBoundIsBadInput() throws {
        let files = try DiffTestFiles()
        let limit = DiffSnapshotFile.maxIDBytes
        try files.write("long.json", "[\"a\", \"" + String(repeating: "x", count: limit + 1) + "\"]")
        try files.write("max.json", "[\"a\", \"" + String(repeating: "x", count: limit) + "\"]")
        try files.write("escaped.json", "[\"" + String(repeating: "\\u0078", count: limit + 1) + "\"]")
        try files.ids("ok.json", ["a"])
        let long = try files.run(["diff", "ok.json", "long.json"])
        #expect(
            long
                == .init(
                    status: 65, stdout: "",
                    stderr: "Error: long.json:1:7: offset 1: the ID is longer than 65536 bytes\n"))
        #expect(try files.run(["diff", "ok.json", "max.json"]).status == 0)
        let escaped = try files.run(["diff", "ok.json", "escaped.json"])
        #expect(escaped.stderr == "Error: escaped.json:1:2: offset 0: the ID is longer than 65536 bytes\n")
    }

    @Test func foldersAndUnreadableFilesAreNamed() throws {
        let files = try DiffTestFiles()
        try FileManager.default.createDirectory(
            at: files.folder.appendingPathComponent("dir.json"), withIntermediateDirectories: false)
        try files.ids("ok.json", ["a"])
        #expect(
            try files.run(["diff", "ok.json", "dir.json"])
                == .init(status: 66, stdout: "", stderr: "Error: dir.json: is a folder, not a file.\n"))
    }

    /// A snapshot file is mapped, and its IDs are read from the mapping
    /// until the diff is printed: the old file is cut to nothing while the
    /// new one, a FIFO, holds the run, so the diff's next read of an old ID
    /// faults.
    @Test func aFileShortenedWhileItIsReadIsNamed() throws {
        let files = try DiffTestFiles()
        try files.ids("old.json", (0..<64).map { "an ID long enough to be read from the file itself, number \($0)" })
        let fifo = files.folder.appendingPathComponent("new.json").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let process = Process()
        process.executableURL = BinaryRunner.executable
        process.arguments = ["diff", "old.json", "new.json"]
        process.currentDirectoryURL = files.folder
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // The FIFO opens for writing once the diff opens it, next to reading old.json.
        var writer: Int32 = -1
        let deadline = Date().addingTimeInterval(20)
        while writer < 0, process.isRunning, Date() < deadline {
            writer = open(fifo, O_WRONLY | O_NONBLOCK)
            if writer < 0 { Thread.sleep(forTimeInterval: 0.01) }
        }
        try #require(writer >= 0, "the diff never opened new.json")
        _ = #"["x"]"#.withCString { write(writer, $0, 5) }
        Thread.sleep(forTimeInterval: 0.3)
        #expect(truncate(files.folder.appendingPathComponent("old.json").path, 0) == 0)
        close(writer)
        let message = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        _ = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 66)
        #expect(message == "Error: old.json: cannot be read (another program shortened it while it was read).\n")
    }

    @Test func jsonFromADeviceStopsAtItsFirstNUL() throws {
        let files = try DiffTestFiles()
        try files.ids("ok.json", ["a"])
        #expect(
            try files.run(["diff", "ok.json", "/dev/zero"])
                == .init(
                    status: 65, stdout: "", stderr: "Error: /dev/zero:1:1: unexpected character, expected a value\n"))
        #expect(
            try files.run(["state", "run", "/dev/zero"])
                == .init(
                    status: 65, stdout: "", stderr: "Error: /dev/zero:1:1: unexpected character, expected a value\n"))
        // A NUL after valid text is reported where it stands, read from a pipe too.
        let piped = try bash(#"printf '["a",\n "b"\0 "c"]' | "$U" diff ok.json -"#, in: files.folder)
        #expect(piped.status == 65)
        #expect(piped.stderr == "Error: standard input:2:5: expected ',' or ']' in array\n")
    }

    @Test func documentsReadAsATreeAreBounded() throws {
        let files = try DiffTestFiles()
        let limit = InputFile.maxDocumentBytes
        #expect(limit == 16 << 20)
        let spaces = String(repeating: " ", count: limit - 2)
        try files.write("big-scenario.json", "{}" + spaces + " ")
        try files.write("big-manifest.json", "{}" + spaces + " ")
        #expect(
            try files.run(["state", "run", "big-scenario.json"])
                == .init(
                    status: 65, stdout: "",
                    stderr: "Error: big-scenario.json: larger than 16 MiB, the largest scenario file read.\n"))
        #expect(
            try files.run(["adapters", "--config", "big-manifest.json"])
                == .init(
                    status: 65, stdout: "",
                    stderr: "Error: big-manifest.json: larger than 16 MiB, the largest adapter manifest read.\n"))
        // At the bound the document is read (and found wanting for what it holds, not its size).
        try files.write("max-scenario.json", "{}" + spaces)
        let atLimit = try files.run(["state", "run", "max-scenario.json"])
        #expect(atLimit.status == 65)
        #expect(atLimit.stderr == "Error: max-scenario.json:1:1: a scenario needs \"records\"\n")
        // The writers may see the pipe closed when the reading stops: their complaints are not ours.
        let piped = try bash(
            #"{ head -c 17000000 /dev/zero | tr '\0' ' '; } 2>/dev/null | "$U" state run -"#, in: files.folder)
        #expect(piped.status == 65)
        #expect(piped.stderr == "Error: standard input: larger than 16 MiB, the largest scenario file read.\n")
    }

    /// A snapshot file is read token by token, but a section object, an
    /// item object or a top-level value that is not an array is read whole
    /// as a tree: each is bounded like a document read as a tree, at its
    /// own start, and the elements before and after it are not.
    @Test func elementsReadAsATreeAreBounded() throws {
        let files = try DiffTestFiles()
        let items = (0..<1_600_000).map { "\"item\($0)\"" }.joined(separator: ",")  // past 16 MiB
        try files.write(
            "long-section.json",
            "[{\"section\": \"s\", \"items\": [\"a\"]},\n {\"section\": \"t\", \"items\": [\(items)]}]")
        try files.write("big-item.json", "[\"a\",\n \"b\", {\"id\": \"c\", \"tags\": [\(items)]}]")
        try files.write("big-root.json", "{\"ids\": [\(items)]}")
        try files.write("plain.json", "[\"a\"]")
        try files.write("sections.json", "[{\"section\": \"s\", \"items\": [\"a\"]}]")
        #expect(
            try files.run(["diff", "sections.json", "long-section.json"])
                == .init(
                    status: 65, stdout: "",
                    stderr: "Error: long-section.json:2:2: section 1 is larger than 16 MiB, the largest read whole\n"))
        #expect(
            try files.run(["diff", "plain.json", "big-item.json"])
                == .init(
                    status: 65, stdout: "",
                    stderr:
                        "Error: big-item.json:2:7: offset 2: the element is larger than 16 MiB, the largest read whole\n"
                ))
        #expect(
            try files.run(["diff", "plain.json", "big-root.json"])
                == .init(
                    status: 65, stdout: "",
                    stderr:
                        "Error: big-root.json:1:1: the top-level value is larger than 16 MiB, the largest read whole\n")
        )
    }

    /// The scanner's bound on a value read whole: a value ending within it
    /// is read; one running past it is refused at its start, however deep
    /// the point where it ran past.
    @Test func scannerBoundsAValueReadWhole() throws {
        let text = Array(" [1, {\"k\": [2, 3]}] [1, {\"k\": [2, 3, 4]}]".utf8)
        try text.withUnsafeBufferPointer { bytes in
            var scanner = JSONScanner(bytes)
            scanner.skipSpace()
            let first = try scanner.value(depth: 0, maxBytes: 16, what: "the first")
            #expect(first.canonicalText == #"[1,{"k":[2,3]}]"#)
            scanner.skipSpace()
            #expect(
                throws: JSONNode.SyntaxError(
                    line: 1, column: 21, message: "the second is larger than 16 bytes, the largest read whole")
            ) {
                try scanner.value(depth: 0, maxBytes: 16, what: "the second")
            }
        }
    }

    @Test func scannerKeepsPositionsAndDecodesStrings() throws {
        let node = try parse("[\n  \"a\\u00e9\\ud83d\\ude00\\n\",\n  {\"k\": [1, -2.5e3, true, null]}\n]")
        let items = try #require(node.arrayValue)
        #expect(items[0].stringValue == "aé😀\n")
        #expect((items[0].line, items[0].column) == (2, 3))
        #expect((items[1].line, items[1].column) == (3, 3))
        #expect(items[1]["k"]?.arrayValue?.map(\.canonicalText) == ["1", "-2.5e3", "true", "null"])
        // An invalid byte is named at its own column.
        #expect(throws: JSONNode.SyntaxError(line: 1, column: 3, message: "invalid UTF-8 in string")) {
            try JSONNode.parse([UInt8(ascii: "["), UInt8(ascii: "\""), 0xFF, UInt8(ascii: "\""), UInt8(ascii: "]")])
        }
        // Lines end at CR LF, LF, and a CR alone.
        #expect(throws: JSONNode.SyntaxError(line: 4, column: 3, message: "invalid literal, expected 'true'")) {
            try parse("[1,\r2,\r\n3,\r tx]")
        }
        #expect(throws: JSONNode.SyntaxError(line: 1, column: 2, message: "unterminated string")) {
            try parse("[\"abc")
        }
        // A file cut short says so, wherever it stops.
        #expect(
            throws: JSONNode.SyntaxError(
                line: 2, column: 5, message: "unexpected end of file, expected ',' or ']' in array")
        ) { try parse("[\"a\",\r\n \"b\"") }
        #expect(
            throws: JSONNode.SyntaxError(
                line: 1, column: 7, message: "unexpected end of file, expected ':' after object key")
        ) { try parse("{\"k\"  ") }
        #expect(
            throws: JSONNode.SyntaxError(
                line: 1, column: 4, message: "unexpected end of file, invalid literal, expected 'true'")
        ) { try parse("[tr") }
        #expect(throws: JSONNode.SyntaxError(line: 1, column: 2, message: "unexpected end of file, expected a value")) {
            try parse("[")
        }
        #expect(throws: JSONNode.SyntaxError(line: 1, column: 5, message: "control character in string (escape it)")) {
            try parse("[\"ab\tc\"]")
        }
        #expect(throws: JSONNode.SyntaxError(line: 1, column: 4, message: "invalid escape sequence in string")) {
            try parse("[\"a\\x\"]")
        }
    }

    @Test func longStringsAreCheckedAtEveryByte() throws {
        // Strings past eight bytes are scanned a word at a time: every special byte is still found.
        let padding = "abcdefghijklmnop"
        for position in 0..<16 {
            let head = String(padding.prefix(position))
            let tail = String(padding.suffix(16 - position))
            #expect(try parse("\"" + head + "é😀" + tail + "\"").stringValue == head + "é😀" + tail)
            #expect(try parse("\"" + head + "\\\"" + tail + "\"").stringValue == head + "\"" + tail)
            #expect(
                throws: JSONNode.SyntaxError(
                    line: 1, column: 2 + position, message: "control character in string (escape it)")
            ) {
                try parse("\"" + head + "\u{01}" + tail + "\"")
            }
            // A four-byte sequence cut short and a lone continuation byte: never repaired, always refused.
            for invalid: [UInt8] in [[0xF0, 0x9F, 0x98], [0x80], [0xC3]] {
                let bytes = [UInt8(ascii: "\"")] + Array(head.utf8) + invalid + Array(tail.utf8) + [UInt8(ascii: "\"")]
                #expect(
                    throws: JSONNode.SyntaxError(line: 1, column: 2 + position, message: "invalid UTF-8 in string")
                ) {
                    try JSONNode.parse(bytes)
                }
            }
        }
        // With an escape, the bytes are checked once unescaped: the string is named.
        let escapedInvalid: [UInt8] = Array("\"a\\n".utf8) + [0xE2, 0x82] + Array("bcdefghij\"".utf8)
        #expect(throws: JSONNode.SyntaxError(line: 1, column: 1, message: "invalid UTF-8 in string")) {
            try JSONNode.parse(escapedInvalid)
        }
    }

    @Test func snapshotIDsCompareAndHashAsStrings() {
        // Precomposed and decomposed é, the Kelvin sign and K, short and long IDs, empty, and IDs
        // of every length up to 70 (compared a word at a time up to 64 bytes) that differ only in
        // their last, first or middle byte.
        var texts = [
            "a", "K", "\u{212A}", "caf\u{E9}", "cafe\u{301}", "", "item-0000001-0001234-long-enough",
            "item-0000001-0001234-long-enougH", "\u{212A}elvin-scale-and-a-long-tail", "Kelvin-scale-and-a-long-tail",
        ]
        for length in 1...70 {
            let body = String(repeating: "x", count: length - 1)
            let middle = String(body.prefix((length - 1) / 2)) + "c" + String(body.dropFirst((length - 1) / 2))
            texts += [body + "a", body + "b", "b" + body] + (length >= 3 ? [middle] : [])
        }
        let snapshot = DiffSnapshotFile(path: "m.json", ids: texts, contents: [])
        #expect(snapshot.idStrings == texts)
        for (left, leftText) in zip(snapshot.ids, texts) {
            for (right, rightText) in zip(snapshot.ids, texts) {
                #expect((left == right) == (leftText == rightText), "\(leftText) == \(rightText)")
                if leftText == rightText {
                    #expect(left.hashValue == right.hashValue)
                    #expect(left._rawHashValue(seed: 12_345) == right._rawHashValue(seed: 12_345))
                }
            }
        }
        // Sets and dictionaries of IDs agree with those of the strings.
        #expect(Set(snapshot.ids).count == Set(texts).count)
        let offsets = Dictionary(zip(snapshot.ids, texts.indices), uniquingKeysWith: { first, _ in first })
        for (id, text) in zip(snapshot.ids, texts) { #expect(offsets[id].map { texts[$0] == text } == true) }
        // The hash spreads: the IDs of one length that differ in one byte, and the seeds, hash apart.
        let distinct = Set(texts).count
        #expect(Set(snapshot.ids.map(\.hashValue)).count >= distinct - 1)
        #expect(Set((0..<64).map { snapshot.ids[0]._rawHashValue(seed: $0) }).count == 64)
    }

    @Test func reportsQuoteIDsAsJSON() {
        #expect(JSONText.quote("plain-id") == "\"plain-id\"")
        #expect(JSONText.quote("a\"b\\c\nd\re\tf\u{01}g\u{1F}é") == "\"a\\\"b\\\\c\\nd\\re\\tf\\u0001g\\u001fé\"")
        #expect(JSONText.quote("") == "\"\"")
        // What a terminal obeys but JSON allows raw is escaped too; the
        // characters beside those controls' lead bytes are not.
        #expect(JSONText.quote("\u{85}é\u{A0}\u{FFFD}\u{FFFE}") == "\"\\u0085é\u{A0}\u{FFFD}\\ufffe\"")
        #expect(JSONText.quote("\u{7F}") == "\"\\u007f\"")
        // Long texts are scanned a word at a time: every escape is still found.
        let padding = "abcdefghijklmnopé"
        for position in 0..<17 {
            let head = String(padding.prefix(position))
            let tail = String(padding.suffix(17 - position))
            for (raw, escaped) in [
                ("\"", "\\\""), ("\\", "\\\\"), ("\n", "\\n"), ("\u{1B}", "\\u001b"), ("\u{7F}", "\\u007f"),
                ("\u{80}", "\\u0080"), ("\u{9F}", "\\u009f"), ("\u{FFFE}", "\\ufffe"), ("\u{FFFF}", "\\uffff"),
            ] {
                #expect(JSONText.quote(head + raw + tail) == "\"" + head + escaped + tail + "\"")
            }
        }
        var out: [UInt8] = []
        for number in [0, 7, 10, 4_500_000, -12, Int.max, Int.min] {
            JSONText.appendDecimal(number, to: &out)
            out.append(UInt8(ascii: " "))
        }
        #expect(String(decoding: out, as: UTF8.self) == "0 7 10 4500000 -12 \(Int.max) \(Int.min) ")
    }

    @Test func snapshotFileReadsContentAndLines() throws {
        let text = "[\"a\",\n {\"id\": \"b\", \"title\": \"B\", \"n\": 1},\n \"c\"]"
        let snapshot = try DiffSnapshotFile.read(from: Array(text.utf8), path: "s.json")
        #expect(snapshot.idStrings == ["a", "b", "c"])
        #expect(snapshot.contents == ["", "\"n\":1,\"title\":\"B\"", ""])
        #expect(snapshot.lines == [1, 2, 3])
        let plain = try DiffSnapshotFile.read(from: Array("[\"a\", {\"id\": \"b\"}]".utf8), path: "p.json")
        #expect(plain.contents.isEmpty)
        #expect(!plain.hasContent)
        #expect(plain.content(at: 1) == "")
    }
}
