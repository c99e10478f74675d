import UpdateCheckDiff
import UpdateCheckIO
import UpdateCheckSupport

/// One snapshot read from a JSON file for `updatecheck diff` and `plan`: an
/// array whose elements are IDs, or objects with an `id` whose other members
/// are the row's content. IDs are strings, or integers (as most JSON APIs
/// return them): a flat snapshot's IDs are all of one kind, and an integer
/// ID is kept exactly as written (`7`, `-12`; `-0` is `0`; `7.0` and `1e3`
/// are refused, and `7` is not the string `"7"`).
///
/// Reading streams over the bytes once with ``JSONScanner``: a string
/// element without escapes becomes a ``SnapshotID`` viewing its bytes where
/// they lie in the file (no copy, no `String`, no tree per ID); an ID with
/// escapes is unescaped into the snapshot's ``IDArena``; only an object
/// element is parsed as a tree (its content is compared as canonical text).
/// Each element's line is kept for error messages.
///
/// A sectioned snapshot is an array of section objects,
/// `{"section": "today", "items": ["a", {"id": "b", "title": "…"}]}`, whose
/// other members are the section's content (a header title); the first
/// element decides the shape. Its items are kept in the same flat arrays,
/// section after section, and ``sections`` says where each section starts.
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
    /// The sections of a sectioned file, in order, or `nil` for a flat file:
    /// their items are ``ids`` `[start ..< start + count]`.
    package var sections: [Section]?
    /// Whether the IDs are JSON integers (kept as written) rather than
    /// strings; decided by the first ID, and false for an empty snapshot.
    package private(set) var idsAreNumbers = false
    /// The file's bytes, where IDs without escapes are viewed.
    private let input: InputBytes?

    /// One section of a sectioned file.
    package struct Section: Sendable, Equatable {
        /// The section's ID.
        package var id: String
        /// The offset of its first item in ``DiffSnapshotFile/ids``.
        package var start: Int
        /// The number of its items.
        package var count: Int
        /// The 1-based line of the section object.
        package var line: Int
        /// Its content in canonical text form (members other than `section`
        /// and `items`, keys sorted), or empty.
        package var content: String
    }
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

    /// Appends the ID `id` of this snapshot as JSON text: quoted for string
    /// IDs, as written for integer IDs.
    package func appendJSON(_ id: SnapshotID, to out: inout [UInt8]) {
        id.appendJSON(to: &out, isNumber: idsAreNumbers)
    }

    /// The ID `id` of this snapshot as JSON text, for messages: quoted for
    /// string IDs, as written for integer IDs.
    package func jsonText(of id: String) -> String {
        idsAreNumbers ? id : JSONText.quote(id)
    }

    /// The IDs as strings (one allocation each: for small snapshots and
    /// for APIs that need `String`).
    package var idStrings: [String] { ids.map(\.description) }

    /// The sections of the file as a snapshot, their items' IDs taken from
    /// `ids` (the file's ``idStrings``); a flat empty file is zero sections.
    package func sectionedSnapshot(ids: [String]) -> SectionedSnapshot<String, String> {
        SectionedSnapshot(
            (sections ?? []).map { .init(id: $0.id, items: Array(ids[$0.start..<$0.start + $0.count])) })
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
    ///   reading, plus the IDs' bytes, a view and a line number per element.
    package static func read(at path: String) throws(CLIError) -> DiffSnapshotFile {
        let input = try CLIError.mapping { () throws(IOError) in
            try InputFile.bytes(at: path, what: "snapshot file", endsAtNUL: true)
        }
        return try read(from: input, path: path)
    }

    /// Reads the snapshots `old` and `new`: at once, one on each core, when
    /// both are regular files; otherwise one after the other, so that a bad
    /// `old` ends the run before a FIFO `new` is waited for.
    ///
    /// - Throws: exit 66 for either missing or unreadable, before either is
    ///   read; else as ``read(at:)``, the error of `old` when both fail;
    ///   exit 65 when one snapshot's IDs are strings and the other's integers.
    package static func readPair(_ old: String, _ new: String) throws(CLIError) -> (
        old: DiffSnapshotFile, new: DiffSnapshotFile
    ) {
        try CLIError.mapping { () throws(IOError) in
            try InputFile.checkReadable(old)
            try InputFile.checkReadable(new)
        }
        let pair: (old: DiffSnapshotFile, new: DiffSnapshotFile)
        if InputFile.isRegularFile(old), InputFile.isRegularFile(new) {
            let results = ParallelLoop.map(count: 2) { index -> Result<DiffSnapshotFile, CLIError> in
                Result { () throws(CLIError) in try read(at: index == 0 ? old : new) }
            }
            pair = (old: try results[0].get(), new: try results[1].get())
        } else {
            pair = (old: try read(at: old), new: try read(at: new))
        }
        if !pair.old.ids.isEmpty, !pair.new.ids.isEmpty, pair.old.idsAreNumbers != pair.new.idsAreNumbers {
            let (numbers, strings) = pair.old.idsAreNumbers ? (pair.old, pair.new) : (pair.new, pair.old)
            throw .dataError(
                "\(strings.displayName): its IDs are strings, while those of \(numbers.displayName) are integers: "
                    + "both snapshots need IDs of one kind (7 and \"7\" are different IDs).")
        }
        return pair
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
            let root = try scanner.value(depth: 0, maxBytes: InputFile.maxDocumentBytes, what: "the top-level value")
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
        // Nearly every element: a printable ASCII ID without escapes, viewed where it lies.
        if sections == nil, !idsAreNumbers, scanner.next == UInt8(ascii: "\""),
            let text = scanner.plainASCIIString(maxBytes: Self.maxIDBytes)
        {
            ids.append(SnapshotID(viewing: text, isASCII: true))
            if !contents.isEmpty { contents.append("") }
            lines.append(UInt32(truncatingIfNeeded: line))
            return
        }
        let column = scanner.column
        let offset = ids.count
        func problem(_ message: String) -> JSONNode.SyntaxError {
            JSONNode.SyntaxError(line: line, column: column, message: "offset \(offset): \(message)")
        }
        if sections == nil, let next = scanner.next, next == UInt8(ascii: "-") || (48...57).contains(next) {
            let text = try scanner.number()
            try noteKind(number: true, offset: offset, problem)
            ids.append(idArena().append(try Self.integerID(text, problem)))
            if !contents.isEmpty { contents.append("") }
        } else if scanner.next == UInt8(ascii: "\""), sections == nil {
            try noteKind(number: false, offset: offset, problem)
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
            let element = try scanner.value(
                depth: 1, maxBytes: InputFile.maxDocumentBytes,
                what: sections.map { "section \($0.count)" } ?? "offset \(offset): the element")
            if sections != nil || (ids.isEmpty && element["section"] != nil) {
                try readSection(element)
                return
            }
            if element["section"] != nil {
                throw problem("a section object in a list of IDs: a sectioned file holds only section objects.")
            }
            guard let members = element.objectValue else {
                throw problem(
                    "an ID must be a string, an integer or an object with an \"id\", got \(element.kindDescription).")
            }
            guard let idNode = element["id"] else { throw problem("the object has no \"id\" member.") }
            let id: String
            if let string = idNode.stringValue {
                try noteKind(number: false, offset: offset, problem)
                id = string
            } else if case .number(let text) = idNode.value {
                try noteKind(number: true, offset: offset, problem)
                id = try Self.integerID(text, problem)
            } else {
                throw problem("the \"id\" must be a string or an integer, got \(idNode.kindDescription).")
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

    /// Notes the kind of the ID at `offset`: the first ID decides whether
    /// the snapshot's IDs are numbers, and every later one must agree.
    ///
    /// - Throws: the error `problem` makes, naming the first ID's line, when
    ///   a flat snapshot mixes string and number IDs.
    private mutating func noteKind(
        number: Bool, offset: Int, _ problem: (String) -> JSONNode.SyntaxError
    ) throws(JSONNode.SyntaxError) {
        if offset == 0 {
            idsAreNumbers = number
        } else if idsAreNumbers != number {
            let first = lines.first.map { " (line \($0))" } ?? ""
            throw problem(
                "\(number ? "an integer" : "a string") ID, but the first ID\(first) is "
                    + "\(number ? "a string" : "an integer"): a snapshot's IDs are all strings or all integers.")
        }
    }

    /// The integer ID `text`, kept exactly as written, except `-0`, which
    /// is the integer `0` to every JSON reader and so the same ID as `0`.
    ///
    /// - Throws: the error `problem` makes when `text` has a fraction or an
    ///   exponent, or is longer than ``maxIDBytes``.
    private static func integerID(
        _ text: String, _ problem: (String) -> JSONNode.SyntaxError
    ) throws(JSONNode.SyntaxError) -> String {
        guard !text.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") }) else {
            throw problem("a number ID must be an integer, got \(text).")
        }
        guard text.utf8.count <= maxIDBytes else { throw problem("the ID is longer than \(maxIDBytes) bytes") }
        return text == "-0" ? "0" : text
    }

    /// Reads one section object of a sectioned file: its `section` ID, its
    /// `items` (string IDs or objects with an `id`) and its content.
    private mutating func readSection(_ element: JSONNode) throws(JSONNode.SyntaxError) {
        let number = sections?.count ?? 0
        func problem(_ node: JSONNode, _ message: String) -> JSONNode.SyntaxError {
            JSONNode.SyntaxError(line: node.line, column: node.column, message: "section \(number): \(message)")
        }
        guard let members = element.objectValue, let idNode = element["section"] else {
            throw problem(
                element,
                "expected a section object {\"section\": ID, \"items\": [...]} like the first element, got "
                    + "\(element.objectValue == nil ? element.kindDescription : "an object without \"section\"").")
        }
        guard let id = idNode.stringValue else {
            throw problem(idNode, "the \"section\" must be a string, got \(idNode.kindDescription).")
        }
        guard id.utf8.count <= Self.maxIDBytes else {
            throw problem(idNode, "the section ID is longer than \(Self.maxIDBytes) bytes")
        }
        guard let itemsNode = element["items"] else { throw problem(element, "the object has no \"items\" member.") }
        guard let items = itemsNode.arrayValue else {
            throw problem(itemsNode, "\"items\" must be an array, got \(itemsNode.kindDescription).")
        }
        let start = ids.count
        for (offset, item) in items.enumerated() {
            func itemProblem(_ message: String) -> JSONNode.SyntaxError {
                JSONNode.SyntaxError(
                    line: item.line, column: item.column, message: "section \(number), item \(offset): \(message)")
            }
            let itemID: String
            var text = ""
            if let string = item.stringValue {
                itemID = string
            } else if let itemMembers = item.objectValue {
                guard let itemIDNode = item["id"] else { throw itemProblem("the object has no \"id\" member.") }
                guard let string = itemIDNode.stringValue else {
                    throw itemProblem("the \"id\" must be a string, got \(itemIDNode.kindDescription).")
                }
                itemID = string
                text = Self.canonicalContent(itemMembers, without: ["id"])
            } else {
                throw itemProblem("an ID must be a string or an object with an \"id\", got \(item.kindDescription).")
            }
            guard itemID.utf8.count <= Self.maxIDBytes else {
                throw itemProblem("the ID is longer than \(Self.maxIDBytes) bytes")
            }
            let offsetOfItem = ids.count
            ids.append(idArena().append(itemID))
            if !contents.isEmpty {
                contents.append(text)
            } else if !text.isEmpty {
                contents.append(contentsOf: repeatElement("", count: offsetOfItem))
                contents.append(text)
            }
            lines.append(UInt32(truncatingIfNeeded: item.line))
        }
        let section = Section(
            id: id, start: start, count: ids.count - start, line: element.line,
            content: Self.canonicalContent(members, without: ["section", "items"]))
        if sections == nil { sections = [] }
        sections?.append(section)
    }

    /// Members other than `excluded`, keys sorted, as canonical JSON text.
    private static func canonicalContent(
        _ members: [(key: String, value: JSONNode)], without excluded: Set<String>
    ) -> String {
        members.filter { !excluded.contains($0.key) }.sorted { $0.key < $1.key }
            .map { JSONText.quote($0.key) + ":" + $0.value.canonicalText }.joined(separator: ",")
    }
}
