import UpdateCheckLibXML2

/// Collects the errors libxml2 reports through a structured error handler,
/// as ``JUnitProblem``s with their line numbers.
final class XMLDiagnostics {
    /// The errors collected so far, in order (at most ``limit``).
    private(set) var problems: [JUnitProblem] = []
    /// How many errors were reported in all (also beyond ``limit``).
    private(set) var count = 0
    /// Whether the XML parser itself reported an error (the file is not
    /// well-formed).
    private(set) var sawParserError = false
    /// The first error that is a limit of libxml2's rather than a mistake
    /// in the file (input too large, nesting too deep): reading stops there.
    private(set) var limitProblem: JUnitProblem?
    /// How many errors are kept.
    let limit: Int
    /// The first internal error of libxml2's schema validator (a pattern
    /// too complex for its regular expressions, for one): a failure of
    /// libxml2 with that schema, not a problem of the report.
    private(set) var schemaInternalError: JUnitProblem?
    /// The line given to an error libxml2 reports without one (an encoding
    /// error raised outside the parser): the reader's line before the read.
    var fallbackLine = 0

    /// Creates a collector keeping the first `limit` errors.
    init(limit: Int) { self.limit = limit }

    /// Records one problem found outside libxml2 (structure checks).
    func record(line: Int, _ message: String) {
        count += 1
        if problems.count < limit { problems.append(JUnitProblem(line: line, message: message)) }
    }

    /// Records that libxml2 stopped reading at `line` without reporting an
    /// error: the file is not read to its end, so it counts as not
    /// well-formed.
    func recordStop(line: Int) {
        sawParserError = true
        record(line: line, "not well-formed XML: libxml2 stopped reading here without saying why")
    }

    /// The context pointer to hand to libxml2 with ``handler``.
    var context: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    /// The C callback that forwards libxml2's errors (warnings are ignored),
    /// saying whether the parser (`not well-formed XML: …`) or the schema
    /// validator (`schema: …`) found them.
    static let handler: xmlStructuredErrorFunc = { context, error in
        guard let context, let error, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
        let diagnostics = Unmanaged<XMLDiagnostics>.fromOpaque(context).takeUnretainedValue()
        var message = error.pointee.message.map { String(cString: $0) } ?? "unknown libxml2 error"
        while message.last?.isWhitespace == true { message.removeLast() }
        switch UInt32(error.pointee.domain) {
        case XML_FROM_PARSER.rawValue, XML_FROM_NAMESPACE.rawValue, XML_FROM_IO.rawValue, XML_FROM_I18N.rawValue:
            // libxml2 reports its size and depth limits (without
            // XML_PARSE_HUGE) as internal or memory errors.
            let code = UInt32(error.pointee.code)
            if code == XML_ERR_INTERNAL_ERROR.rawValue || code == XML_ERR_NO_MEMORY.rawValue
                || message.hasSuffix("too long"), diagnostics.limitProblem == nil
            {
                diagnostics.limitProblem = JUnitProblem(
                    line: error.pointee.line > 0 ? Int(error.pointee.line) : diagnostics.fallbackLine, message: message)
            }
            message = "not well-formed XML: " + message
            diagnostics.sawParserError = true
        case XML_FROM_SCHEMASV.rawValue:
            if UInt32(error.pointee.code) == XML_SCHEMAV_INTERNAL.rawValue {
                // The first says where libxml2 failed; those after it, which
                // callers it failed in.
                if diagnostics.schemaInternalError == nil {
                    let line = error.pointee.line > 0 ? Int(error.pointee.line) : diagnostics.fallbackLine
                    diagnostics.schemaInternalError = JUnitProblem(line: line, message: message)
                }
                return
            }
            message = "schema: " + message
        default:
            break
        }
        let line = error.pointee.line > 0 ? Int(error.pointee.line) : diagnostics.fallbackLine
        diagnostics.record(line: line, message)
    }
}
