/// The limits within which ``JUnitValidator`` and ``JUnitMerger`` read a
/// report, so that a hostile file ends quickly with a clear error instead of
/// exhausting time or memory.
///
/// - A report is written in UTF-8 or another encoding that keeps ASCII
///   characters as they are: with no XML declaration or one naming UTF-8,
///   US-ASCII, ISO-8859-1 to -16 (Latin-1 …) or windows-1250 to -1258. The
///   bounds below are checked on the bytes before libxml2 decodes them, so a
///   report in UTF-16, UTF-32, UTF-7, EBCDIC or any other encoding is
///   refused at line 1 (convert it first, e.g. with `iconv -t UTF-8`).
/// - A report holds at most ``maxReportBytes`` bytes (a larger regular file
///   is refused before it is read) and no NUL byte (XML allows none; a file
///   of zeros is refused at its first byte, however large).
/// - A document type declaration (`<!DOCTYPE …>`, and so any entity
///   declaration) is refused: JUnit reports have none, and entities are how
///   a few hundred bytes grow into gigabytes ("billion laughs"). Nothing is
///   expanded or dropped; the file is refused naming its line.
/// - A start tag holds at most ``maxAttributes`` attributes (JUnit's have a
///   dozen; libxml2 checks each new one against all before it).
/// - An attribute value may hold up to ``maxAttributeBytes`` bytes, a text
///   node up to ``maxTextBytes`` bytes, elements may nest up to
///   ``maxDepth`` levels (libxml2's own limit without `XML_PARSE_HUGE`, which
///   is never used).
/// - At most ``maxCommentsInARow`` comments and processing instructions
///   stand in a row without a tag between them; with a schema, text split
///   into pieces may cost the validator at most ``maxSchemaTextCost``.
///
/// Past a bound, reading stops with
/// ``JUnitReporterError/malformed(path:line:reason:)`` naming the file, the
/// line and the bound; the command line tools exit 65.
public enum JUnitReadingBounds {
    /// The largest report read: 2 GiB.
    public static let maxReportBytes = 2 << 30
    /// The most attributes of one start tag: 256.
    public static let maxAttributes = 256
    /// The longest attribute value read: 1 MiB.
    public static let maxAttributeBytes = 1 << 20
    /// The longest text node read (captured output): 8 MiB.
    public static let maxTextBytes = 8 << 20
    /// The deepest nesting of elements read (libxml2's default limit).
    public static let maxDepth = 256
    /// The most comments and processing instructions in a row with no tag
    /// between them: libxml2's reader frees the nodes it has passed only
    /// when a tag follows, so without a tag each costs it about 200 bytes
    /// to the end of the run (a 34 MB run of `<!---->` took 750 MB).
    public static let maxCommentsInARow = 10_000
    /// What text split in many pieces may cost the schema validator, in
    /// bytes: libxml2's XML Schema validator appends each piece of an
    /// element's text (the text between two character references, CDATA
    /// sections or comments) to what it has gathered and measures the whole
    /// again, so *p* pieces of an element with *n* bytes of text cost about
    /// *p* × *n* / 2 (4 MB of `&lt;` took 5 s). A report whose pieces would
    /// cost more than this in all, counted in bytes of the file (about ten
    /// seconds at most; an 8 MiB log with an escape in every hundred bytes,
    /// validated in 7 s, counts 60% of it) is not validated against a schema.
    public static let maxSchemaTextCost = 1 << 39
    /// The largest XML Schema file read, the one `--schema` names and each
    /// it includes or imports: 16 MiB. libxml2 builds a schema's whole tree
    /// in memory, about six times the file (JUnit schemas are a few KB);
    /// a schema must also be a regular file, so that it ends.
    public static let maxSchemaBytes = 16 << 20

    /// The bounds as one sentence, for messages and help texts.
    public static let summary =
        "UTF-8 or another encoding that keeps ASCII (not UTF-16, UTF-32, UTF-7 or EBCDIC), "
        + "up to 2 GiB with no NUL byte, no <!DOCTYPE> (so no entities), up to 256 attributes per tag, "
        + "attribute values up to 1 MiB, text up to 8 MiB per node, nesting up to 256 levels, "
        + "up to 10,000 comments in a row with no tag between them"

    /// The error for a report that declares a document type.
    static func refusedDoctype(path: String, line: Int) -> JUnitReporterError {
        .malformed(path: path, line: line, reason: doctypeReason)
    }

    /// Why a document type declaration is refused.
    static let doctypeReason =
        "a document type declaration (<!DOCTYPE>) is refused: JUnit reports have none, "
        + "and its entities could expand without bound"
}
