import CLibXML2

/// Copies the suites of one input report into a ``JUnitStreamWriter``,
/// node by node, for ``JUnitMerger``.
struct JUnitMergeCopier {
    private let reader: XMLReader
    private let writer: JUnitStreamWriter
    /// The open suites of the input (outermost first): name and attributes.
    private var suites: [(name: String, extra: [(name: String, value: String)])] = []
    /// Whether the open output suite resumes an input suite after a nested one.
    private var resumed = false

    private static let element = Int32(XML_READER_TYPE_ELEMENT.rawValue)
    private static let endElement = Int32(XML_READER_TYPE_END_ELEMENT.rawValue)

    /// Creates a copier from `reader` into `writer`.
    init(reader: XMLReader, writer: JUnitStreamWriter) {
        self.reader = reader
        self.writer = writer
    }

    /// Copies every suite of the input.
    ///
    /// - Returns: the `name` of the input's `<testsuites>`, if it has one.
    /// - Throws: ``JUnitReporterError/malformed(path:line:reason:)`` naming
    ///   the input, the line and the reason.
    mutating func copyReport() throws(JUnitReporterError) -> String? {
        var rootName: String?
        var sawRoot = false
        while try next() {
            let type = reader.nodeType
            if type == Self.endElement {
                if reader.nameIs("testsuite") { try endSuite() }
                continue
            }
            guard type == Self.element else { continue }
            let isEmpty = reader.isEmptyElement
            if !sawRoot {
                sawRoot = true
                if reader.nameIs("testsuites") {
                    rootName = reader.attribute("name")
                    continue
                }
                guard reader.nameIs("testsuite") else {
                    throw malformed("not a JUnit report: the root element is <\(reader.name)>")
                }
            }
            if reader.nameIs("testsuite") {
                try beginSuite()
                if isEmpty { try endSuite() }
            } else if suites.isEmpty {
                throw malformed("<\(reader.name)> inside <testsuites>; only <testsuite> belongs there")
            } else if reader.nameIs("testcase") {
                writer.bodySink.raw("\n    ")
                writer.countCopiedCase(try copyElement(tallying: true))
            } else {
                writer.bodySink.raw("\n    ")
                _ = try copyElement(tallying: false)
            }
        }
        if !sawRoot { throw malformed("the file holds no XML element") }
        return rootName
    }

    /// Reads the next node; `false` at the end.
    ///
    /// - Throws: the parser's first error as a malformed input.
    private func next() throws(JUnitReporterError) -> Bool {
        let more = reader.read()
        if let problem = reader.diagnostics.problems.first {
            throw .malformed(path: reader.path, line: problem.line, reason: problem.message)
        }
        return more
    }

    private func malformed(_ reason: String) -> JUnitReporterError {
        .malformed(path: reader.path, line: reader.line, reason: reason)
    }

    private mutating func beginSuite() throws(JUnitReporterError) {
        // The part of the outer suite before a nested one is left out when empty.
        if !suites.isEmpty { try writer.endSuite(droppingIfEmpty: true) }
        resumed = false
        var name = ""
        var extra: [(name: String, value: String)] = []
        reader.forEachAttribute { attributeName, value in
            let key = String(cString: attributeName)
            switch key {
            case "name": name = String(cString: value)
            case "tests", "failures", "errors", "skipped", "time": break
            default: extra.append((key, String(cString: value)))
            }
        }
        suites.append((name, extra))
        try writer.beginSuite(name: name, extra: extra)
    }

    private mutating func endSuite() throws(JUnitReporterError) {
        guard !suites.isEmpty else { return }
        // A suite without content is kept, unless it is the rest of an outer
        // suite after a nested one.
        try writer.endSuite(droppingIfEmpty: resumed)
        suites.removeLast()
        if let outer = suites.last {
            try writer.beginSuite(name: outer.name, extra: outer.extra)
            resumed = true
        }
    }

    /// Copies the element the reader is on, with everything inside it.
    ///
    /// - Returns: for a case (`tallying`), its counts (outcome and time).
    private mutating func copyElement(tallying: Bool) throws(JUnitReporterError) -> JUnitTotals {
        let sink = writer.bodySink
        let depth = reader.depth
        var counted = JUnitTotals(tests: tallying ? 1 : 0)
        var hasFailure = false
        var hasError = false
        var hasSkipped = false
        if tallying, let time = reader.attribute("time") {
            guard let milliseconds = JUnitSyntax.milliseconds(time) else {
                throw malformed("time=\"\(time)\" is not a number of seconds with a '.' decimal point")
            }
            counted.milliseconds = milliseconds
        }
        var isEmpty = reader.isEmptyElement
        openCopy(on: sink)
        if isEmpty {
            sink.end()
        } else {
            copying: while try next() {
                switch reader.nodeType {
                case Self.element:
                    if tallying, reader.depth == depth + 1 {
                        if reader.nameIs("failure") { hasFailure = true }
                        if reader.nameIs("error") { hasError = true }
                        if reader.nameIs("skipped") { hasSkipped = true }
                    }
                    isEmpty = reader.isEmptyElement
                    openCopy(on: sink)
                    if isEmpty { sink.end() }
                case Self.endElement:
                    sink.end()
                    if reader.depth == depth { break copying }
                case Int32(XML_READER_TYPE_TEXT.rawValue), Int32(XML_READER_TYPE_CDATA.rawValue),
                    Int32(XML_READER_TYPE_WHITESPACE.rawValue), Int32(XML_READER_TYPE_SIGNIFICANT_WHITESPACE.rawValue):
                    if let value = reader.valuePointer { sink.text(parsed: value) }
                default:
                    break  // comments and processing instructions are not copied
                }
            }
        }
        if hasError {
            counted.errors = 1
        } else if hasFailure {
            counted.failures = 1
        } else if hasSkipped {
            counted.skipped = 1
        }
        return counted
    }

    /// Writes the start of the element the reader is on, with its attributes.
    private func openCopy(on sink: XMLSink) {
        guard let name = reader.namePointer else { return }
        sink.start(parsed: name)
        reader.forEachAttribute { sink.attribute(parsed: $0, $1) }
    }
}
