import UpdateCheckLibXML2
import UpdateCheckPlatform

/// Process-wide setup of libxml2.
enum LibXML {
    /// Initialises libxml2 once, before any thread uses it (its global
    /// tables are not safe to build from several threads at once), and
    /// bounds what it loads by itself: the XML Schema given with `--schema`
    /// and those it includes or imports. A network fetch is refused (an
    /// `http://` URL would otherwise be fetched, and could hang on an
    /// unreachable host), and so is a local file that ``loadProblem(_:)``
    /// refuses: libxml2 builds a schema's whole tree in memory, and would
    /// read a FIFO or `/dev/zero` until memory ran out.
    static let initialized: Void = {
        xmlInitParser()
        xmlSetExternalEntityLoader(boundedEntityLoader)
    }()

    /// Why libxml2 may not load a local file.
    enum LoadProblem: Equatable, CustomStringConvertible {
        /// A FIFO, device or socket: read until it ends, or for ever.
        case notARegularFile
        /// A file of `bytes`, past ``JUnitReadingBounds/maxSchemaBytes``.
        case tooLarge(bytes: Int64)

        var description: String {
            switch self {
            case .notARegularFile: "is not a regular file (a FIFO, device, socket or standard input)"
            case .tooLarge(let bytes):
                "is \(bytes) bytes long; an XML Schema may have at most \(JUnitReadingBounds.maxSchemaBytes) (16 MiB)"
            }
        }
    }

    /// Why libxml2 may not load the local file at `path`, or `nil` when it
    /// may (or when it is missing or a folder, for libxml2 to report): it
    /// must be a regular file of at most ``JUnitReadingBounds/maxSchemaBytes``
    /// (`-`, which libxml2 reads as standard input, is none).
    static func loadProblem(_ path: String) -> LoadProblem? {
        if path == "-" { return .notARegularFile }
        guard let status = try? System.status(path), status.kind != .folder else { return nil }
        guard status.kind == .regular else { return .notARegularFile }
        return status.size <= JUnitReadingBounds.maxSchemaBytes ? nil : .tooLarge(bytes: status.size)
    }

    /// The local path a URL libxml2 loads names: a plain path as it is, a
    /// `file:` URL's path with its `%XX` escapes decoded; `nil` for another
    /// scheme (refused by the no-network loader).
    static func localPath(ofURL url: String) -> String? {
        guard url.contains("://") else { return url }
        var rest = Substring(url)
        for prefix in ["file://localhost/", "file:///"] where rest.hasPrefix(prefix) {
            rest = rest.dropFirst(prefix.count - 1)
            var bytes: [UInt8] = []
            var utf8 = rest.utf8[...]
            while let byte = utf8.popFirst() {
                if byte == UInt8(ascii: "%"), utf8.count >= 2,
                    let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16)
                {
                    bytes.append(value)
                    utf8 = utf8.dropFirst(2)
                } else {
                    bytes.append(byte)
                }
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        return nil
    }

    /// Parser options for reading reports: no network access, no entity
    /// substitution and no DTD loading (so a report cannot pull in other
    /// files), and line numbers beyond 65535 (`XML_PARSE_BIG_LINES`: a node
    /// holds 16 bits for its line, so libxml2 keeps a text's line aside and
    /// ``XMLReader`` takes an element's from its gate). `XML_PARSE_HUGE` is
    /// never set: libxml2's own guards against huge nodes, deep nesting and
    /// entity amplification stay on, behind ``JUnitReadingBounds``.
    ///
    /// The reader is the one parse of a report that builds nodes: the schema
    /// pass (``XMLSchema/validate(descriptor:diagnostics:)``) parses as a
    /// SAX stream, whose errors carry the parser's own line, a full `int`,
    /// and the lines of a schema file's nodes are never shown.
    static let readOptions = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_BIG_LINES.rawValue)
}

/// libxml2's external entity loader: the no-network loader, for local
/// files only those ``LibXML/loadProblem(_:)`` lets through. A refused file
/// makes libxml2 report it as not loaded, naming it.
private func boundedEntityLoader(
    _ url: UnsafePointer<CChar>?, _ id: UnsafePointer<CChar>?, _ context: xmlParserCtxtPtr?
) -> xmlParserInputPtr? {
    if let url, let path = LibXML.localPath(ofURL: String(cString: url)), LibXML.loadProblem(path) != nil {
        return nil
    }
    return xmlNoNetExternalEntityLoader(url, id, context)
}
