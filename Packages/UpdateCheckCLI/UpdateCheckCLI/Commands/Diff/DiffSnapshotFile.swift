/// One snapshot read from a JSON file for `updatecheck diff` and `plan`: an
/// array whose elements are string IDs, or objects with a string `id` whose
/// other members are the row's content.
///
/// Reading streams over the bytes once with ``JSONScanner``: a string
/// element becomes an ID without any tree being built; only an object
/// element is parsed as a tree (its content is compared as canonical text).
/// Each element's line is kept for error messages. Other shapes of snapshot
/// (sections holding items) fit in ``read(from:path:)``'s element loop.
package struct DiffSnapshotFile: Sendable, Equatable {
    /// The longest ID accepted, in UTF-8 bytes: 64 KiB. A longer one is
    /// bad input (exit 65), found as soon as its text passes the bound.
    package static let maxIDBytes = 64 << 10

    /// The file the snapshot came from, as given on the command line (`-`
    /// is standard input).
    package var path: String
    /// The IDs, in order.
    package var ids: [String]
    /// Each element's content in a canonical text form (members other than
    /// `id`, keys sorted; empty for a plain string ID), or no entry at all
    /// when every element is a plain string ID (see ``content(at:)``).
    package var contents: [String]
    /// The 1-based line of each element in the file (empty for a snapshot
    /// built in memory).
    package var lines: [UInt32]

    /// Creates a snapshot from its parts.
    package init(path: String, ids: [String], contents: [String], lines: [UInt32] = []) {
        self.path = path
        self.ids = ids
        self.contents = contents
        self.lines = lines
    }

    /// Whether some element has content (is an object with more than an `id`).
    package var hasContent: Bool { contents.contains { !$0.isEmpty } }

    /// The content of the element at `offset` (empty for a plain ID).
    package func content(at offset: Int) -> String {
        contents.isEmpty ? "" : contents[offset]
    }

    /// `path` as shown in messages (`standard input` for `-`).
    package var displayName: String { InputFile.displayName(path) }

    /// The line of the element at `offset`, when known.
    package func line(at offset: Int) -> Int? {
        offset < lines.count ? Int(lines[offset]) : nil
    }

    /// Reads and checks the snapshot at `path` (`-`: standard input).
    ///
    /// - Throws: exit 66 when the file is missing; exit 65 naming the file,
    ///   line, column and offset when the JSON is malformed, not an array,
    ///   an element is not a string ID or an object with a string `id`, or
    ///   an ID is longer than ``maxIDBytes``.
    /// - Complexity: O(file size) time; memory: the file's bytes while
    ///   reading, plus the IDs and one line number per element.
    package static func read(at path: String) throws(CLIError) -> DiffSnapshotFile {
        let bytes = try InputFile.bytes(at: path)
        return try read(from: bytes, path: path)
    }

    /// Reads and checks a snapshot from the bytes of the file `path`.
    ///
    /// - Throws: exit 65 as ``read(at:)``.
    package static func read(from bytes: [UInt8], path: String) throws(CLIError) -> DiffSnapshotFile {
        var snapshot = DiffSnapshotFile(path: path, ids: [], contents: [], lines: [])
        do {
            try bytes.withUnsafeBufferPointer { buffer throws(JSONNode.SyntaxError) in
                var scanner = JSONScanner(buffer)
                try snapshot.readElements(&scanner)
            }
        } catch {
            throw .dataError("\(InputFile.displayName(path)):\(error.line):\(error.column): \(error.message)")
        }
        return snapshot
    }

    /// Reads the top-level array, appending its elements.
    private mutating func readElements(_ scanner: inout JSONScanner) throws(JSONNode.SyntaxError) {
        scanner.skipSpace()
        guard scanner.next == UInt8(ascii: "[") else {
            let root = try scanner.value(depth: 0)
            throw JSONNode.SyntaxError(
                line: root.line, column: root.column,
                message: "expected an array of IDs, got \(root.kindDescription).")
        }
        scanner.index += 1
        scanner.skipSpace()
        if !scanner.consume(UInt8(ascii: "]")) {
            while true {
                scanner.skipSpace()
                try readElement(&scanner)
                scanner.skipSpace()
                if scanner.consume(UInt8(ascii: ",")) { continue }
                if scanner.consume(UInt8(ascii: "]")) { break }
                throw scanner.error("expected ',' or ']' in array")
            }
        }
        try scanner.expectEnd()
    }

    /// Reads one element: a string ID (no tree), or an object with an `id`.
    private mutating func readElement(_ scanner: inout JSONScanner) throws(JSONNode.SyntaxError) {
        let line = scanner.line
        let column = scanner.column
        let offset = ids.count
        func problem(_ message: String) -> JSONNode.SyntaxError {
            JSONNode.SyntaxError(line: line, column: column, message: "offset \(offset): \(message)")
        }
        if scanner.next == UInt8(ascii: "\"") {
            ids.append(try scanner.string(maxBytes: Self.maxIDBytes, what: "offset \(offset): the ID"))
            if !contents.isEmpty { contents.append("") }
        } else {
            let element = try scanner.value(depth: 1)
            guard let members = element.objectValue else {
                throw problem(
                    "an ID must be a string or an object with an \"id\", got \(element.kindDescription).")
            }
            guard let idNode = element["id"] else { throw problem("the object has no \"id\" member.") }
            guard let id = idNode.stringValue else {
                throw problem("the \"id\" must be a string, got \(idNode.kindDescription).")
            }
            guard id.utf8.count <= Self.maxIDBytes else {
                throw problem("the ID is longer than \(Self.maxIDBytes) bytes")
            }
            let text = members.filter { $0.key != "id" }.sorted { $0.key < $1.key }
                .map { JSONText.quote($0.key) + ":" + $0.value.canonicalText }.joined(separator: ",")
            ids.append(id)
            if !contents.isEmpty {
                contents.append(text)
            } else if !text.isEmpty {
                // The first element with content: from here on every element has an entry.
                contents.reserveCapacity(ids.capacity)
                contents.append(contentsOf: repeatElement("", count: offset))
                contents.append(text)
            }
        }
        lines.append(UInt32(truncatingIfNeeded: line))
    }
}
