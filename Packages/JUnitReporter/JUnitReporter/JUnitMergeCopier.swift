import UpdateCheckLibXML2

/// Copies the suites of one input report into a ``JUnitStreamWriter``,
/// node by node, for ``JUnitMerger``, repairing on the way what CI readers
/// (and ``JUnitValidator``) would refuse: see ``JUnitMerger`` for the rules.
struct JUnitMergeCopier {
    /// An attribute to write: its name and value.
    typealias Attribute = (name: String, value: String)

    /// The namespace declarations (`xmlns`, `xmlns:p`) of one start tag.
    private struct Declarations {
        /// The declarations, in the order of the tag.
        var list: [Attribute] = []
        /// The index in ``list`` of each prefix's declaration (`""` for the
        /// default namespace).
        var index: [String: Int] = [:]

        mutating func append(_ declaration: Attribute) {
            let name = declaration.name
            index[name == "xmlns" ? "" : String(name.dropFirst("xmlns:".count))] = list.count
            list.append(declaration)
        }
    }

    /// An open suite of the input.
    private struct OpenSuite {
        var name: String
        /// The attributes to write but the name, the counts and the
        /// namespace declarations.
        var extra: [Attribute]
        /// The namespaces the suite declares itself.
        var declarations: Declarations
        /// The writer's number of the namespace bindings in scope inside it.
        var scope: Int
        /// The line of its start tag.
        var line: Int
    }

    private let reader: XMLReader
    private let writer: JUnitStreamWriter
    /// The open suites of the input, outermost first.
    private var suites: [OpenSuite] = []
    /// The namespaces declared on the input's `<testsuites>`.
    private var rootDeclarations = Declarations()
    /// The writer's number of the bindings the input's `<testsuites>` declares.
    private var rootScope = 0
    /// The prefixes of the element and attribute names written into the open
    /// output suite (`""`, the default namespace, for its own unprefixed
    /// name): a suite written declares the namespaces of these only.
    private var usedPrefixes: Set<String> = []
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
                    for declaration in namespaceDeclarations() {
                        try refuseDefaultNamespace(declaration, on: "<testsuites>")
                        rootDeclarations.append(declaration)
                    }
                    rootScope = writer.namespaceScope(parent: 0, declarations: rootDeclarations.list)
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
                try leaveOutRootContent(isEmpty: isEmpty)
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

    /// Throws for `declaration` when it declares a default namespace
    /// (`xmlns="…"`, not empty) on `element`, a `<testsuites>` or
    /// `<testsuite>`: it puts the JUnit elements in that namespace, but the
    /// merged report writes its own `<testsuites>` and suites in none, as
    /// JUnit's are, so the copy would mix both.
    private func refuseDefaultNamespace(_ declaration: Attribute, on element: String) throws(JUnitReporterError) {
        guard declaration.name == "xmlns", !declaration.value.isEmpty else { return }
        throw malformed(
            "\(element) declares a default namespace (\"\(Self.quoted(declaration.value))\"): JUnit elements have "
                + "no namespace, and the merged report, whose <testsuites> has none, would mix the two; remove the "
                + "xmlns attribute to merge it")
    }

    /// Notes the prefix of the qualified name `name` (an element's or an
    /// attribute's) as used; a namespace declaration (`xmlns:p`) and the
    /// `xml:` prefix, bound everywhere, use none.
    private mutating func notePrefix(of name: UnsafePointer<UInt8>) {
        var end = 0
        while name[end] != 0, name[end] != UInt8(ascii: ":") { end += 1 }
        guard name[end] == UInt8(ascii: ":"), end > 0 else { return }
        notePrefix(String(decoding: UnsafeBufferPointer(start: name, count: end), as: UTF8.self))
    }

    /// Notes the prefix of the qualified name `name` as used.
    private mutating func notePrefix(of name: String) {
        guard let colon = name.utf8.firstIndex(of: UInt8(ascii: ":")) else { return }
        notePrefix(String(name[..<colon]))
    }

    private mutating func notePrefix(_ prefix: String) {
        if prefix != "xmlns", prefix != "xml" { usedPrefixes.insert(prefix) }
    }

