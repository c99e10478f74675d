import UpdateCheckSupport

/// Makes any text safe to put in a JUnit report.
///
/// XML 1.0 allows only tab, line feed, carriage return and the characters
/// from U+0020 up, without the surrogates and U+FFFE/U+FFFF. libxml2's
/// writer neither escapes nor rejects the others, and a NUL ends a C string
/// early, so the reporter passes every name, message and output through
/// ``sanitized(_:)`` first:
///
/// - ANSI escape sequences are removed: CSI sequences (`ESC [` … final byte,
///   i.e. colours and cursor moves) and OSC sequences (`ESC ]` … `BEL` or
///   `ESC \`, e.g. terminal hyperlinks).
/// - Every other character outside XML 1.0 becomes a visible escape
///   `\u{1B}` (hexadecimal scalar value), NUL included, so nothing is cut short.
/// - In captured bytes (``decoding(_:)``), every byte that is not part of
///   well-formed UTF-8 (lone continuation bytes, overlong forms, encoded
///   surrogates, truncated sequences) becomes `\x{FF}`.
///
/// Markup (`<`, `&`, `]]>`, `<!--`, quotes) is left as text here: the writer
/// escapes it as character data.
public enum JUnitText {
    /// `text` with ANSI sequences removed and every character outside XML 1.0
    /// replaced by a visible `\u{…}` escape.
    ///
    /// - Complexity: O(n) in the UTF-8 length; returns `text` itself when it
    ///   needs no change.
    public static func sanitized(_ text: String) -> String {
        if isXMLSafe(text) { return text }
        var text = text
        return text.withUTF8 { String(decoding: sanitizedBytes($0), as: UTF8.self) }
    }

    /// `text` as a terminal should show it: like ``sanitized(_:)``, but an
    /// ANSI sequence is not removed, its ESC becomes a visible `\u{1B}`
    /// like every other control character, and so do a carriage return
    /// (which would hide the start of its line), the C1 controls (U+0080
    /// to U+009F, which some terminals obey) and the characters that
    /// reorder or hide text (`MessageText.isInvisibleFormat(_:)`: the
    /// bidirectional controls and marks, the line and paragraph
    /// separators, zero width spaces, the byte order mark). Tab and line
    /// feed stay.
    ///
    /// What the console prints (record IDs, file names, messages) comes
    /// from users' files: shown escaped, an ID `ESC[2Jcleared` reads as
    /// itself rather than as `cleared`, and it cannot clear the screen.
    ///
    /// - Complexity: O(n) in the UTF-8 length; returns `text` itself when it
    ///   needs no change.
    package static func terminalSafe(_ text: String) -> String {
        var copy = text
        let escaped = copy.withUTF8 { bytes -> [UInt8]? in
            isXMLSafe(utf8: bytes) && !hasTerminalControl(bytes) ? nil : sanitizedBytes(bytes, forTerminal: true)
        }
        return escaped.map { String(decoding: $0, as: UTF8.self) } ?? text
    }

