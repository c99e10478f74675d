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
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? repositoryRoot
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = "true"
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let input = Pipe()
        if let stdinFile {
            let folder = directory ?? repositoryRoot
            process.standardInput = try FileHandle(forReadingFrom: folder.appendingPathComponent(stdinFile))
        } else {
            process.standardInput = input
        }
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        // Read both pipes fully before waiting, so a large output cannot block the child.
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }
}