    /// The declarations, in scope inside the innermost open suite, of the
    /// prefixes used in the open output suite: in the input's order,
    /// outermost first.
    ///
    /// - Complexity: O(u × d) for the `u` prefixes used, `d` suites deep.
    private func usedDeclarations() -> [Attribute] {
        var found: [(level: Int, index: Int, declaration: Attribute)] = []
        for prefix in usedPrefixes {
            if let level = suites.lastIndex(where: { $0.declarations.index[prefix] != nil }) {
                let index = suites[level].declarations.index[prefix]!
                found.append((level + 1, index, suites[level].declarations.list[index]))
            } else if let index = rootDeclarations.index[prefix] {
                found.append((0, index, rootDeclarations.list[index]))
            }
        }
        return found.sorted { ($0.level, $0.index) < ($1.level, $1.index) }.map(\.declaration)
    }

    private mutating func beginSuite() throws(JUnitReporterError) {
        // The part of the outer suite before a nested one is left out when empty.
        if !suites.isEmpty { try endPart(droppingIfEmpty: true) }
        resumed = false
        var name = ""
        var extra: [Attribute] = []
        var declarations = Declarations()
        var timestampIndex: Int?
        reader.forEachAttribute { attributeName, value in
            let key = String(cString: attributeName)
            switch key {
            case "name": name = String(cString: value)
            case "tests", "failures", "errors", "skipped", "time": break
            case "xmlns": declarations.append((key, String(cString: value)))
            case _ where key.hasPrefix("xmlns:"): declarations.append((key, String(cString: value)))
            default:
                if key == "timestamp" { timestampIndex = extra.count }
                extra.append((key, String(cString: value)))
            }
        }
        for declaration in declarations.list { try refuseDefaultNamespace(declaration, on: "<testsuite>") }
        if let timestampIndex {
            let timestamp = extra[timestampIndex].value
            if let (normalized, leapSecond) = JUnitSyntax.normalizedTimestampAndLeapSecond(timestamp) {
                extra[timestampIndex].value = normalized
                if leapSecond {
                    warn(
                        "timestamp \"\(Self.quoted(timestamp))\" is a leap second, which xs:dateTime has no room for; "
                            + "written as \(normalized), the second before it")
                }
            } else {
                extra.remove(at: timestampIndex)
                warn("timestamp \"\(Self.quoted(timestamp))\" is not a date and time; left out")
            }
        }
        let scope = writer.namespaceScope(parent: suites.last?.scope ?? rootScope, declarations: declarations.list)
        suites.append(OpenSuite(name: name, extra: extra, declarations: declarations, scope: scope, line: reader.line))
        try beginPart()
    }

    /// Opens an output suite for (a part of) the innermost open input suite.
    /// Suites are flattened: the namespaces of the root and of the outer
    /// suites go along with each one, those its names use.
    private mutating func beginPart() throws(JUnitReporterError) {
        let suite = suites[suites.count - 1]
        // The suite's own name, `testsuite`, is in the default namespace.
        usedPrefixes = [""]
        for attribute in suite.extra { notePrefix(of: attribute.name) }
        try writer.beginSuite(name: suite.name, extra: suite.extra, scope: suite.scope)
    }

    /// Closes the open output suite, declaring the namespaces its names use.
    private mutating func endPart(droppingIfEmpty: Bool) throws(JUnitReporterError) {
        let namespaces = usedDeclarations()
        if !droppingIfEmpty || !writer.openSuiteIsEmpty, let suite = suites.last {
            // The name and the five counts are written besides.
            try checkAttributeCount(suite.extra.count + namespaces.count + 6, line: suite.line)
        }
        try writer.endSuite(droppingIfEmpty: droppingIfEmpty, namespaces: namespaces)
    }

    private mutating func endSuite() throws(JUnitReporterError) {
        guard !suites.isEmpty else { return }
        // A suite without content is kept, unless it is the rest of an outer
        // suite after a nested one.
        try endPart(droppingIfEmpty: resumed)
        suites.removeLast()
        if !suites.isEmpty {
            try beginPart()
            resumed = true
        }
    }

