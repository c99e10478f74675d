import UpdateCheckIO
import UpdateCheckLibXML2
import UpdateCheckPlatform
import UpdateCheckSupport

/// libxml2's streaming `xmlTextReader` over one file: one node at a time,
/// so reports of any size are read in bounded memory, within
/// ``JUnitReadingBounds`` (the bytes checked by an ``XMLInputGate`` before
/// libxml2 sees them, the nodes checked as they are read). Parser and
/// schema errors go to ``diagnostics``.
final class XMLReader {
    /// The file read.
    let path: String
    /// The errors found while reading.
    let diagnostics: XMLDiagnostics
    /// What libxml2 reads through (kept alive as long as the reader).
    private let gate: XMLInputGate
    private let reader: xmlTextReaderPtr
    /// The line of each open element's start tag, by depth (see ``line``).
    private var elementLines: [Int] = []

    /// Opens `path` for reading.
    ///
    /// `-` is standard input (named `standard input` in messages); pipes and
    /// FIFOs are read like files, once.
    ///
    /// - Throws: ``JUnitReporterError/cannotRead(path:reason:)`` when the
    ///   file is missing, a folder or unreadable;
    ///   ``JUnitReporterError/malformed(path:line:reason:)`` when a regular
    ///   file is larger than ``JUnitReadingBounds/maxReportBytes``.
    convenience init(path: String, diagnostics: XMLDiagnostics) throws(JUnitReporterError) {
        if path == Self.standardInput {
            try self.init(
                gate: XMLInputGate(descriptor: System.standardInput, owning: false), shown: Self.displayName(path),
                diagnostics: diagnostics)
            return
        }
        try XMLReader.checkReadable(path)
        let descriptor: Int32
        do {
            descriptor = try System.open(path, .readOnly)
        } catch {
            throw .cannotRead(path: path, reason: "cannot be opened (\(error))")
        }
        try self.init(gate: XMLInputGate(descriptor: descriptor, owning: true), shown: path, diagnostics: diagnostics)
    }

    /// Reads the open file `descriptor` from where it stands (it stays open),
    /// naming it `shown` in messages.
    convenience init(descriptor: Int32, shown: String, diagnostics: XMLDiagnostics) throws(JUnitReporterError) {
        try self.init(gate: XMLInputGate(descriptor: descriptor, owning: false), shown: shown, diagnostics: diagnostics)
    }

    private init(gate: XMLInputGate, shown: String, diagnostics: XMLDiagnostics) throws(JUnitReporterError) {
        _ = LibXML.initialized
        if let refusal = XMLInputGate.sizeRefusal(of: gate.descriptor) {
            throw Self.refused(shown, refusal)
        }
        let opened = xmlReaderForIO(
            XMLInputGate.readCallback, XMLInputGate.closeCallback, gate.context, shown, nil, LibXML.readOptions)
        guard let reader = opened else { throw .cannotRead(path: shown, reason: "cannot be opened") }
        self.path = shown
        self.diagnostics = diagnostics
        self.gate = gate
        self.reader = reader
        gate.recordsStartTagLines = true
        xmlTextReaderSetStructuredErrorHandler(reader, XMLDiagnostics.handler, diagnostics.context)
    }

    /// The error for a report its gate refused, or could not read.
    static func refused(_ path: String, _ refusal: XMLInputGate.Refusal) -> JUnitReporterError {
        refusal.isReadError
            ? .cannotRead(path: path, reason: refusal.reason)
            : .malformed(path: path, line: refusal.line, reason: refusal.reason)
    }

    deinit {
        xmlFreeTextReader(reader)
    }

