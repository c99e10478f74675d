import Foundation

/// A temporary folder of snapshot files for the `updatecheck diff` tests,
/// removed when the value goes away.
final class DiffTestFiles {
    /// The folder.
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("updatecheck-diff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// Writes `text` to `name` in the folder and returns the name (tests run
    /// the binary inside the folder, so messages show just the name).
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        try Data(text.utf8).write(to: folder.appendingPathComponent(name))
        return name
    }

    /// Writes a JSON array of string IDs.
    @discardableResult
    func ids(_ name: String, _ ids: [String]) throws -> String {
        try write(name, "[" + ids.map { "\"\($0)\"" }.joined(separator: ", ") + "]")
    }

    /// Runs `updatecheck` in the folder.
    func run(_ arguments: [String]) throws -> BinaryRunner.Result {
        try BinaryRunner.run(arguments, in: folder)
    }
}
