import Foundation

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

/// Writes output files atomically: a temporary file in the target folder,
/// renamed into place, so a reader never sees half a file and a failed write
/// leaves any previous file untouched.
package enum OutputFile {
    /// Writes `data` to `path` atomically.
    ///
    /// - Throws: exit 73 naming the file and the reason when it cannot be created.
    package static func write(_ data: Data, to path: String) throws(CLIError) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory),
            isDirectory.boolValue
        else {
            throw .cannotCreate("\(path): the folder \(folder.path) does not exist.")
        }
        do {
            try data.write(to: url, options: .atomic)
        } catch {
            throw .cannotCreate("\(path): cannot be written (\(error.localizedDescription)).")
        }
    }

    /// Writes `text` as UTF-8 to `path` atomically.
    package static func write(_ text: String, to path: String) throws(CLIError) {
        try write(Data(text.utf8), to: path)
    }
}
