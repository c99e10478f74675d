import UpdateCheckLibXML2

/// Process-wide setup of libxml2.
enum LibXML {
    /// Initialises libxml2 once, before any thread uses it (its global
    /// tables are not safe to build from several threads at once), and
    /// refuses every network fetch: an XML Schema given with `--schema` may
    /// include or import others by `http://` URL, which would otherwise be
    /// fetched (and could hang on an unreachable host).
    static let initialized: Void = {
        xmlInitParser()
        xmlSetExternalEntityLoader(xmlNoNetExternalEntityLoader)
    }()

    /// Parser options for reading reports: no network access, no entity
    /// substitution and no DTD loading (so a report cannot pull in other
    /// files), and line numbers beyond 65535. `XML_PARSE_HUGE` is never set:
    /// libxml2's own guards against huge nodes, deep nesting and entity
    /// amplification stay on, behind ``JUnitReadingBounds``.
    static let readOptions = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_BIG_LINES.rawValue)
}