    /// Whether well-formed UTF-8 `bytes` hold a carriage return, a C1
    /// control (U+0080 to U+009F, encoded `C2 80` to `C2 9F`) or a
    /// character that reorders or hides text
    /// (`MessageText.isInvisibleFormat(_:)`), which XML allows but a
    /// terminal obeys or does not show.
    static func hasTerminalControl(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case 0x0D: return true
            case 0xC2 where index + 1 < bytes.count && bytes[index + 1] < 0xA0: return true
            case 0xC2, 0xD8, 0xE2, 0xEF:
                if MessageText.invisibleFormat(in: bytes, at: index) != nil { return true }
                index += 1
            default: index += 1
            }
        }
        return false
    }

    /// Captured output bytes as text: well-formed UTF-8 is kept, every other
    /// byte becomes a visible `\x{…}` escape, and the result is sanitised
    /// like ``sanitized(_:)``.
    ///
    /// - Complexity: O(n) in the number of bytes.
    public static func decoding<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        let output =
            bytes.withContiguousStorageIfAvailable { sanitizedBytes($0) }
            ?? Array(bytes).withUnsafeBufferPointer { sanitizedBytes($0) }
        return String(decoding: output, as: UTF8.self)
    }

    /// Whether `text` can be written as it is: no ANSI sequence and no
    /// character outside XML 1.0.
    ///
    /// - Complexity: O(n) in the UTF-8 length, one pass over the bytes.
    @inlinable
    public static func isXMLSafe(_ text: String) -> Bool {
        if let safe = text.utf8.withContiguousStorageIfAvailable({ isXMLSafe(utf8: $0) }) { return safe }
        return Array(text.utf8).withUnsafeBufferPointer { isXMLSafe(utf8: $0) }
    }

    /// Whether well-formed UTF-8 `bytes` need no sanitising.
    @inlinable
    static func isXMLSafe(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        let raw = bytes.baseAddress.map { UnsafeRawPointer($0) }
        while index < count {
            // Eight bytes at a time while they are all printable ASCII (no
            // byte below 0x20, none from 0x80 up); a word with any other
            // byte (a line feed, a letter past ASCII) is looked at byte by
            // byte, then words again.
            if let raw, index + 8 <= count {
                let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                let below20 = (word &- 0x2020_2020_2020_2020) & ~word
                if (word | below20) & 0x8080_8080_8080_8080 == 0 {
                    index += 8
                    continue
                }
            }
            let end = min(index + 8, count)
            while index < end {
                let byte = bytes[index]
                if byte < 0x20 {
                    if byte != 0x09 && byte != 0x0A && byte != 0x0D { return false }
                } else if byte == 0xEF, index + 2 < count, bytes[index + 1] == 0xBF, bytes[index + 2] >= 0xBE {
                    return false  // U+FFFE or U+FFFF
                }
                index += 1
            }
        }
        return true
    }

    /// `text` shortened to about `maxBytes` UTF-8 bytes when longer: the
    /// first and last halves are kept and a note in the middle says how many
    /// bytes were cut, e.g. `[... 1048576 bytes cut ...]`.
    ///
    /// Cuts fall on character boundaries, so the result is valid UTF-8; the
    /// note adds a few dozen bytes to `maxBytes`.
    ///
    /// - Complexity: O(n) in the UTF-8 length.
    public static func capped(_ text: String, maxBytes: Int) -> String {
        let count = text.utf8.count
        guard count > maxBytes else { return text }
        let limit = max(0, maxBytes)
        var bytes = Array(text.utf8)
        var headEnd = limit / 2
        while headEnd > 0, bytes[headEnd] & 0xC0 == 0x80 { headEnd -= 1 }
        var tailStart = count - (limit - limit / 2)
        while tailStart < count, bytes[tailStart] & 0xC0 == 0x80 { tailStart += 1 }
        let note = "\n[... \(tailStart - headEnd) bytes cut ...]\n"
        bytes.replaceSubrange(headEnd..<tailStart, with: note.utf8)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The escape written for a character outside XML 1.0.
    static func scalarEscape(_ value: UInt32) -> String {
        "\\u{" + String(value, radix: 16, uppercase: true) + "}"
    }

    /// The escape written for a byte that is not part of well-formed UTF-8.
    static func byteEscape(_ byte: UInt8) -> String {
        "\\x{" + MessageText.hexDigits(byte) + "}"
    }

    /// Sanitises arbitrary bytes (validating UTF-8 on the way); `forTerminal`
    /// escapes ANSI sequences, carriage returns and C1 controls instead of
    /// removing the first and keeping the others (``terminalSafe(_:)``).
    static func sanitizedBytes(_ bytes: UnsafeBufferPointer<UInt8>, forTerminal: Bool = false) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        let count = bytes.count
        var index = 0
        func isContinuation(_ offset: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            offset < count && range.contains(bytes[offset])
        }
        while index < count {
            let byte = bytes[index]
            switch byte {
            case 0x0D where forTerminal:
                out.append(contentsOf: scalarEscape(0x0D).utf8)
                index += 1
            case 0x09, 0x0A, 0x0D, 0x20...0x7F:
                out.append(byte)
                index += 1
            case 0x1B:
                if !forTerminal, let end = ansiSequenceEnd(bytes, escapeAt: index) {
                    index = end
                } else {
                    out.append(contentsOf: scalarEscape(0x1B).utf8)
                    index += 1
                }
            case 0x00...0x1F:
                out.append(contentsOf: scalarEscape(UInt32(byte)).utf8)
                index += 1
            default:
                // Length of a well-formed sequence starting here (Unicode Table 3-7), or 0.
                let length: Int
                switch byte {
                case 0xC2...0xDF: length = isContinuation(index + 1) ? 2 : 0
                case 0xE0: length = isContinuation(index + 1, 0xA0...0xBF) && isContinuation(index + 2) ? 3 : 0
                case 0xE1...0xEC, 0xEE...0xEF:
                    length = isContinuation(index + 1) && isContinuation(index + 2) ? 3 : 0
                case 0xED: length = isContinuation(index + 1, 0x80...0x9F) && isContinuation(index + 2) ? 3 : 0
                case 0xF0:
                    length =
                        isContinuation(index + 1, 0x90...0xBF) && isContinuation(index + 2)
                            && isContinuation(index + 3) ? 4 : 0
                case 0xF1...0xF3:
                    length =
                        isContinuation(index + 1) && isContinuation(index + 2) && isContinuation(index + 3) ? 4 : 0
                case 0xF4:
                    length =
                        isContinuation(index + 1, 0x80...0x8F) && isContinuation(index + 2)
                            && isContinuation(index + 3) ? 4 : 0
                default: length = 0
                }
                if length == 0 {
                    out.append(contentsOf: byteEscape(byte).utf8)
                    index += 1
                } else if forTerminal, length == 2, byte == 0xC2, bytes[index + 1] < 0xA0 {
                    out.append(contentsOf: scalarEscape(UInt32(bytes[index + 1])).utf8)
                    index += 2
                } else if forTerminal, let (scalar, length) = MessageText.invisibleFormat(in: bytes, at: index) {
                    out.append(contentsOf: scalarEscape(scalar.value).utf8)
                    index += length
                } else if length == 3, byte == 0xEF, bytes[index + 1] == 0xBF, bytes[index + 2] >= 0xBE {
                    out.append(contentsOf: scalarEscape(bytes[index + 2] == 0xBE ? 0xFFFE : 0xFFFF).utf8)
                    index += 3
                } else {
                    out.append(contentsOf: bytes[index..<index + length])
                    index += length
                }
            }
        }
        return out
    }

    /// The offset just past a complete CSI or OSC sequence starting with the
    /// ESC at `start`, or `nil` when none starts there.
    static func ansiSequenceEnd(_ bytes: UnsafeBufferPointer<UInt8>, escapeAt start: Int) -> Int? {
        let count = bytes.count
        guard start + 1 < count else { return nil }
        var index = start + 2
        switch bytes[start + 1] {
        case UInt8(ascii: "["):
            while index < count, (0x30...0x3F).contains(bytes[index]) { index += 1 }
            while index < count, (0x20...0x2F).contains(bytes[index]) { index += 1 }
            guard index < count, (0x40...0x7E).contains(bytes[index]) else { return nil }
            return index + 1
        case UInt8(ascii: "]"):
            while index < count {
                if bytes[index] == 0x07 { return index + 1 }
                if bytes[index] == 0x1B {
                    return index + 1 < count && bytes[index + 1] == UInt8(ascii: "\\") ? index + 2 : nil
                }
                index += 1
            }
            return nil
        default:
            return nil
        }
    }
}
