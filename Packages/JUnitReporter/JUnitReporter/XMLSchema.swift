import UpdateCheckLibXML2
import UpdateCheckPlatform

/// A parsed XML Schema, and streaming validation of files against it.
final class XMLSchema {
    /// The schema's name for messages: its path, or `jenkins (built in)`.
    let path: String
    private let schema: xmlSchemaPtr

    /// Parses `source`: a built-in schema's text, or an `.xsd` file.
    ///
    /// - Throws: ``JUnitReporterError/cannotRead(path:reason:)`` when the file
    ///   is missing, unreadable or not a regular file;
    ///   ``JUnitReporterError/unusableSchema(path:reason:)`` when it is larger
    ///   than ``JUnitReadingBounds/maxSchemaBytes`` or not a valid XML Schema
    ///   (one it includes or imports that is missing, too large or not a
    ///   regular file is not loaded, and makes it one).
    init(_ source: JUnitSchema) throws(JUnitReporterError) {
        _ = LibXML.initialized
        let path = source.description
        let parsed: Result<xmlSchemaPtr, JUnitReporterError>
        switch source.source {
        case .builtIn(_, let text):
            // libxml2 reads the buffer during the parse, not when the context
            // is created: the text stays alive until the parse is over.
            parsed = text.utf8CString.withUnsafeBufferPointer { buffer in
                XMLSchema.parse(xmlSchemaNewMemParserCtxt(buffer.baseAddress, Int32(buffer.count - 1)), path)
            }
        case .file(let file):
            try XMLReader.checkReadable(file)
            switch LibXML.loadProblem(file) {
            case .notARegularFile?: throw .cannotRead(path: path, reason: "\(LibXML.LoadProblem.notARegularFile)")
            case let problem?: throw .unusableSchema(path: path, reason: "it \(problem)")
            case nil: break
            }
            parsed = XMLSchema.parse(xmlSchemaNewParserCtxt(file), path)
        }
        self.path = path
        self.schema = try parsed.get()
    }

    /// Parses the schema behind `parser` (freeing it), or says why not.
    private static func parse(_ parser: xmlSchemaParserCtxtPtr?, _ path: String) -> Result<
        xmlSchemaPtr, JUnitReporterError
    > {
        guard let parser else { return .failure(.unusableSchema(path: path, reason: "cannot be opened")) }
        defer { xmlSchemaFreeParserCtxt(parser) }
        let diagnostics = XMLDiagnostics(limit: 4)
        xmlSchemaSetParserStructuredErrors(parser, XMLDiagnostics.handler, diagnostics.context)
        // The schema's XML (and what it includes) is read by a parser of libxml2's own, which
        // reports to this thread's handler, standard error by default: its errors (a document
        // type whose entities loop, a file that is not XML) are collected here too.
        xmlSetStructuredErrorFunc(diagnostics.context, XMLDiagnostics.handler)
        defer { xmlSetStructuredErrorFunc(nil, nil) }
        guard let schema = xmlSchemaParse(parser) else {
            // The first distinct messages, which say what is wrong and where (an included file's name).
            var messages: [String] = []
            for problem in diagnostics.problems where !messages.contains(problem.message) && messages.count < 2 {
                messages.append(problem.message)
            }
            let reason = messages.isEmpty ? "libxml2 rejected it" : messages.joined(separator: "; ")
            return .failure(.unusableSchema(path: path, reason: reason))
        }
        return .success(schema)
    }

    deinit { xmlSchemaFree(schema) }

    /// Validates the well-formed file at `file` as a SAX stream, reporting
    /// each violation with its line to `diagnostics` (memory grows with the
    /// number of children of an open element; see ``JUnitValidator``).
    func validate(file: String, diagnostics: XMLDiagnostics) {
        guard let descriptor = try? System.open(file, .readOnly) else {
            diagnostics.record(line: 0, "schema: \(file) cannot be read again")
            return
        }
        defer { System.closeQuietly(descriptor) }
        validate(descriptor: descriptor, diagnostics: diagnostics)
    }

    /// Validates the well-formed file open at `descriptor`, from where it
    /// stands, like ``validate(file:diagnostics:)``, through an
    /// ``XMLInputGate``; the descriptor stays open.
    func validate(descriptor: Int32, diagnostics: XMLDiagnostics) {
        let gate = XMLInputGate(descriptor: descriptor, owning: false)
        withValidation(reportingTo: diagnostics) { context in
            guard
                let input = xmlParserInputBufferCreateIO(
                    XMLInputGate.readCallback, XMLInputGate.closeCallback, gate.context, XML_CHAR_ENCODING_NONE)
            else {
                diagnostics.record(line: 0, "schema: the input cannot be read again")
                return
            }
            xmlSchemaValidateStream(context, input, XML_CHAR_ENCODING_NONE, nil, nil)
        }
        if let refusal = gate.refusal { diagnostics.record(line: refusal.line, "schema: \(refusal.reason)") }
        withExtendedLifetime(gate) {}
    }

    /// Calls `body` with a validation context for this schema whose errors
    /// go to `diagnostics`, then frees it.
    private func withValidation(reportingTo diagnostics: XMLDiagnostics, _ body: (xmlSchemaValidCtxtPtr) -> Void) {
        guard let context = xmlSchemaNewValidCtxt(schema) else {
            diagnostics.record(line: 0, "schema: libxml2 cannot validate with \(path)")
            return
        }
        defer { xmlSchemaFreeValidCtxt(context) }
        xmlSchemaSetValidStructuredErrors(context, XMLDiagnostics.handler, diagnostics.context)
        body(context)
    }
}
