import UpdateCheckLibXML2
import UpdateCheckPlatform
import UpdateCheckSupport

/// The one way bytes of a report reach libxml2: read from a descriptor in
/// chunks and checked against the ``JUnitReadingBounds`` that must hold
/// before libxml2 parses them.
///
/// libxml2 is handed the report through I/O callbacks, never a path, so
/// every pass over a report (the structure read, the merge, the schema
/// validation) goes through a gate. A gate stops libxml2 with a read error,
/// before it sees the offending chunk, at:
/// - a report libxml2 would decode from an encoding in which ASCII
///   characters are not written as themselves (UTF-16, UTF-32, EBCDIC, or
///   an XML declaration naming another encoding than UTF-8, US-ASCII,
///   ISO-8859-x or windows-125x: ``EncodingCheck``), whose markup the checks
///   below could not see;
/// - a first character other than white space (after a UTF-8 byte-order
///   mark) that is not `<`: plain text or JSON is not XML at all;
/// - the first NUL byte (never allowed in XML 1.0), so a file of zeros is
///   refused at its first bytes, whatever its size;
/// - more than ``JUnitReadingBounds/maxReportBytes`` bytes (a regular file
///   that says it is larger is refused before any read);
/// - a `<!DOCTYPE` (or any `<!D…` declaration), so no DTD and no entity is
///   ever read;
/// - a start tag with more than ``JUnitReadingBounds/maxAttributes``
///   attributes: libxml2 2.9 checks each attribute of a tag against all the
///   previous ones, so 200,000 attributes cost it minutes;
/// - more than ``JUnitReadingBounds/maxCommentsInARow`` comments and
///   processing instructions with no tag between them.
///
/// It also adds up what the text split in pieces would cost libxml2's
/// schema validator (``schemaTextCost``), for the validator to decline.
///
/// After libxml2 stops, ``refusal`` says why; the reader turns it into
/// ``JUnitReporterError/malformed(path:line:reason:)``.
///
/// - Complexity: O(n) in the bytes read, one pass of a byte-wise scanner
///   with constant state; memory one chunk (libxml2's).
final class XMLInputGate {
    /// Why the report was refused, and on which line.
    struct Refusal: Equatable {
        /// The line (1-based) of the offending byte, or 0 for the file's size.
        var line: Int
        /// What is wrong, for a message.
        var reason: String
        /// Whether reading failed (an I/O error), rather than the bytes read
        /// being refused.
        var isReadError = false

        /// The refusal at `line` for going past a bound: `problem`, then the bounds.
        static func past(_ problem: String, line: Int) -> Refusal {
            Refusal(line: line, reason: "\(problem); past the reading bounds (\(JUnitReadingBounds.summary))")
        }
    }

    /// The scanner's place in the markup, carried from chunk to chunk.
    private enum State {
        case text, open, bang, bangDash, comment, commentDash, commentDashDash
        case cdata, cdataBracket, cdataBrackets, instruction, instructionQuestion
        case declaration, endTag, startTag, quoted(UInt8)
    }

    /// The descriptor read (closed with the gate when ``ownsDescriptor``).
    let descriptor: Int32
    private let ownsDescriptor: Bool
    /// Why reading stopped, once it has.
    private(set) var refusal: Refusal?
    private var state = State.text
    /// The check of the report's encoding, until its XML declaration ends.
    private var encoding = EncodingCheck()
    private var attributes = 0
    private var line = 1
    /// Comments and processing instructions since the last tag.
    private var commentsInARow = 0
    /// Bytes of text and CDATA since the last tag.
    private var textSinceTag = 0
    /// What the text read so far would cost the schema validator: at each
    /// new piece of an element's text, the text gathered before it.
    private(set) var schemaTextCost = 0
    /// The line where ``schemaTextCost`` passed its bound, if it did.
    private(set) var schemaTextCostLine: Int?
    /// The bytes read so far.
    private(set) var total = 0
    /// Whether a byte other than white space was read (looked for only
    /// until one is found).
    private(set) var sawContent = false
    /// Whether the first character other than white space (after a UTF-8
    /// byte-order mark) was read: it must be a `<`.
    private var sawFirstCharacter = false
    /// Whether the line of each start tag's `>` is kept for
    /// ``takeStartTagLine()`` (only a reader that takes them sets it, so
    /// that they do not pile up).
    var recordsStartTagLines = false
    /// The lines of the start tags scanned and not yet taken, oldest from
    /// ``startTagLinesTaken`` on.
    private var startTagLines: [Int] = []
    private var startTagLinesTaken = 0

    /// A gate over `descriptor`, read from where it stands; with `owning`,
    /// the gate closes it when it is freed.
    init(descriptor: Int32, owning: Bool) {
        self.descriptor = descriptor
        self.ownsDescriptor = owning
    }

