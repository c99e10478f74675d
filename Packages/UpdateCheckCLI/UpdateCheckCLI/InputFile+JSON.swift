import UpdateCheckIO
import UpdateCheckSupport

extension InputFile {
    /// The content of `path` parsed as JSON, with line and column positions.
    ///
    /// - Parameter what: the kind of document, as the error past
    ///   ``InputFile/maxDocumentBytes`` names it (`manifest`).
    /// - Throws: exit 66 when missing; exit 65 naming file, line and column
    ///   when the JSON is malformed (duplicate keys in an object included),
    ///   or past ``InputFile/maxDocumentBytes``.
    package static func json(at path: String, what: String) throws(CLIError) -> JSONNode {
        let input = try CLIError.mapping { () throws(IOError) in try document(at: path, what: what) }
        do {
            return try JSONNode.parse(input.buffer)
        } catch {
            throw .dataError("\(displayName(path)):\(error.line):\(error.column): \(error.message)")
        }
    }
}
