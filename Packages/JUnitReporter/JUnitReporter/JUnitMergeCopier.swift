import UpdateCheckLibXML2

/// Copies the suites of one input report into a ``JUnitStreamWriter``,
/// node by node, for ``JUnitMerger``, repairing on the way what CI readers
/// (and ``JUnitValidator``) would refuse: see ``JUnitMerger`` for the rules.
struct JUnitMergeCopier {
    /// An attribute to write: its name and value.
    typealias Attribute = (name: String, value: String)

    private let reader: XMLReader
    private let writer: JUnitStreamWriter
    /// The open suites of the input (outermost first): name, the attributes
    /// to write, and the namespaces the suite declares itself.
    private var suites: [(name: String, extra: [Attribute], namespaces: [Attribute])] = []
    /// The namespaces declared on the input's `<testsuites>`.
    private var rootNamespaces: [Attribute] = []
    /// Whether the open output suite resumes an input suite after a nested one.
    private var resumed = false
    /// The first warnings about the input (at most ``maxWarnings``), each
    /// `file:line: message`.
    private(set) var warnings: [String] = []
    /// How many warnings there were in all.
    private(set) var warningCount = 0
    /// How many warnings are kept per input.
    static let maxWarnings = 20

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
                    rootNamespaces = namespaceDeclarations()
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
                writer.countCopiedCase(try copyElement(asCase: true))
            } else if reader.nameIs("failure") || reader.nameIs("error") || reader.nameIs("skipped") {
                try copySuiteResult()
            } else {
                writer.bodySink.raw("\n    ")
                _ = try copyElement(asCase: false)
            }
        }
        if !sawRoot { throw malformed("the file holds no XML element") }
        return rootName
    }

    /// Reads the next node; `false` at the end.
    ///
    /// - Throws: the parser's first error as a malformed input, or a
    ///   reading bound passed.
    private func next() throws(JUnitReporterError) -> Bool {
        let more = try reader.read()
        if let problem = reader.diagnostics.problems.first {
            throw .malformed(path: reader.path, line: problem.line, reason: problem.message)
        }
        return more
    }

    private func malformed(_ reason: String) -> JUnitReporterError {
        .malformed(path: reader.path, line: reader.line, reason: reason)
    }

    private mutating func warn(_ message: String) {
        warningCount += 1
        if warnings.count < Self.maxWarnings { warnings.append("\(reader.path):\(reader.line): \(message)") }
    }

    /// `text` made safe and short for a message.
    private static func quoted(_ text: String) -> String { JUnitText.capped(JUnitText.sanitized(text), maxBytes: 100) }

    /// The namespace declarations (`xmlns`, `xmlns:p`) of the current element.
    private func namespaceDeclarations() -> [Attribute] {
        var declarations: [Attribute] = []
        reader.forEachAttribute { name, value in
            let key = String(cString: name)
            if key == "xmlns" || key.hasPrefix("xmlns:") { declarations.append((key, String(cString: value))) }
        }
        return declarations
    }

    /// The namespaces in scope inside the innermost open suite, outermost
    /// first (a later declaration of a prefix replaces an earlier one).
    private var namespacesInScope: [Attribute] {
        var scope = rootNamespaces
        for suite in suites {
            for declaration in suite.namespaces {
                scope.removeAll { $0.name == declaration.name }
                scope.append(declaration)
            }
        }
        return scope
    }

    private mutating func beginSuite() throws(JUnitReporterError) {
        // The part of the outer suite before a nested one is left out when empty.
        if !suites.isEmpty { try writer.endSuite(droppingIfEmpty: true) }
        resumed = false
        var name = ""
        var extra: [Attribute] = []
        var timestampIndex: Int?
        reader.forEachAttribute { attributeName, value in
            let key = String(cString: attributeName)
            switch key {
            case "name": name = String(cString: value)
            case "tests", "failures", "errors", "skipped", "time": break
            default:
                if key == "timestamp" { timestampIndex = extra.count }
                extra.append((key, String(cString: value)))
            }
        }
        if let timestampIndex {
            let timestamp = extra[timestampIndex].value
            if let normalized = JUnitSyntax.normalizedTimestamp(timestamp) {
                extra[timestampIndex].value = normalized
            } else {
                extra.remove(at: timestampIndex)
                warn("timestamp \"\(Self.quoted(timestamp))\" is not a date and time; left out")
            }
        }
        let own = extra.filter { $0.name == "xmlns" || $0.name.hasPrefix("xmlns:") }
        // Suites are flattened: the namespaces of the root and of the outer
        // suites go along with each one.
        for declaration in namespacesInScope where !extra.contains(where: { $0.name == declaration.name }) {
            extra.append(declaration)
        }
        // The name and the five counts are written besides.
        try checkAttributeCount(extra.count + 6, of: "testsuite")
        suites.append((name, extra, own))
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

    /// Copies a `<failure>`, `<error>` or `<skipped>` that sits directly in a
    /// suite (a class that failed to load, for Ant and Jenkins) as a case of
    /// its own, named `(suite failure)`, `(suite error)` or `(suite skipped)`,
    /// with the suite's name as its class name, so that it is counted.
    private mutating func copySuiteResult() throws(JUnitReporterError) {
        let sink = writer.bodySink
        let kind = reader.name
        sink.raw("\n    ")
        sink.start("testcase")
        sink.attribute(named: "name", "(suite \(kind))", limit: .max)
        sink.attribute("classname", suites.last?.name ?? "", limit: .max)
        sink.attribute("time", milliseconds: 0)
        sink.raw("\n      ")
        _ = try copyElement(asCase: false)
        sink.raw("\n    ")
        sink.end()
        var counted = JUnitTotals(tests: 1)
        switch kind {
        case "failure": counted.failures = 1
        case "error": counted.errors = 1
        default: counted.skipped = 1
        }
        writer.countCopiedCase(counted)
    }

    /// Copies the element the reader is on, with everything inside it.
    ///
    /// - Parameter asCase: whether it is a `<testcase>`: its name and time
    ///   are repaired, and its results counted.
    /// - Returns: for a case, its counts (results and time).
    private mutating func copyElement(asCase: Bool) throws(JUnitReporterError) -> JUnitTotals {
        let sink = writer.bodySink
        let depth = reader.depth
        var counted = JUnitTotals(tests: asCase ? 1 : 0)
        var isEmpty = reader.isEmptyElement
        if asCase {
            counted.milliseconds = try openCase(on: sink)
        } else {
            openCopy(on: sink)
        }
        if isEmpty {
            sink.end()
        } else {
            // The bytes of text written since the last tag: text and CDATA
            // side by side, or around a comment left out, are one text node
            // in the copy, which must stay within the reading bounds.
            var textRun = 0
            copying: while try next() {
                switch reader.nodeType {
                case Self.element:
                    let isResult = reader.nameIs("failure") || reader.nameIs("error") || reader.nameIs("skipped")
                    if isResult && !(asCase && reader.depth == depth + 1) {
                        throw malformed(
                            "<\(reader.name)> not directly inside a <testcase>; no JUnit reader would count it")
                    }
                    if reader.nameIs("testcase") || reader.nameIs("testsuite") || reader.nameIs("testsuites") {
                        throw malformed("<\(reader.name)> inside the content of another element; it cannot be merged")
                    }
                    // Every result of a case counts, as junitparser counts them.
                    if isResult {
                        if reader.nameIs("failure") { counted.failures += 1 }
                        if reader.nameIs("error") { counted.errors += 1 }
                        if reader.nameIs("skipped") { counted.skipped += 1 }
                    }
                    isEmpty = reader.isEmptyElement
                    openCopy(on: sink)
                    if isEmpty { sink.end() }
                    textRun = 0
                case Self.endElement:
                    sink.end()
                    textRun = 0
                    if reader.depth == depth { break copying }
                case Int32(XML_READER_TYPE_TEXT.rawValue), Int32(XML_READER_TYPE_CDATA.rawValue),
                    Int32(XML_READER_TYPE_WHITESPACE.rawValue), Int32(XML_READER_TYPE_SIGNIFICANT_WHITESPACE.rawValue):
                    guard let value = reader.valuePointer else { continue }
                    let length = Int(xmlStrlen(value))
                    if textRun > 0, textRun + length > JUnitReadingBounds.maxTextBytes {
                        sink.raw("<!---->")
                        textRun = 0
                    }
                    textRun += length
                    sink.text(parsed: value)
                default:
                    break  // comments and processing instructions are not copied
                }
            }
        }
        return counted
    }

    /// Refuses a suite that would get more attributes in the copy than the
    /// reading bounds allow: its own and the namespace declarations of the
    /// elements around it, which the flattened copy repeats on it. (What is
    /// copied inside a suite is in the scope of the suite's declarations,
    /// and keeps its own attributes only.)
    private func checkAttributeCount(_ count: Int, of element: String) throws(JUnitReporterError) {
        guard count > JUnitReadingBounds.maxAttributes else { return }
        throw malformed(
            "<\(element)> would get \(count) attributes in the merged report with the namespace declarations "
                + "it inherits, more than \(JUnitReadingBounds.maxAttributes) (the reading bounds)")
    }

    /// Writes the start of the `<testcase>` the reader is on: a nameless case
    /// is named `(unnamed case, line N)`; its time is normalised to seconds
    /// with three decimals (a negative time becomes 0 with a warning).
    ///
    /// - Returns: the case's time in milliseconds.
    private mutating func openCase(on sink: XMLSink) throws(JUnitReporterError) -> Int64 {
        var name: String?
        var time: String?
        var others: [Attribute] = []
        reader.forEachAttribute { attributeName, value in
            let key = String(cString: attributeName)
            switch key {
            case "name": name = String(cString: value)
            case "time": time = String(cString: value)
            default: others.append((key, String(cString: value)))
            }
        }
        var milliseconds: Int64 = 0
        if let time {
            guard let seconds = JUnitSyntax.lenientSeconds(time) else {
                throw malformed("time=\"\(Self.quoted(time))\" is not a number of seconds")
            }
            if seconds < 0 { warn("time=\"\(Self.quoted(time))\" is negative; written as 0") }
            milliseconds = JUnitTimeFormat.milliseconds(seconds)
        }
        if name?.isEmpty ?? true {
            name = "(unnamed case, line \(reader.line))"
            warn("a <testcase> without a name; named \"\(name!)\"")
        }
        sink.start("testcase")
        sink.attribute(named: "name", name!, limit: .max)
        for attribute in others { sink.attribute(named: attribute.name, attribute.value, limit: .max) }
        if time != nil { sink.attribute("time", milliseconds: milliseconds) }
        return milliseconds
    }

    /// Writes the start of the element the reader is on, with its attributes.
    private func openCopy(on sink: XMLSink) {
        guard let name = reader.namePointer else { return }
        sink.start(parsed: name)
        reader.forEachAttribute { name, value in sink.attribute(parsed: name, value) }
    }
}