    deinit {
        if ownsDescriptor { System.closeQuietly(descriptor) }
    }

    /// The refusal of a regular file whose size is past the bound, before
    /// anything is read, or `nil`.
    static func sizeRefusal(of descriptor: Int32) -> Refusal? {
        guard let status = try? System.status(of: descriptor), status.kind == .regular,
            status.size > Int64(JUnitReadingBounds.maxReportBytes)
        else { return nil }
        return .past(tooLarge, line: 0)
    }

    private static let tooLarge = "larger than \(JUnitReadingBounds.maxReportBytes >> 30) GiB, the largest report read"

    /// Reads up to `count` bytes into `buffer` for libxml2: the count read,
    /// 0 at the end, -1 on a read error or a refusal (then ``refusal`` is set).
    func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int) -> Int {
        if refusal != nil { return -1 }
        var read = 0
        // The first four bytes, which tell the encoding, are looked at together.
        repeat {
            let got: Int
            do {
                got = try System.read(descriptor, into: buffer + read, count: count - read)
            } catch {
                refusal = Refusal(line: line, reason: "cannot be read (\(error))", isReadError: true)
                return -1
            }
            if got == 0 { break }
            read += got
        } while total + read < 4 && read < count
        total += read
        if total > JUnitReadingBounds.maxReportBytes {
            refusal = .past(Self.tooLarge, line: line)
            return -1
        }
        let bytes = UnsafeBufferPointer(start: buffer, count: read)
        if !sawContent {
            sawContent = bytes.contains { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }
        }
        if !encoding.isDone, let refused = encoding.check(bytes) {
            refusal = refused
            return -1
        }
        if !sawFirstCharacter, let refused = checkFirstCharacter(bytes, atStart: total == read) {
            refusal = refused
            return -1
        }
        if let refused = scan(bytes) {
            refusal = refused
            return -1
        }
        return read
    }

    /// The refusal of a report whose first character other than white space
    /// (after a UTF-8 byte-order mark, when `atStart`) is not `<`: plain
    /// text, JSON or a log is not XML, which libxml2 would only call an
    /// empty document. `nil` when it is `<` or not read yet (or a NUL byte,
    /// which the scan refuses).
    private func checkFirstCharacter(_ bytes: UnsafeBufferPointer<UInt8>, atStart: Bool) -> Refusal? {
        var index = 0
        if atStart, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        var line = self.line
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: break
            case 0x0A: line += 1
            case UInt8(ascii: "<"):
                sawFirstCharacter = true
                return nil
            case 0:
                return nil  // refused by the scan, as everywhere
            default:
                sawFirstCharacter = true
                let byte = bytes[index]
                let shown =
                    (0x21...0x7E).contains(byte) ? String(UnicodeScalar(byte)) : "\\x" + MessageText.hexDigits(byte)
                return Refusal(
                    line: line,
                    reason: "the report is not XML: it starts with \"\(shown)\", not '<' (a JUnit report starts "
                        + "with <?xml, <testsuites> or <testsuite>)")
            }
            index += 1
        }
        return nil
    }

    /// Scans one chunk, carrying ``state`` and ``line`` on; the refusal of
    /// the first refused byte, or `nil`.
    private func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Refusal? {
        for byte in bytes {
            switch byte {
            case 0: return .past("a NUL byte, which XML never allows", line: line)
            case UInt8(ascii: "\n"): line += 1
            default: break
            }
            switch (state, byte) {
            case (.text, UInt8(ascii: "<")): state = .open
            case (.text, UInt8(ascii: "&")):
                newPiece()
                textSinceTag &+= 1
            case (.text, _): textSinceTag &+= 1
            case (.open, UInt8(ascii: "!")): state = .bang
            case (.open, UInt8(ascii: "?")): state = .instruction
            case (.open, UInt8(ascii: "/")):
                state = .endTag
                tagOpened()
            case (.open, UInt8(ascii: ">")): state = .text
            case (.open, _):
                state = .startTag
                attributes = 0
                tagOpened()
            case (.bang, UInt8(ascii: "-")): state = .bangDash
            case (.bang, UInt8(ascii: "[")):
                state = .cdata
                newPiece()
            case (.bang, UInt8(ascii: "D")):
                return Refusal(line: line, reason: JUnitReadingBounds.doctypeReason)
            case (.bang, _): state = .declaration
            case (.bangDash, UInt8(ascii: "-")): state = .comment
            case (.bangDash, _): state = .declaration
            case (.comment, UInt8(ascii: "-")): state = .commentDash
            case (.comment, _): break
            case (.commentDash, UInt8(ascii: "-")): state = .commentDashDash
            case (.commentDash, _): state = .comment
            case (.commentDashDash, UInt8(ascii: ">")):
                state = .text
                if let refused = commentEnded() { return refused }
            case (.commentDashDash, UInt8(ascii: "-")): break
            case (.commentDashDash, _): state = .comment
            case (.cdata, UInt8(ascii: "]")): state = .cdataBracket
            case (.cdata, _): textSinceTag &+= 1
            case (.cdataBracket, UInt8(ascii: "]")): state = .cdataBrackets
            case (.cdataBracket, _): state = .cdata
            case (.cdataBrackets, UInt8(ascii: ">")):
                state = .text
                newPiece()
            case (.cdataBrackets, UInt8(ascii: "]")): break
            case (.cdataBrackets, _): state = .cdata
            case (.instruction, UInt8(ascii: "?")): state = .instructionQuestion
            case (.instruction, _): break
            case (.instructionQuestion, UInt8(ascii: ">")):
                state = .text
                if let refused = commentEnded() { return refused }
            case (.instructionQuestion, UInt8(ascii: "?")): break
            case (.instructionQuestion, _): state = .instruction
            case (.declaration, UInt8(ascii: ">")), (.endTag, UInt8(ascii: ">")): state = .text
            case (.declaration, _), (.endTag, _): break
            case (.startTag, UInt8(ascii: "\"")), (.startTag, UInt8(ascii: "'")): state = .quoted(byte)
            case (.startTag, UInt8(ascii: "=")):
                attributes += 1
                if attributes > JUnitReadingBounds.maxAttributes {
                    return .past(
                        "a start tag with more than \(JUnitReadingBounds.maxAttributes) attributes", line: line)
                }
            case (.startTag, UInt8(ascii: ">")):
                state = .text
                if recordsStartTagLines { startTagLines.append(line) }
            case (.startTag, _): break
            case (.quoted(let quote), _): if byte == quote { state = .startTag }
            }
        }
        return nil
    }

    /// The line of the `>` that ends the oldest start tag scanned and not
    /// yet taken, or `nil` when there is none: libxml2 builds elements in
    /// the order of their start tags, so the reader takes one for each
    /// element it reads. It is the line libxml2 gives an element, which it
    /// cannot keep past 65,535 (a node holds 16 bits for it).
    ///
    /// - Complexity: amortised O(1); the lines kept are those of the tags
    ///   libxml2 has read ahead of the reader (a few thousand at most).
    func takeStartTagLine() -> Int? {
        guard startTagLinesTaken < startTagLines.count else { return nil }
        let line = startTagLines[startTagLinesTaken]
        startTagLinesTaken += 1
        if startTagLinesTaken >= 1024, startTagLinesTaken * 2 >= startTagLines.count {
            startTagLines.removeFirst(startTagLinesTaken)
            startTagLinesTaken = 0
        }
        return line
    }

    /// A tag starts: the run of comments and the element's text end.
    @inline(__always)
    private func tagOpened() {
        commentsInARow = 0
        textSinceTag = 0
    }

    /// A new piece of text starts after the text since the last tag, which
    /// the schema validator measures again.
    @inline(__always)
    private func newPiece() {
        guard textSinceTag > 0 else { return }
        schemaTextCost = schemaTextCost &+ textSinceTag
        if schemaTextCostLine == nil, schemaTextCost > JUnitReadingBounds.maxSchemaTextCost {
            schemaTextCostLine = line
        }
    }

    /// A comment or processing instruction ended; the refusal when it is
    /// one too many in a row.
    private func commentEnded() -> Refusal? {
        newPiece()
        commentsInARow += 1
        guard commentsInARow > JUnitReadingBounds.maxCommentsInARow else { return nil }
        return .past(
            "more than \(JUnitReadingBounds.maxCommentsInARow) comments and processing instructions in a row "
                + "with no tag between them", line: line)
    }

    /// The callback libxml2 reads through; `context` is an unretained gate.
    static let readCallback: xmlInputReadCallback = { context, buffer, length in
        guard let context, let buffer, length > 0 else { return length == 0 ? 0 : -1 }
        let gate = Unmanaged<XMLInputGate>.fromOpaque(context).takeUnretainedValue()
        let raw = UnsafeMutableRawPointer(buffer).assumingMemoryBound(to: UInt8.self)
        return Int32(gate.read(into: raw, count: Int(length)))
    }

    /// The callback libxml2 closes through: the gate itself is freed by its
    /// owner, after libxml2.
    static let closeCallback: xmlInputCloseCallback = { _ in 0 }

    /// The gate as libxml2's callback context (unretained: its owner keeps
    /// it alive for as long as libxml2 reads).
    var context: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }
}
