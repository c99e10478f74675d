import Foundation

/// Runs the built `updatecheck` binary as a child process, for end-to-end
/// tests of help text, error text and exit codes.
///
/// The binary is found beside the test bundle (the test target depends on
/// the executable, so both live in the same build folder).
struct BinaryRunner {
    /// What one run printed and how it ended.
    struct Result: Equatable {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The path of the `updatecheck` executable under test.
    static let executable: URL = {
        let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var folder = testBinary.deletingLastPathComponent()
        // On Linux the test binary is `<build>/UpdateCheckPackageTests.xctest`;
        // on macOS it sits inside a bundle: walk up until `updatecheck` is found.
        for _ in 0..<5 {
            let candidate = folder.appendingPathComponent("updatecheck")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        fatalError("updatecheck executable not found near \(testBinary.path)")
    }()

    /// The repository root (for example files and the JUnit schemas).
    static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Runs `updatecheck` with `arguments` in `directory` (default: the
    /// repository root) and waits for it.
    static func run(_ arguments: [String], in directory: URL? = nil, stdin: String? = nil) throws -> Result {
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
        process.standardInput = input
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
