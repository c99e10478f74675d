import UpdateCheckPlatform

/// The limits within which ``JUnitValidator`` and ``JUnitMerger`` read a
/// report, so that a hostile file ends quickly with a clear error instead of
/// exhausting time or memory.
///
/// - A document type declaration (`<!DOCTYPE …>`, and so any entity
///   declaration) is refused: JUnit reports have none, and entities are how
///   a few hundred bytes grow into gigabytes ("billion laughs"). Nothing is
///   expanded or dropped; the file is refused naming its line.
/// - An attribute value may hold up to ``maxAttributeBytes`` bytes, a text
///   node up to ``maxTextBytes`` bytes, elements may nest up to
///   ``maxDepth`` levels (libxml2's own limit without `XML_PARSE_HUGE`, which
///   is never used).
///
/// Past a bound, reading stops with
/// ``JUnitReporterError/malformed(path:line:reason:)`` naming the file, the
/// line and the bound; the command line tools exit 65.
public enum JUnitReadingBounds {
    /// The longest attribute value read: 1 MiB.
    public static let maxAttributeBytes = 1 << 20
    /// The longest text node read (captured output): 8 MiB.
    public static let maxTextBytes = 8 << 20
    /// The deepest nesting of elements read (libxml2's default limit).
    public static let maxDepth = 256

    /// The bounds as one sentence, for messages and help texts.
    public static let summary =
        "no <!DOCTYPE> (so no entities), attribute values up to 1 MiB, text up to 8 MiB per node, "
        + "nesting up to 256 levels"

    /// The error for a report that declares a document type.
    static func refusedDoctype(path: String, line: Int) -> JUnitReporterError {
        .malformed(
            path: path, line: line,
            reason: "a document type declaration (<!DOCTYPE>) is refused: JUnit reports have none, "
                + "and its entities could expand without bound")
    }

    /// The line of a `<!DOCTYPE` in the prolog of the regular file at `path`
    /// (before the root element), or `nil` when there is none.
    ///
    /// The prolog is scanned byte by byte (XML declaration, comments,
    /// processing instructions, whitespace), so the scan stops at the root
    /// element and libxml2 never reads a DTD from a file it can reopen.
    /// Other files (pipes, devices) are left to the reader's own check.
    /// - Complexity: O(size of the prolog), constant memory.
    static func doctypeLine(_ path: String) -> Int? {
        guard (try? System.status(path))?.kind == .regular, let file = try? System.open(path, .readOnly) else {
            return nil
        }
        defer { System.closeQuietly(file) }
        enum State { case prolog, open, bang, bangDash, comment, commentDash, commentDashDash, pi, piQuestion }
        var state = State.prolog
        var line = 1
        let size = 1 << 16
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: size)
        defer { buffer.deallocate() }
        while true {
            guard let count = try? System.read(file, into: buffer, count: size), count > 0 else { return nil }
            for index in 0..<count {
                let byte = buffer[index]
                if byte == UInt8(ascii: "\n") { line += 1 }
                switch (state, byte) {
                case (.prolog, UInt8(ascii: "<")): state = .open
                case (.prolog, _): break
                case (.open, UInt8(ascii: "?")): state = .pi
                case (.open, UInt8(ascii: "!")): state = .bang
                case (.open, _): return nil  // the root element
                case (.bang, UInt8(ascii: "-")): state = .bangDash
                case (.bang, UInt8(ascii: "D")): return line
                case (.bang, _): return nil
                case (.bangDash, UInt8(ascii: "-")): state = .comment
                case (.bangDash, _): return nil
                case (.comment, UInt8(ascii: "-")): state = .commentDash
                case (.comment, _): break
                case (.commentDash, UInt8(ascii: "-")): state = .commentDashDash
                case (.commentDash, _): state = .comment
                case (.commentDashDash, UInt8(ascii: ">")): state = .prolog
                case (.commentDashDash, UInt8(ascii: "-")): break
                case (.commentDashDash, _): state = .comment
                case (.pi, UInt8(ascii: "?")): state = .piQuestion
                case (.pi, _): break
                case (.piQuestion, UInt8(ascii: ">")): state = .prolog
                case (.piQuestion, UInt8(ascii: "?")): break
                case (.piQuestion, _): state = .pi
                }
            }
        }
    }
}
