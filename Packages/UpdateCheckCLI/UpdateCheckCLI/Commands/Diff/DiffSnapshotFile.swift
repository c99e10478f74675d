import ListDiff
import UpdateCheckSupport

/// One snapshot read from a JSON file for `updatecheck diff` and `plan`: an
/// array whose elements are string IDs, or objects with a string `id` whose
/// other members are the row's content.
///
/// Reading streams over the bytes once with ``JSONScanner``: a string
/// element without escapes becomes a ``SnapshotID`` viewing its bytes where
/// they lie in the file (no copy, no `String`, no tree per ID); an ID with
/// escapes is unescaped into the snapshot's ``IDArena``; only an object
/// element is parsed as a tree (its content is compared as canonical text).
/// Each element's line is kept for error messages. Other shapes of snapshot
/// (sections holding items) fit in ``read(from:path:)``'s element loop.
///
/// Memory: the file's bytes, kept as the IDs' storage, plus 16 bytes of
/// ``SnapshotID`` and 4 of line per element. IDs are views into the
/// snapshot: keep it alive while they are used.
package struct DiffSnapshotFile: Sendable {
    /// The longest ID accepted, in UTF-8 bytes: 64 KiB. A longer one is
    /// bad input (exit 65), found as soon as its text passes the bound.
    package static let maxIDBytes = 64 << 10

    /// The file the snapshot came from, as given on the command line (`-`
    /// is standard input).
    package var path: String
    /// The IDs, in order: views into ``input`` or ``arena``.
    package private(set) var ids: [SnapshotID]
    /// Each element's content in a canonical text form (members other than
    /// `id`, keys sorted; empty for a plain string ID), or no entry at all
    /// when every element is a plain string ID (see ``content(at:)``).
    package var contents: [String]
    /// The 1-based line of each element in the file (empty for a snapshot
    /// built in memory).
    package var lines: [UInt32]
    /// The file's bytes, where IDs without escapes are viewed.
    private let input: InputBytes?
    /// The bytes of the other IDs, made at the first of them.
    private var arena: IDArena?

    /// Creates a snapshot from its parts, copying the IDs into its arena.
    package init(path: String, ids: [String], contents: [String], lines: [UInt32] = []) {
        self.path = path
        let arena = IDArena(capacity: ids.reduce(0) { $0 + $1.utf8.count })
        input = nil
        self.arena = arena
        self.ids = ids.map { arena.append($0) }
        self.contents = contents
        self.lines = lines
    }

    /// An empty snapshot that views the IDs of `input`.
    private init(path: String, input: InputBytes) {
        self.path = path
        self.input = input
        arena = nil
        ids = []
        contents = []
        lines = []
    }

    /// The arena for IDs not found as they are in the file, made on first
    /// use with room for the whole file.
    private mutating func idArena() -> IDArena {
        if let arena { return arena }
        let made = IDArena(capacity: input?.buffer.count ?? 0)
        arena = made
        return made
    }

    /// The IDs as strings (one allocation each: for small snapshots and
    /// for APIs that need `String`).
    package var idStrings: [String] { ids.map(\.description) }

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
    ///   reading, plus the IDs' bytes, a view and a line number per element.
    package static func read(at path: String) throws(CLIError) -> DiffSnapshotFile {
        try read(from: InputFile.bytes(at: path), path: path)
    }

    /// Reads the snapshots `old` and `new` at once, one on each core.
    ///
    /// - Throws: as ``read(at:)``, the error of `old` when both fail.
    package static func readPair(_ old: String, _ new: String) throws(CLIError) -> (
        old: DiffSnapshotFile, new: DiffSnapshotFile
    ) {
        let results = ParallelLoop.map(count: 2) { index -> Result<DiffSnapshotFile, CLIError> in
            Result { () throws(CLIError) in try read(at: index == 0 ? old : new) }
        }
        return (try results[0].get(), try results[1].get())
    }

    /// Reads and checks a snapshot from the bytes of the file `path`.
    ///
    /// - Throws: exit 65 as ``read(at:)``.
    package static func read(from bytes: [UInt8], path: String) throws(CLIError) -> DiffSnapshotFile {
        try read(from: InputBytes(bytes), path: path)
    }

    /// Reads and checks a snapshot from `input`, the bytes of the file
    /// `path`, which the snapshot keeps as the storage of its IDs.
    ///
    /// - Throws: exit 65 as ``read(at:)``.
    package static func read(from input: InputBytes, path: String) throws(CLIError) -> DiffSnapshotFile {
        var snapshot = DiffSnapshotFile(path: path, input: input)
        do {
            var scanner = JSONScanner(input.buffer)
            try snapshot.readElements(&scanner)
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
            let input = input
            let id = try scanner.withString(maxBytes: Self.maxIDBytes, what: "offset \(offset): the ID") {
                text, isASCII in
                // Text without escapes is viewed where it lies in the file; unescaped text is copied.
                if let start = text.baseAddress, input?.contains(start) == true {
                    return SnapshotID(viewing: text, isASCII: isASCII)
                }
                return idArena().append(text, isASCII: isASCII)
            }
            ids.append(id)
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
            ids.append(idArena().append(id))
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
