import CLibXML2

/// A parsed XML Schema, and streaming validation of files against it.
final class XMLSchema {
    /// The schema file's path.
    let path: String
    private let schema: xmlSchemaPtr

    /// Parses the XML Schema at `path`.
    ///
    /// - Throws: ``JUnitReporterError/cannotRead(path:reason:)`` when the file
    ///   is missing; ``JUnitReporterError/unusableSchema(path:reason:)`` when
    ///   it is not a valid XML Schema.
    init(path: String) throws(JUnitReporterError) {
        _ = LibXML.initialized
        try XMLReader.checkReadable(path)
        let diagnostics = XMLDiagnostics(limit: 1)
        guard let parser = xmlSchemaNewParserCtxt(path) else {
            throw .unusableSchema(path: path, reason: "cannot be opened")
        }
        defer { xmlSchemaFreeParserCtxt(parser) }
        xmlSchemaSetParserStructuredErrors(parser, XMLDiagnostics.handler, diagnostics.context)
        guard let schema = xmlSchemaParse(parser) else {
            throw .unusableSchema(path: path, reason: diagnostics.problems.first?.message ?? "libxml2 rejected it")
        }
        self.path = path
        self.schema = schema
    }

    deinit { xmlSchemaFree(schema) }

    /// Validates the well-formed file at `file` as a SAX stream (bounded
    /// memory), reporting each violation with its line to `diagnostics`.
    func validate(file: String, diagnostics: XMLDiagnostics) {
        guard let context = xmlSchemaNewValidCtxt(schema) else {
            diagnostics.record(line: 0, "schema: libxml2 cannot validate with \(path)")
            return
        }
        defer { xmlSchemaFreeValidCtxt(context) }
        xmlSchemaSetValidStructuredErrors(context, XMLDiagnostics.handler, diagnostics.context)
        xmlSchemaValidateFile(context, file, 0)
    }
}
