import Foundation

/// Runs the built `updatecheck` binary as a child process, for end-to-end
/// tests of help text, error text and exit codes.
///
/// The binary is found in the build folder of the test bundle (the test
/// target depends on the executable, so both live there), located the way
/// the platform allows: on macOS through the loaded `.xctest` bundle, on
/// Linux through the test process's own executable.
struct BinaryRunner {
    /// What one run printed and how it ended.
    struct Result: Equatable {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The path of the `updatecheck` executable under test.
    ///
    /// When it is not found, the path where it was first looked for is
    /// returned: each test that runs it then fails on its own with "no such
    /// file", instead of the whole test process stopping.
    static let executable: URL = {
        #if os(macOS)
            // `<build>/UpdateCheckPackageTests.xctest` is a bundle folder here.
            let bundle = Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") } ?? Bundle.main
            let start = bundle.bundleURL.deletingLastPathComponent()
        #elseif os(Linux)
            // `<build>/UpdateCheckPackageTests.xctest` is the test process's executable.
            let start = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        #else
            let start = Bundle.main.bundleURL.deletingLastPathComponent()
        #endif
        var folder = start
        for _ in 0..<5 {
            let candidate = folder.appendingPathComponent("updatecheck")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        return start.appendingPathComponent("updatecheck")
    }()

    /// The repository root (for example files and the JUnit schemas).
    static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Runs `updatecheck` with `arguments` in `directory` (default: the
    /// repository root) and waits for it; its standard input is a pipe
    /// holding `stdin`, or the file `stdinFile` (relative to `directory`).
    static func run(
        _ arguments: [String], in directory: URL? = nil, stdin: String? = nil, stdinFile: String? = nil
    ) throws -> Result {
        try launch(executable, arguments, in: directory, stdin: stdin, stdinFile: stdinFile)
    }

    /// Runs `program` with `arguments` in `directory` (default: the
    /// repository root), with `CI=true` and `environment` added to this
    /// process's environment, and waits for it.
    ///
    /// Standard input is a pipe holding `stdin`, or the file `stdinFile`
    /// (relative to the folder). Standard output is read through a pipe
    /// while the child runs; standard error goes to a temporary file, read
    /// once it has ended: two pipes read one after the other deadlock when
    /// the child fills the second (a sanitizer's report on standard error
    /// easily exceeds a pipe's 64 KiB while the test waits on standard output).
    static func launch(
        _ program: URL, _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
        stdin: String? = nil, stdinFile: String? = nil
    ) throws -> Result {
        let folder = directory ?? repositoryRoot
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        process.currentDirectoryURL = folder
        var fullEnvironment = ProcessInfo.processInfo.environment
        fullEnvironment["CI"] = "true"
        fullEnvironment.merge(environment) { _, given in given }
        process.environment = fullEnvironment
        let errorFile = FileManager.default.temporaryDirectory
            .appendingPathComponent("updatecheck-stderr-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: errorFile.path, contents: nil),
            let errors = FileHandle(forWritingAtPath: errorFile.path)
        else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: errorFile.path]) }
        defer { try? FileManager.default.removeItem(at: errorFile) }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = errors
        let input = Pipe()
        if let stdinFile {
            process.standardInput = try FileHandle(forReadingFrom: folder.appendingPathComponent(stdinFile))
        } else {
            process.standardInput = input
        }
        try process.run()
        try errors.close()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let errData = try Data(contentsOf: errorFile)
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }
}