    /// Moves to the next node; `false` at the end or at the first fatal error
    /// (recorded in ``diagnostics``, also when libxml2 stops without saying
    /// why).
    ///
    /// - Throws: ``JUnitReporterError/malformed(path:line:reason:)`` for a
    ///   file that is not XML at all (it does not start with `<`), or past
    ///   one of the ``JUnitReadingBounds`` (an encoding that does not keep
    ///   ASCII, a NUL byte, too many bytes or attributes, a document type
    ///   declaration, an attribute or text too
    ///   long, nesting too deep, an attribute libxml2 could not read), naming
    ///   the line and the bound.
    func read() throws(JUnitReporterError) -> Bool {
        // What libxml2 raises outside the reader's own parser context (bytes
        // the declared encoding cannot decode) goes to the thread's global
        // handler: while this read runs, that is the diagnostics too, so it
        // is recorded with its line instead of printed on standard error.
        diagnostics.fallbackLine = line
        xmlSetStructuredErrorFunc(diagnostics.context, XMLDiagnostics.handler)
        let status = xmlTextReaderRead(reader)
        xmlSetStructuredErrorFunc(nil, nil)
        if let refusal = gate.refusal { throw Self.refused(path, refusal) }
        if let limit = diagnostics.limitProblem {
            throw .malformed(
                path: path, line: limit.line,
                reason: "\(limit.message); past the reading bounds (\(JUnitReadingBounds.summary))")
        }
        // A stop that reported nothing is an error all the same, never the
        // end of the file: what follows it was not read.
        if status == -1, !diagnostics.sawParserError { diagnostics.recordStop(line: line) }
        // libxml2 says "Extra content at the end of the document" of a file
        // with no byte at all, or only white space: it is not XML at all,
        // as a file that does not start with '<' is not.
        if status == -1, gate.refusal == nil, !gate.sawContent {
            throw .malformed(
                path: path, line: 1,
                reason: gate.total == 0
                    ? "the file is empty, not a JUnit report" : "the file holds only white space, not a JUnit report")
        }
        guard status == 1 else { return false }
        switch nodeType {
        case Int32(XML_READER_TYPE_DOCUMENT_TYPE.rawValue):
            throw JUnitReadingBounds.refusedDoctype(path: path, line: line)
        case Int32(XML_READER_TYPE_ELEMENT.rawValue):
            let depth = self.depth
            if elementLines.count > depth { elementLines.removeLast(elementLines.count - depth) }
            elementLines.append(gate.takeStartTagLine() ?? 0)
            try checkAttributes()
        case Int32(XML_READER_TYPE_TEXT.rawValue), Int32(XML_READER_TYPE_CDATA.rawValue),
            Int32(XML_READER_TYPE_SIGNIFICANT_WHITESPACE.rawValue), Int32(XML_READER_TYPE_WHITESPACE.rawValue):
            if let value = valuePointer, Self.length(value, beyond: JUnitReadingBounds.maxTextBytes) {
                throw .malformed(
                    path: path, line: line,
                    reason: "text longer than \(JUnitReadingBounds.maxTextBytes) bytes (8 MiB) inside <\(parentName)>; "
                        + "past the reading bounds (\(JUnitReadingBounds.summary))")
            }
        case Int32(XML_READER_TYPE_ENTITY_REFERENCE.rawValue):
            // Without a DTD only the predefined entities exist, and libxml2
            // replaces those itself; anything else was already an error.
            throw .malformed(path: path, line: line, reason: "an entity reference (&\(name);) with no declaration")
        default:
            break
        }
        return true
    }

    /// The name of the element enclosing the current text node.
    private var parentName: String {
        guard let node = xmlTextReaderCurrentNode(reader), let parent = node.pointee.parent,
            let name = parent.pointee.name
        else { return "?" }
        return String(cString: name)
    }

    /// Throws when the current element's name, or an attribute's name or
    /// value, breaks Unicode's stream-safe limit (``StreamSafeText``: names
    /// and values are compared as Swift strings), when a value is longer
    /// than the bound, or has no value libxml2 can hand over (never read as
    /// `""`).
    private func checkAttributes() throws(JUnitReporterError) {
        if let namePointer, !Self.isStreamSafe(namePointer) {
            throw .malformed(path: path, line: line, reason: "the name of an element \(StreamSafeText.refusal)")
        }
        guard xmlTextReaderHasAttributes(reader) == 1 else { return }
        defer { xmlTextReaderMoveToElement(reader) }
        let element = name
        while xmlTextReaderMoveToNextAttribute(reader) == 1 {
            guard let value = xmlTextReaderConstValue(reader) else {
                throw .malformed(
                    path: path, line: line, reason: "attribute \(name) of <\(element)> could not be read")
            }
            let length = Memory.length(ofCString: value, upTo: JUnitReadingBounds.maxAttributeBytes + 1)
            if length > JUnitReadingBounds.maxAttributeBytes {
                throw .malformed(
                    path: path, line: line,
                    reason: "attribute \(name) of <\(element)> is longer than \(JUnitReadingBounds.maxAttributeBytes) "
                        + "bytes (1 MiB); past the reading bounds (\(JUnitReadingBounds.summary))")
            }
            if let namePointer, !Self.isStreamSafe(namePointer) {
                throw .malformed(
                    path: path, line: line, reason: "the name of an attribute of <\(element)> \(StreamSafeText.refusal)"
                )
            }
            if !StreamSafeText.isStreamSafe(UnsafeBufferPointer(start: value, count: length)) {
                throw .malformed(
                    path: path, line: line, reason: "attribute \(name) of <\(element)> \(StreamSafeText.refusal)")
            }
        }
    }

