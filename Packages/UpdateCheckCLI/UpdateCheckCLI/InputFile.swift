import Foundation
import JUnitReporter

/// Reads input files with the CLI's exit-code conventions.
package enum InputFile {
    /// The whole content of `path` as bytes.
    ///
    /// - Throws: exit 66 when the file is missing or unreadable (naming it).
    package static func data(at path: String) throws(CLIError) -> Data {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .noInput("\(path): no such file.")
        }
        if isDirectory.boolValue { throw .noInput("\(path): is a directory, not a file.") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .noInput("\(path): cannot be read.")
        }
        return data
    }

    /// The content of `path` parsed as JSON, with line and column positions.
    ///
    /// - Throws: exit 66 when missing; exit 65 naming file, line and column
    ///   when the JSON is malformed.
    package static func json(at path: String) throws(CLIError) -> JSONNode {
        let bytes = try data(at: path)
        do {
            return try JSONNode.parse(Array(bytes))
        } catch {
            throw .dataError("\(path):\(error.line):\(error.column): \(error.message)")
        }
    }
}

/// Writes the CLI's output files (pictures, counterexamples) through
/// JUnitReporter's `AtomicFile`, the one home of safe output writing: a
/// reader never sees half a file, a symbolic link is followed and stays a
/// link, a device or FIFO is written through and never replaced.
package enum OutputFile {
    /// Writes `text` as UTF-8 to `path`.
    ///
    /// - Throws: exit 73 naming the file and the reason when it cannot be
    ///   created or written; a previous file at `path` is then untouched.
    package static func write(_ text: String, to path: String) throws(CLIError) {
        do {
            try AtomicFile.write(text, to: path)
        } catch {
            throw CLIError(error)
        }
    }
}