    /// Leaves out the element the reader is on, directly in `<testsuites>`,
    /// with a warning: `<properties>` or any element ``JUnitValidator``
    /// accepts there. The merged `<testsuites>` holds suites only, as the
    /// Jenkins junit-10 schema requires (it allows nothing else there), so
    /// such properties describe no suite of the output.
    ///
    /// - Throws: ``JUnitReporterError/malformed(path:line:reason:)`` for a
    ///   `<testcase>` or a result there, or a case, suite or result inside
    ///   what is left out, which the validator refuses too.
    private mutating func leaveOutRootContent(isEmpty: Bool) throws(JUnitReporterError) {
        if reader.nameIs("testcase") {
            throw malformed("<testcase> inside <testsuites>; it belongs in a <testsuite>")
        }
        try refuseJUnitElement()
        warn(
            "<\(reader.name)> directly in <testsuites> left out: the merged report holds only suites there, "
                + "as the Jenkins junit-10 schema requires")
        guard !isEmpty else { return }
        let depth = reader.depth
        while try next() {
            switch reader.nodeType {
            case Self.element: try refuseJUnitElement()
            case Self.endElement: if reader.depth == depth { return }
            default: break
            }
        }
    }

    /// Throws for a case, suite or result the reader is on, outside where
    /// each belongs: no JUnit reader would count it.
    private func refuseJUnitElement() throws(JUnitReporterError) {
        if reader.nameIs("failure") || reader.nameIs("error") || reader.nameIs("skipped") {
            throw malformed("<\(reader.name)> not directly inside a <testcase>; no JUnit reader would count it")
        }
        if reader.nameIs("testcase") || reader.nameIs("testsuite") || reader.nameIs("testsuites") {
            throw malformed("<\(reader.name)> inside the content of another element; it cannot be merged")
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

    /// Refuses a suite, whose start tag is on `line`, that would get
    /// `count` attributes in the copy, more than the reading bounds allow:
    /// its own and the namespace declarations of the elements around it that
    /// its content uses, which the flattened copy declares on it. (What is
    /// copied inside a suite is in the scope of the suite's declarations,
    /// and keeps its own attributes only.)
    private func checkAttributeCount(_ count: Int, line: Int) throws(JUnitReporterError) {
        guard count > JUnitReadingBounds.maxAttributes else { return }
        throw .malformed(
            path: reader.path, line: line,
            reason: "<testsuite> would get \(count) attributes in the merged report with the namespace "
                + "declarations its content uses, more than \(JUnitReadingBounds.maxAttributes) (the reading bounds)")
    }

    /// Writes the start of the `<testcase>` the reader is on: a nameless case
    /// is named `(unnamed case, line N)`; its time is normalised to seconds
    /// with three decimals (a negative time becomes 0 with a warning; one
    /// past ``JUnitTimeFormat/maxMilliseconds`` is refused).
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
        for attribute in others { notePrefix(of: attribute.name) }
        var milliseconds: Int64 = 0
        if let time {
            guard let seconds = JUnitSyntax.lenientSeconds(time) else {
                throw malformed("time=\"\(Self.quoted(time))\" is not a number of seconds")
            }
            // No run takes 31,700 years: such a time is broken, not rounded.
            if seconds * 1000 > Double(JUnitTimeFormat.maxMilliseconds) {
                throw malformed(
                    "time=\"\(Self.quoted(time))\" is more than \(JUnitTimeFormat.seconds(milliseconds: JUnitTimeFormat.maxMilliseconds)) "
                        + "seconds (about 31,700 years), the longest time a report holds")
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

    /// Writes the start of the element the reader is on, with its
    /// attributes, noting the prefixes of their names.
    private mutating func openCopy(on sink: XMLSink) {
        guard let name = reader.namePointer else { return }
        notePrefix(of: name)
        sink.start(parsed: name)
        reader.forEachAttribute { name, value in
            sink.attribute(parsed: name, value)
            notePrefix(of: name)
        }
    }
}