    /// Whether the NUL-terminated `text` keeps to `StreamSafeText`'s limit.
    private static func isStreamSafe(_ text: UnsafePointer<UInt8>) -> Bool {
        StreamSafeText.isStreamSafe(UnsafeBufferPointer(start: text, count: Memory.length(ofCString: text, upTo: .max)))
    }

    /// Whether the NUL-terminated `value` is longer than `bound` bytes
    /// (reading at most `bound + 1` of them).
    private static func length(_ value: UnsafePointer<UInt8>, beyond bound: Int) -> Bool {
        Memory.length(ofCString: value, upTo: bound + 1) > bound
    }

    /// The line where the text read so far passed what it may cost libxml2's
    /// schema validator (``JUnitReadingBounds/maxSchemaTextCost``), if it did.
    var schemaTextCostLine: Int? { gate.schemaTextCostLine }

    /// The current node's type (`XML_READER_TYPE_…`).
    var nodeType: Int32 { xmlTextReaderNodeType(reader) }
    /// Whether the current element is written `<x/>` (no end node follows).
    var isEmptyElement: Bool { xmlTextReaderIsEmptyElement(reader) == 1 }
    /// The depth of the current node (the root is 0).
    var depth: Int { Int(xmlTextReaderDepth(reader)) }
    /// The line of the current node (the end of its start tag, for an
    /// element and its end).
    ///
    /// The parser reads ahead, so its own position is not the node's; the
    /// line recorded in the node is used, falling back on the parser's. A
    /// node holds 16 bits for its line, so past 65,535 an element's line is
    /// the one its gate saw the start tag end on, and a text's the one
    /// libxml2 keeps aside with `XML_PARSE_BIG_LINES`.
    var line: Int {
        if let node = xmlTextReaderCurrentNode(reader) {
            let line = xmlGetLineNo(node)
            if line >= Int(UInt16.max) {
                // Only an element is an xmlNode with a line of its own: an attribute (an
                // xmlAttr, smaller) is read through xmlGetLineNo alone, and is on its element's line.
                let element: Int
                switch nodeType {
                case Int32(XML_READER_TYPE_ELEMENT.rawValue), Int32(XML_READER_TYPE_END_ELEMENT.rawValue):
                    element = depth
                case Int32(XML_READER_TYPE_ATTRIBUTE.rawValue):
                    element = depth - 1
                default:
                    element = -1
                }
                if elementLines.indices.contains(element), elementLines[element] > 0 { return elementLines[element] }
            }
            if line > 0 { return Int(line) }
        }
        return Int(xmlTextReaderGetParserLineNumber(reader))
    }
    /// The current node's qualified name (valid until the next move).
    var namePointer: UnsafePointer<UInt8>? { xmlTextReaderConstName(reader) }
    /// The current node's value (text, or attribute value; valid until the next move).
    var valuePointer: UnsafePointer<UInt8>? { xmlTextReaderConstValue(reader) }

    /// The current node's name as a string.
    var name: String { namePointer.map { String(cString: $0) } ?? "" }

    /// Whether the current node's name is `expected`.
    func nameIs(_ expected: StaticString) -> Bool {
        guard let namePointer else { return false }
        return Memory.equalCStrings(namePointer, expected.utf8Start)
    }

    /// The value of the current element's attribute `name`, if present.
    func attribute(_ name: StaticString) -> String? {
        guard xmlTextReaderMoveToAttribute(reader, name.utf8Start) == 1 else { return nil }
        defer { xmlTextReaderMoveToElement(reader) }
        return xmlTextReaderConstValue(reader).map { String(cString: $0) } ?? ""
    }

    /// Calls `body` with the name and value of each attribute of the current
    /// element, then moves back to the element.
    func forEachAttribute(_ body: (UnsafePointer<UInt8>, UnsafePointer<UInt8>) -> Void) {
        guard xmlTextReaderHasAttributes(reader) == 1 else { return }
        while xmlTextReaderMoveToNextAttribute(reader) == 1 {
            if let name = xmlTextReaderConstName(reader), let value = xmlTextReaderConstValue(reader) {
                body(name, value)
            }
        }
        xmlTextReaderMoveToElement(reader)
    }

    /// The path that names standard input.
    static let standardInput = "-"

    /// `path` as messages show it: `-` is `standard input`.
    static func displayName(_ path: String) -> String { path == standardInput ? "standard input" : path }

    /// Whether `path` names a regular file (one that can be read twice).
    static func isRegularFile(_ path: String) -> Bool {
        path != standardInput && (try? System.status(path))?.kind == .regular
    }

    /// Throws when `path` is missing, a folder or unreadable (`-`, standard
    /// input, always passes).
    static func checkReadable(_ path: String) throws(JUnitReporterError) {
        try JUnitReporterError.mapping { () throws(IOError) in try InputFile.checkReadable(path) }
    }
}
