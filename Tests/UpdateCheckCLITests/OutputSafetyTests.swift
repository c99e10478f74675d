import Foundation
import Testing
import UpdateCheckIO

@testable import JUnitReporter
@testable import UpdateCheckCLI

/// Outputs are never lost or hijacked: devices and FIFOs are written
/// through, symbolic links followed, failed writes to standard output end
/// with exit 74, and a closed pipe never costs the report.
@Suite struct OutputSafetyTests {
    /// Runs the binary in `folder` with standard output sent to `stdout`
    /// (a path opened for writing, or nil for a closed descriptor through
    /// `sh`), returning the status and standard error.
    func run(_ arguments: [String], in folder: URL, stdoutPath: String) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = BinaryRunner.executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = "true"
        process.environment = environment
        process.standardOutput = FileHandle(forWritingAtPath: stdoutPath)
        let err = Pipe()
        process.standardError = err
        try process.run()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: errData, as: UTF8.self))
    }

    /// Runs a shell command line in `folder` (for `>&-` and pipelines).
    func shell(_ line: String, in folder: URL) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", line]
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = "true"
        environment["UPDATECHECK"] = BinaryRunner.executable.path
        process.environment = environment
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: errData, as: UTF8.self))
    }

    func fileType(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }

    func leftovers(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") }
    }

    /// Whether this system has `/dev/full` (Linux), a device whose every
    /// write fails with ENOSPC; macOS has none.
    static let hasDevFull = FileManager.default.fileExists(atPath: "/dev/full")

    @Test(.enabled(if: hasDevFull, "/dev/full is Linux-only")) func diffToDevFullIsExit74() throws {
        let files = try DiffTestFiles()
        try files.ids("a.json", ["a", "b"])
        try files.ids("b.json", ["b", "a"])
        let (status, stderr) = try run(["diff", "a.json", "b.json"], in: files.folder, stdoutPath: "/dev/full")
        #expect(status == 74)
        #expect(stderr == "Error: cannot write to standard output: No space left on device.\n")
    }

    @Test func closedStandardOutputIsExit74() throws {
        let files = try DiffTestFiles()
        try files.ids("a.json", ["a", "b"])
        try files.ids("b.json", ["b", "a"])
        let (status, stderr) = try shell(#""$UPDATECHECK" diff a.json b.json >&-"#, in: files.folder)
        #expect(status == 74)
        #expect(stderr == "Error: cannot write to standard output: Bad file descriptor.\n")
    }

    @Test func closedPipeKeepsTheReport() throws {
        let files = try DiffTestFiles()
        let (status, stderr) = try shell(
            #""$UPDATECHECK" adapters check --ids 2 --junit r.xml | head -c 1 >/dev/null; echo "$(cat r.xml | tail -c 15)" >&2"#,
            in: files.folder)
        #expect(status == 0)
        #expect(stderr.contains("</testsuites>"))
        let report = try String(contentsOf: files.folder.appendingPathComponent("r.xml"), encoding: .utf8)
        #expect(report.hasPrefix("<?xml"))
        #expect(report.hasSuffix("</testsuites>\n"))
    }

    @Test func characterDeviceIsWrittenThroughNotReplaced() throws {
        let files = try DiffTestFiles()
        let node = files.folder.appendingPathComponent("null").path
        // A character device like /dev/null (needs root; skipped otherwise).
        guard mknod(node, S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0 else { return }
        let result = try files.run(["adapters", "check", "--ids", "2", "--junit", "null"])
        #expect(result.status == 0)
        #expect(fileType(node) == S_IFCHR)
        #expect(try leftovers(in: files.folder).isEmpty)
    }

    @Test(.enabled(if: hasDevFull, "/dev/full is Linux-only")) func devFullAsReportIsAnIOErrorNotSuccess() throws {
        let files = try DiffTestFiles()
        let result = try files.run(["adapters", "check", "--ids", "2", "--junit", "/dev/full"])
        #expect(result.status == 74)
        #expect(result.stderr == "Error: /dev/full: cannot be written (No space left on device).\n")
        #expect(fileType("/dev/full") == S_IFCHR)
    }

    @Test func symlinkedReportStaysALinkToTheNewReport() throws {
        let files = try DiffTestFiles()
        try files.write("run-42.xml", "old")
        try FileManager.default.createSymbolicLink(
            atPath: files.folder.appendingPathComponent("latest.xml").path, withDestinationPath: "run-42.xml")
        let result = try files.run(["adapters", "check", "--ids", "2", "--junit", "latest.xml"])
        #expect(result.status == 0)
        let link = files.folder.appendingPathComponent("latest.xml").path
        #expect(fileType(link) == S_IFLNK)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "run-42.xml")
        let report = try String(contentsOf: files.folder.appendingPathComponent("run-42.xml"), encoding: .utf8)
        #expect(report.hasPrefix("<?xml"))
        #expect(try leftovers(in: files.folder).isEmpty)
    }

    @Test func fifoIsWrittenThrough() throws {
        let files = try DiffTestFiles()
        let fifo = files.folder.appendingPathComponent("pipe.xml").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let (status, stderr) = try shell(
            #"cat pipe.xml > copy.xml & "$UPDATECHECK" adapters check --ids 2 --junit pipe.xml; s=$?; wait; exit $s"#,
            in: files.folder)
        #expect(status == 0, "\(stderr)")
        #expect(fileType(fifo) == S_IFIFO)
        let copy = try String(contentsOf: files.folder.appendingPathComponent("copy.xml"), encoding: .utf8)
        #expect(copy.hasSuffix("</testsuites>\n"))
    }

    @Test func folderAndSocketTargetsAreRefused() throws {
        let files = try DiffTestFiles()
        try FileManager.default.createDirectory(
            at: files.folder.appendingPathComponent("dir.xml"), withIntermediateDirectories: false)
        let result = try files.run(["adapters", "check", "--ids", "2", "--junit", "dir.xml"])
        #expect(result.status == 73)
        #expect(result.stderr == "Error: dir.xml: cannot be written (it is a folder).\n")
    }

    @Test func linkLoopIsRefused() throws {
        let files = try DiffTestFiles()
        let a = files.folder.appendingPathComponent("a.xml").path
        let b = files.folder.appendingPathComponent("b.xml").path
        try FileManager.default.createSymbolicLink(atPath: a, withDestinationPath: "b.xml")
        try FileManager.default.createSymbolicLink(atPath: b, withDestinationPath: "a.xml")
        #expect(throws: IOError.cannotCreate(path: a, reason: "more than 40 symbolic links")) {
            try AtomicFile.write("x", to: a)
        }
    }

    @Test func temporaryFileExistsOnlyBetweenOpenAndCommit() throws {
        let files = try DiffTestFiles()
        let path = files.folder.appendingPathComponent("out.txt").path
        let file = try AtomicFile(path: path)
        #expect(try leftovers(in: files.folder).isEmpty)
        let descriptor = try file.open()
        #expect(try leftovers(in: files.folder).count == 1)
        #expect(write(descriptor, "hi", 2) == 2)
        try file.commit(syncing: false)
        #expect(try leftovers(in: files.folder).isEmpty)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "hi")
    }

    @Test func replacingKeepsPermissions() throws {
        let files = try DiffTestFiles()
        let path = files.folder.appendingPathComponent("out.txt").path
        try AtomicFile.write("one", to: path)
        chmod(path, 0o600)
        try AtomicFile.write("two", to: path)
        var info = stat()
        stat(path, &info)
        #expect(info.st_mode & 0o777 == 0o600)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "two")
    }

    /// SIGTERM, and signals a process rarely gets that end it all the same.
    @Test(arguments: [SIGTERM, SIGUSR1, SIGALRM, SIGXCPU])
    func signalRemovesTheTemporaryFile(signal: Int32) throws {
        // A merge large enough that writing takes a while; the signal as soon
        // as its temporary file appears; nothing may be left behind.
        let files = try DiffTestFiles()
        var cases = ""
        for index in 0..<50_000 { cases += "<testcase name=\"c\(index)\" classname=\"k\" time=\"0.001\"/>\n" }
        try files.write("in.xml", "<testsuites><testsuite name=\"s\">\n\(cases)</testsuite></testsuites>\n")
        let process = Process()
        process.executableURL = BinaryRunner.executable
        process.arguments = ["junit", "merge", "-o", "out.xml", "in.xml"]
        process.currentDirectoryURL = files.folder
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        var sawTemporary = false
        while process.isRunning {
            if try !leftovers(in: files.folder).isEmpty {
                sawTemporary = true
                kill(process.processIdentifier, signal)
                break
            }
        }
        process.waitUntilExit()
        // Either the signal ended it, or it had just finished the report.
        if sawTemporary, process.terminationReason == .uncaughtSignal {
            #expect(process.terminationStatus == signal)
            #expect(!FileManager.default.fileExists(atPath: files.folder.appendingPathComponent("out.xml").path))
        } else {
            #expect(process.terminationStatus == 0)
        }
        #expect(try leftovers(in: files.folder).isEmpty)
    }

    /// A small JUnit report to merge, written as `in.xml` in `files`.
    func report(in files: DiffTestFiles) throws {
        try files.write(
            "in.xml",
            "<testsuites><testsuite name=\"s\"><testcase name=\"c\" classname=\"k\"/></testsuite></testsuites>\n")
    }

    @Test(arguments: ["p", "x", "-"])
    func oneCharacterNamesAreFolderlessNames(name: String) throws {
        // A one-character path once crashed in Foundation's path functions.
        #expect(OutputPath(name)!.folder == ".")
        let files = try DiffTestFiles()
        try report(in: files)
        let result = try files.run(["junit", "merge", "in.xml", "-o", name])
        #expect(result.status == 0, "\(result.stderr)")
        if name == "-" {
            #expect(result.stdout.hasSuffix("</testsuites>\n"))
            #expect(result.stderr == "Merged 1 report into - (1 test, 0 failures, 0 errors, 0 skipped).\n")
        } else {
            #expect(fileType(files.folder.appendingPathComponent(name).path) == S_IFREG)
        }
    }

    @Test func devStdoutIsTheOpenStreamNotItsFile() throws {
        // `>>` opens the file for appending: the report goes after what is
        // there, through the shell's descriptor, and the file is not replaced.
        let files = try DiffTestFiles()
        try report(in: files)
        try files.write("r.xml", "kept\n")
        let (status, stderr) = try shell(
            #"ls -i r.xml >inode.before; "$UPDATECHECK" junit merge in.xml -o /dev/stdout >>r.xml; s=$?; ls -i r.xml >inode.after; exit $s"#,
            in: files.folder)
        #expect(status == 0)
        #expect(stderr == "Merged 1 report into /dev/stdout (1 test, 0 failures, 0 errors, 0 skipped).\n")
        let text = try String(contentsOf: files.folder.appendingPathComponent("r.xml"), encoding: .utf8)
        #expect(text.hasPrefix("kept\n<?xml"))
        #expect(text.hasSuffix("</testsuites>\n"))
        let before = try String(contentsOf: files.folder.appendingPathComponent("inode.before"), encoding: .utf8)
        let after = try String(contentsOf: files.folder.appendingPathComponent("inode.after"), encoding: .utf8)
        #expect(before == after)
    }

    @Test func closedStandardOutputAsReportIsRefusedBeforeWork() throws {
        let files = try DiffTestFiles()
        try report(in: files)
        let (status, stderr) = try shell(#""$UPDATECHECK" junit merge in.xml -o /dev/stdout >&-"#, in: files.folder)
        #expect(status == 73)
        #expect(stderr == "Error: /dev/stdout: cannot be written (standard output is not open for writing).\n")
    }

    @Test func descriptorPathsNameTheOpenDescriptor() {
        #expect(AtomicFile.openDescriptor(named: "-") == 1)
        #expect(AtomicFile.openDescriptor(named: "/dev/stdout") == 1)
        #expect(AtomicFile.openDescriptor(named: "/dev/stderr") == 2)
        #expect(AtomicFile.openDescriptor(named: "/dev/fd/7") == 7)
        #expect(AtomicFile.openDescriptor(named: "/dev/fd/") == nil)
        #expect(AtomicFile.openDescriptor(named: "/dev/fd/1x") == nil)
        #expect(AtomicFile.openDescriptor(named: "stdout") == nil)
        // /proc names this process's descriptors where the system has one
        // (Linux); elsewhere such a path is an ordinary file name.
        let hasProc = FileManager.default.fileExists(atPath: "/proc/self/fd")
        #expect(AtomicFile.openDescriptor(named: "/proc/self/fd/12") == (hasProc ? 12 : nil))
        #expect(AtomicFile.openDescriptor(named: "/proc/\(getpid())/fd/3") == (hasProc ? 3 : nil))
        #expect(AtomicFile.openDescriptor(named: "/proc/1/fd/1") == (hasProc && getpid() == 1 ? 1 : nil))
    }

    @Test func fifoWithoutAReaderIsAnErrorAfterTheWait() throws {
        let files = try DiffTestFiles()
        let fifo = files.folder.appendingPathComponent("pipe.xml").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let file = try AtomicFile(path: fifo)
        file.readerWait = .milliseconds(100)
        #expect(
            throws: IOError.cannotCreate(
                path: fifo, reason: "no process opened the FIFO for reading within 0.1 seconds")
        ) {
            try file.open()
        }
        #expect(fileType(fifo) == S_IFIFO)
    }

    @Test func namesAndPathsPastTheSystemLimitsAreRefusedWithoutFolders() throws {
        let files = try DiffTestFiles()
        let name = String(repeating: "n", count: 256)
        let path = files.folder.appendingPathComponent("new/\(name)").path
        #expect(
            throws: IOError.cannotCreate(
                path: path, reason: "the name is 256 bytes long; a file name may have at most 255")
        ) {
            try OutputPath(path)!.prepare()
        }
        let long = files.folder.path + String(repeating: "/folder", count: 600) + "/r.xml"
        #expect(
            throws: IOError.cannotCreate(
                path: long,
                reason: "the path is \(long.utf8.count) bytes long; a path may have at most \(Int(PATH_MAX) - 1)")
        ) {
            try OutputPath(long)!.prepare()
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: files.folder.path) == [])
    }

    @Test func foldersMadeForAReportGoWhenTheRunWritesNothing() throws {
        let files = try DiffTestFiles()
        try "<testsuites><testsuite".write(
            to: files.folder.appendingPathComponent("bad.xml"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(
            at: files.folder.appendingPathComponent("kept"), withIntermediateDirectories: false)
        // Bad input (65) after the output's folders were made: only the folders made go.
        let failed = try BinaryRunner.run(["junit", "merge", "bad.xml", "-o", "kept/new/er/r.xml"], in: files.folder)
        #expect(failed.status == 65)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: files.folder.appendingPathComponent("kept").path) == [])
        // A second output that cannot be created takes back the first one's folders.
        let refused = try BinaryRunner.run(
            ["state", "explore", "--counterexample", "a/c.json", "--junit", "/proc/none/r.xml"], in: files.folder)
        #expect(refused.status == 73)
        #expect(!FileManager.default.fileExists(atPath: files.folder.appendingPathComponent("a").path))
        // A run that writes its report keeps the report's folder.
        let written = try BinaryRunner.run(
            ["diff", "exhaustive", "--ids", "2", "--junit", "made/r.xml"], in: files.folder)
        #expect(written.status == 0)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: files.folder.appendingPathComponent("made").path) == [
                "r.xml"
            ])
    }

    @Test func aNameOfTheLongestLengthGetsAShortenedTemporaryName() throws {
        let files = try DiffTestFiles()
        let path = files.folder.appendingPathComponent(String(repeating: "n", count: 251) + ".xml").path
        try OutputPath(path)!.prepare()
        try AtomicFile.write("whole", to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "whole")
        #expect(try leftovers(in: files.folder).isEmpty)
    }

    @Test func newFilesFollowTheUmask() throws {
        let files = try DiffTestFiles()
        try report(in: files)
        let (status, stderr) = try shell(
            #"umask 027; "$UPDATECHECK" junit merge in.xml -o r.xml >/dev/null"#, in: files.folder)
        #expect(status == 0, "\(stderr)")
        var info = stat()
        stat(files.folder.appendingPathComponent("r.xml").path, &info)
        #expect(info.st_mode & 0o777 == 0o640)
    }

    @Test(.enabled(if: getuid() == 0, "only root may give a file to another user"))
    func replacingKeepsTheOwner() throws {
        let files = try DiffTestFiles()
        let path = files.folder.appendingPathComponent("out.txt").path
        try AtomicFile.write("one", to: path)
        #expect(chown(path, 65534, 65534) == 0)
        try AtomicFile.write("two", to: path)
        var info = stat()
        stat(path, &info)
        #expect(info.st_uid == 65534 && info.st_gid == 65534)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "two")
    }

    @Test(.enabled(if: getuid() != 0, "file permissions do not bind root"))
    func aReadOnlyFileIsRefusedAndKept() throws {
        let files = try DiffTestFiles()
        let path = files.folder.appendingPathComponent("out.txt").path
        try AtomicFile.write("one", to: path)
        chmod(path, 0o444)
        #expect(throws: IOError.cannotCreate(path: path, reason: "the file is read-only")) {
            try AtomicFile.write("two", to: path)
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "one")
    }

    @Test func aManifestIsAnInputAReportMayNotOverwrite() throws {
        let files = try DiffTestFiles()
        try files.write("m.json", #"{"adapters": []}"#)
        let result = try files.run(["adapters", "check", "--config", "m.json", "--ids", "1", "--junit", "m.json"])
        #expect(result.status == 64)
        #expect(
            result.stderr.hasPrefix(
                "Error: The output '--junit m.json' is the input m.json; write it to another file.\n"))
        #expect(
            try String(contentsOf: files.folder.appendingPathComponent("m.json"), encoding: .utf8)
                == #"{"adapters": []}"#)
        try files.write("updatecheck.json", #"{"adapters": []}"#)
        let found = try files.run(["check", "--only", "diff", "--ids", "1", "--junit", "updatecheck.json"])
        #expect(found.status == 64)
        #expect(found.stderr.hasPrefix("Error: The output '--junit updatecheck.json' is the input updatecheck.json;"))
        // The state commands read the manifest for --store too: their outputs may not overwrite it either,
        // whether it is given with --config or found in the current folder.
        let manifest = #"{"stores": [{"name": "s", "command": "exit 3"}]}"#
        try files.write("m.json", manifest)
        try files.write("updatecheck.json", manifest)
        try files.write("x.json", #"{"records": {}, "steps": []}"#)
        for (arguments, output) in [
            (
                ["state", "explore", "--records", "1", "--store", "s", "--counterexample", "updatecheck.json"],
                "--counterexample updatecheck.json"
            ),
            (["state", "explore", "--records", "1", "--config", "m.json", "--junit", "m.json"], "--junit m.json"),
            (
                ["state", "explore", "--records", "1", "--exec", "exit 3", "--counterexample", "./updatecheck.json"],
                "--counterexample ./updatecheck.json"
            ),
            (["state", "run", "--config", "m.json", "--junit", "m.json", "x.json"], "--junit m.json"),
            (["state", "run", "--junit", "updatecheck.json", "x.json"], "--junit updatecheck.json"),
        ] {
            let refused = try files.run(arguments)
            #expect(refused.status == 64, "\(arguments): \(refused)")
            #expect(refused.stderr.hasPrefix("Error: The output '\(output)' is the input "), "\(refused)")
        }
        for name in ["m.json", "updatecheck.json"] {
            #expect(
                try String(contentsOf: files.folder.appendingPathComponent(name), encoding: .utf8) == manifest,
                "\(name)")
        }
    }

    /// Two outputs that reach one file only once links are followed (a
    /// link to a folder, a link to a file not written yet) are refused
    /// like two equal names, before anything is written.
    @Test func outputsMeetingThroughLinksAreRefused() throws {
        let files = try DiffTestFiles()
        let folder = files.folder.path
        try FileManager.default.createSymbolicLink(atPath: folder + "/here", withDestinationPath: ".")
        try FileManager.default.createSymbolicLink(atPath: folder + "/alias.md", withDestinationPath: "q.xml")
        for summary in ["here/q.xml", "alias.md"] {
            let result = try files.run([
                "check", "--only", "diff", "--ids", "1", "--junit", "q.xml", "--summary", summary,
            ])
            #expect(result.status == 64 && result.stdout == "")
            #expect(
                result.stderr.hasPrefix(
                    "Error: '--junit' and '--summary' name the same file \(summary); give each its own.\n"))
            #expect(!FileManager.default.fileExists(atPath: folder + "/q.xml"))
        }
        // `-` and /dev/stdout are one stream.
        let stream = try files.run([
            "check", "--only", "diff", "--ids", "1", "--junit", "-", "--summary", "/dev/stdout",
        ])
        #expect(stream.status == 64)
        #expect(stream.stderr.hasPrefix("Error: '--junit' and '--summary' name the same file /dev/stdout;"))
    }

    /// `--summary` appends to a file of any size without holding it in
    /// memory (a summary past 64 MiB failed once every check had run), and
    /// the file keeps what it held, byte for byte, before the new summary.
    @Test func theSummaryIsAppendedToAFileOfAnySize() throws {
        let files = try DiffTestFiles()
        let path = files.folder.path + "/summary.md"
        var old = [UInt8](repeating: UInt8(ascii: "x"), count: (64 << 20) + 1)
        old[0] = UInt8(ascii: "#")
        old[old.count - 1] = UInt8(ascii: "\n")
        try Data(old).write(to: URL(fileURLWithPath: path))
        let result = try files.run(["check", "--only", "diff", "--ids", "1", "--summary", "summary.md"])
        #expect(result.status == 0, "\(result)")
        let written = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(written.count > old.count)
        #expect(written.prefix(old.count) == Data(old))
        let added = String(decoding: written.dropFirst(old.count), as: UTF8.self)
        #expect(added.hasPrefix("\n## updatecheck check: "), "\(added.prefix(200))")
    }

    /// A file a picture of a failing case could be written over, named
    /// `<report>-<adapter>-<n>.svg`, is refused before the run: the
    /// manifest read or the summary, by its name or through a link.
    @Test func filesNamedLikePicturesAreRefused() throws {
        let files = try DiffTestFiles()
        let manifest = #"{"adapters": []}"#
        try files.write("r-uikit-3.svg", manifest)
        let asManifest = try files.run([
            "check", "--only", "adapters", "--ids", "1", "--junit", "r.xml", "--config", "r-uikit-3.svg",
        ])
        #expect(asManifest.status == 64 && asManifest.stdout == "")
        #expect(
            asManifest.stderr.hasPrefix(
                "Error: the manifest r-uikit-3.svg is named like a picture of the report r.xml "
                    + "(a failing case of 'uikit') and would be overwritten; give it another name.\n"))
        try FileManager.default.createSymbolicLink(
            atPath: files.folder.path + "/summary.md", withDestinationPath: "r-diffable-12.svg")
        let asSummary = try files.run([
            "check", "--only", "adapters", "--ids", "1", "--junit", "r.xml", "--summary", "summary.md",
        ])
        #expect(asSummary.status == 64)
        #expect(
            asSummary.stderr.hasPrefix(
                "Error: '--summary summary.md' is named like a picture of the report r.xml (a failing case of 'diffable')"
            ))
        #expect(
            try String(contentsOf: files.folder.appendingPathComponent("r-uikit-3.svg"), encoding: .utf8) == manifest)
        // Without adapters in the run, no picture is drawn.
        let noPictures = try files.run([
            "check", "--only", "diff", "--ids", "1", "--junit", "r.xml", "--summary", "r-uikit-3.svg",
        ])
        #expect(noPictures.status == 0)
    }

    @Test func aTemporaryFileIsRegisteredForSignalsWhileItExists() throws {
        let files = try DiffTestFiles()
        let path = files.folder.appendingPathComponent("out.txt").path
        let file = try AtomicFile(path: path)
        try file.open()
        let temporary = try leftovers(in: files.folder)
        #expect(temporary.count == 1)
        #expect(TemporaryFiles.paths.contains(files.folder.path + "/" + temporary[0]))
        try file.commit(syncing: false)
        #expect(!TemporaryFiles.paths.contains { $0.hasPrefix(files.folder.path + "/") })
        try file.probe()
        #expect(try leftovers(in: files.folder).isEmpty)
        #expect(!TemporaryFiles.paths.contains { $0.hasPrefix(files.folder.path + "/") })
    }

    @Test func picturesGoBesideAReportFileOnly() {
        #expect(PictureFolder.beside(nil) == nil)
        #expect(PictureFolder.beside("-") == nil)
        #expect(PictureFolder.beside("/dev/stdout") == nil)
        #expect(PictureFolder.beside("/dev/null") == nil)
        #expect(PictureFolder.beside("reports/check-2.xml") == PictureFolder(junitPath: "reports/check-2.xml"))
    }

    /// A file name's control characters, the ESC of an ANSI sequence
    /// included, are printed as visible escapes: the name reads as it is.
    @Test func terminalTextShowsControlsEscaped() throws {
        let files = try DiffTestFiles()
        let result = try files.run(["diff", "gone\u{07}\u{1B}[2J.json", "b.json"])
        #expect(result.status == 66)
        #expect(result.stderr == #"Error: gone\u{7}\u{1B}[2J.json: no such file."# + "\n")
    }
}
