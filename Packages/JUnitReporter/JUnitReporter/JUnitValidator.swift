import UpdateCheckIO
import UpdateCheckLibXML2

/// Checks that a file is a JUnit report CI systems accept, reading it as a
/// stream (any size; the structure checks in memory bounded by the depth).
///
/// Always checked:
/// - well-formed XML 1.0 (libxml2's parser; its message and line);
/// - the root is `<testsuites>` or `<testsuite>`; `<testsuite>` sits only in
///   those, `<testcase>` only in a `<testsuite>`, `<failure>`, `<error>` and
///   `<skipped>` only in a `<testcase>`;
/// - each `<testsuite>` has `name`, `tests`, `failures` and `errors`, each
///   `<testcase>` has `name`;
/// - counts (`tests`, `failures`, `errors`, `skipped`) are whole numbers and
///   equal the cases inside (nested suites included), on `<testsuite>` and
///   `<testsuites>`;
/// - `time` is seconds with a `.` decimal point; `timestamp` is ISO 8601.
///
/// With a schema, the file is also validated against it (libxml2's XML
/// Schema validator, e.g. the Jenkins junit-10 XSD).
public enum JUnitValidator {
    /// Validates the report at `path`, optionally against an XML Schema.
    ///
    /// - Parameters:
    ///   - path: the report to check; `-` is standard input. Standard input,
    ///     pipes and FIFOs are read once, or, with a schema, copied first to
    ///     an anonymous temporary file in `$TMPDIR` (at most 2 GiB).
    ///   - schema: an XML Schema to validate against (built in, such as
    ///     ``JUnitSchema/jenkins``, or a file), or `nil` for the structure
    ///     checks only.
    ///   - maxProblems: how many problems are listed (all are counted).
    /// - Returns: the problems (empty when valid) and the report's totals.
    /// - Throws: ``JUnitReporterError/cannotRead(path:reason:)`` when the
    ///   report or the schema is missing or unreadable;
    ///   ``JUnitReporterError/unusableSchema(path:reason:)`` when the schema
    ///   is not a valid XML Schema, or libxml2 fails inside its validator
    ///   with it (an internal error, such as a `pattern` facet too complex
    ///   for its regular expressions on a long value) on a report with no
    ///   problem of its own; on one with problems, the failure is one more
    ///   problem, at its line;
    ///   ``JUnitReporterError/malformed(path:line:reason:)`` when the report
    ///   goes past the ``JUnitReadingBounds`` (a `<!DOCTYPE>`, an attribute or a
    ///   text too long, nesting too deep), or is not XML at all (empty, or
    ///   its first character other than white space is not `<`: plain
    ///   text, JSON): it
    ///   is refused, not checked. A report that is XML but not well-formed
    ///   is a problem in the result, not an error.
    /// - Complexity: O(n) in the size of the file (read once, and once more
    ///   for the schema); memory O(depth) for the structure checks. With a
    ///   schema, libxml2's content-model matcher also keeps about 150 bytes
    ///   for each child of an open element (measured: 93 MB for 600,000
    ///   cases in one suite of the Jenkins schema, 22 MB for 100,000 suites
    ///   of one case each).
    public static func validate(file path: String, schema: JUnitSchema? = nil, maxProblems: Int = 50)
        throws(JUnitReporterError) -> JUnitValidation
    {
        let diagnostics = XMLDiagnostics(limit: maxProblems)
        let parsedSchema: XMLSchema?
        do {
            parsedSchema = try schema.map { (schema) throws(JUnitReporterError) in try XMLSchema(schema) }
        }
        // Standard input and pipes can be read once: with a schema, which
        // reads the report a second time, they are first copied to a file.
        let spooled =
            parsedSchema != nil && !XMLReader.isRegularFile(path)
            ? try JUnitReporterError.mapping { () throws(IOError) in try SpooledFile(copying: path) } : nil
        let reader =
            if let spooled {
                try XMLReader(
                    descriptor: spooled.descriptor, shown: XMLReader.displayName(path), diagnostics: diagnostics)
            } else {
                try XMLReader(path: path, diagnostics: diagnostics)
            }
        var checker = JUnitStructureChecker(diagnostics: diagnostics)
        var sawElement = false
        while try reader.read() {
            switch reader.nodeType {
            case Int32(XML_READER_TYPE_ELEMENT.rawValue):
                sawElement = true
                let isEmpty = reader.isEmptyElement
                checker.start(reader)
                if isEmpty { checker.end() }
            case Int32(XML_READER_TYPE_END_ELEMENT.rawValue):
                checker.end()
            default:
                break
            }
        }
        if !sawElement, diagnostics.count == 0 { diagnostics.record(line: 0, "the file holds no XML element") }
        // A second streaming pass validates against the schema, once the file
        // is known to be XML (libxml2 reports parse errors only to the first).
        if let parsedSchema, !diagnostics.sawParserError {
            if let line = reader.schemaTextCostLine {
                throw .malformed(
                    path: reader.path, line: line,
                    reason: "its text is split by character references, CDATA sections and comments into more "
                        + "pieces than libxml2's schema validator reads in about ten seconds (it measures an element's "
                        + "text again for each piece); validate it without a schema")
            }
            if let spooled {
                spooled.rewind()
                parsedSchema.validate(descriptor: spooled.descriptor, diagnostics: diagnostics)
            } else {
                parsedSchema.validate(file: path, diagnostics: diagnostics)
            }
            if let failure = diagnostics.schemaInternalError {
                var what = failure.message
                if what.last == "." { what.removeLast() }
                let place = failure.line > 0 ? "\(reader.path):\(failure.line)" : reader.path
                guard diagnostics.count > 0 else {
                    throw .unusableSchema(
                        path: parsedSchema.path,
                        reason: "libxml2 failed inside its validator at \(place) (\(what)), which is no problem of "
                            + "the report; a pattern too complex for libxml2's regular expressions can cause it")
                }
                // The report has problems of its own (a `time` that is no number, on which the
                // Jenkins pattern makes libxml2 give up): it is not valid, whatever the schema says.
                diagnostics.record(
                    line: failure.line,
                    "schema: libxml2 failed inside its validator here (\(what)); what the schema says of this "
                        + "value is not known")
            }
        }
        let problems = diagnostics.problems.sorted { $0.line < $1.line }
        return JUnitValidation(
            problems: problems, problemCount: diagnostics.count, totals: checker.totals, suiteCount: checker.suiteCount)
    }
}
