extension XMLInputGate {
    /// Refuses a report that libxml2 would decode from an encoding in which
    /// ASCII characters are not written as themselves, before libxml2 sees
    /// the bytes that would make it switch.
    ///
    /// The gate looks for `<`, `<!D`, `=` and NUL bytes in the raw bytes; in
    /// UTF-7 (`+ADw-` is `<`), EBCDIC, UTF-16 or UTF-32, libxml2 would parse
    /// markup the gate never saw (200,000 attributes on one tag took it 90 s).
    /// So the check reads the start of the report:
    /// - its first four bytes, for a UTF-16 or UTF-32 byte-order mark, ASCII
    ///   characters two or four bytes wide, or `<?xm` in EBCDIC, which libxml2
    ///   detects by itself;
    /// - the XML declaration (after an optional UTF-8 byte-order mark), up to
    ///   its `?>`, for every `encoding` value in it, which must be one that
    ///   keeps ASCII (``keepsASCII(_:)``).
    ///
    /// libxml2 switches encoding only once the declaration's value is closed,
    /// so the chunk holding the closing quote is the last one it could see;
    /// the check refuses that one.
    ///
    /// - Complexity: O(1) a byte, constant memory (an encoding name is kept
    ///   up to ``maxNameBytes``).
    struct EncodingCheck {
        private enum State {
            /// Before the first byte.
            case start
            /// Inside a UTF-8 byte-order mark, at this byte.
            case byteOrderMark(Int)
            /// Matching `<?xml`, at this byte.
            case declarationStart(Int)
            /// After `<?xml`, where a blank must follow.
            case afterDeclarationStart
            /// Looking for `encoding` (this many of its bytes matched).
            case searching(matched: Int)
            /// After `encoding`, before `=`.
            case afterKeyword
            /// After `encoding =`, before the quote.
            case afterEquals
            /// Inside the encoding's value, closed by this quote.
            case value(quote: UInt8)
            /// Past the declaration, or there is none.
            case done
        }

        private var state = State.start
        /// The previous byte was a `?` outside a value (so `>` ends the declaration).
        private var afterQuestionMark = false
        /// The encoding name read so far.
        private var name: [UInt8] = []

        /// The longest encoding name read; a longer one is refused.
        static let maxNameBytes = 64

        private static let keyword = Array("encoding".utf8)
        private static let declarationStart = Array("<?xml".utf8)
        private static let utf8ByteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

        /// Whether the bytes still to come need no check.
        var isDone: Bool {
            if case .done = state { return true }
            return false
        }

        /// Checks the next bytes of the report (the first call gets its first
        /// four bytes, or all of them when it is shorter): the refusal, or `nil`.
        mutating func check(_ bytes: UnsafeBufferPointer<UInt8>) -> Refusal? {
            if case .start = state {
                if let refused = Self.refusal(ofStart: bytes.prefix(4)) { return refused }
                state = .byteOrderMark(0)
            }
            for byte in bytes {
                if let refused = step(byte) { return refused }
                if isDone { return nil }
            }
            return nil
        }

        /// Reads one byte of the declaration.
        private mutating func step(_ byte: UInt8) -> Refusal? {
            switch state {
            case .start, .done:
                break
            case .byteOrderMark(let index):
                if byte == Self.utf8ByteOrderMark[index] {
                    state = index == 2 ? .declarationStart(0) : .byteOrderMark(index + 1)
                } else if index == 0 {
                    state = .declarationStart(0)
                    return step(byte)
                } else {
                    state = .done
                }
            case .declarationStart(let index):
                guard byte == Self.declarationStart[index] else {
                    state = .done
                    break
                }
                state = index == 4 ? .afterDeclarationStart : .declarationStart(index + 1)
            case .afterDeclarationStart:
                // `<?xml-stylesheet …?>` and the like are instructions.
                state = Self.isBlank(byte) ? .searching(matched: 0) : .done
            case .searching(let matched):
                if afterQuestionMark, byte == UInt8(ascii: ">") {
                    state = .done
                    break
                }
                afterQuestionMark = byte == UInt8(ascii: "?")
                if byte == Self.keyword[matched] {
                    state = matched == Self.keyword.count - 1 ? .afterKeyword : .searching(matched: matched + 1)
                } else {
                    state = .searching(matched: byte == Self.keyword[0] ? 1 : 0)
                }
            case .afterKeyword:
                if byte == UInt8(ascii: "=") {
                    state = .afterEquals
                } else if !Self.isBlank(byte) {
                    state = .searching(matched: 0)
                    return step(byte)
                }
            case .afterEquals:
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    state = .value(quote: byte)
                    name = []
                } else if !Self.isBlank(byte) {
                    state = .searching(matched: 0)
                    return step(byte)
                }
            case .value(let quote):
                if byte == quote {
                    state = .searching(matched: 0)
                    afterQuestionMark = false
                    return Self.keepsASCII(name) ? nil : Self.refusal(ofDeclared: name)
                }
                name.append(byte)
                if name.count > Self.maxNameBytes { return Self.refusal(ofDeclared: name) }
            }
            return nil
        }

        private static func isBlank(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
        }

        /// Whether the encoding named `name` (as an XML declaration gives it,
        /// in any case, with or without `-`, `_` or spaces) writes ASCII
        /// characters as themselves: UTF-8, US-ASCII, ISO-8859-1 to -16
        /// (Latin-1 to Latin-10), windows-1250 to -1258 (cp1250 to cp1258).
        static func keepsASCII(_ name: [UInt8]) -> Bool {
            let letters = name.compactMap { byte -> UInt8? in
                switch byte {
                case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: " "): nil
                case UInt8(ascii: "a")...UInt8(ascii: "z"): byte - 0x20
                default: byte
                }
            }
            let normalized = String(decoding: letters, as: UTF8.self)
            if ["UTF8", "ASCII", "USASCII"].contains(normalized) { return true }
            for (prefix, numbers) in [
                ("ISO8859", 1...16), ("LATIN", 1...10), ("ISOLATIN", 1...10), ("WINDOWS", 1250...1258),
                ("CP", 1250...1258),
            ] where normalized.hasPrefix(prefix) {
                let number = normalized.dropFirst(prefix.count)
                guard number.first != "0", number.allSatisfy({ ("0"..."9").contains($0) }) else { continue }
                if let value = Int(number), numbers.contains(value) { return true }
            }
            return false
        }

        /// The refusal of a report whose first bytes are UTF-16, UTF-32 or
        /// EBCDIC, or `nil`.
        static func refusal(ofStart head: Slice<UnsafeBufferPointer<UInt8>>) -> Refusal? {
            let bytes = Array(head)
            func starts(_ prefix: [UInt8]) -> Bool { bytes.starts(with: prefix) }
            func isASCII(_ byte: UInt8) -> Bool { byte != 0 && byte < 0x80 }
            if starts([0x00, 0x00, 0xFE, 0xFF]) || starts([0xFF, 0xFE, 0x00, 0x00]) {
                return wide("UTF-32", "it starts with a UTF-32 byte-order mark")
            }
            if starts([0xFE, 0xFF]) || starts([0xFF, 0xFE]) {
                return wide("UTF-16", "it starts with a UTF-16 byte-order mark")
            }
            if starts([0x4C, 0x6F, 0xA7, 0x94]) {
                return wide("EBCDIC", "it starts with <?xm in EBCDIC", converting: "IBM037")
            }
            if bytes.count == 4,
                (bytes[0] == 0 && bytes[1] == 0 && bytes[2] == 0 && isASCII(bytes[3]))
                    || (isASCII(bytes[0]) && bytes[1] == 0 && bytes[2] == 0 && bytes[3] == 0)
            {
                return wide("UTF-32", "its first character is four bytes wide")
            }
            if bytes.count >= 2, (bytes[0] == 0 && isASCII(bytes[1])) || (isASCII(bytes[0]) && bytes[1] == 0) {
                return wide("UTF-16", "its first character is two bytes wide")
            }
            return nil
        }

        /// The refusal of a report in `encoding` (UTF-16, UTF-32 or EBCDIC),
        /// told by `sign`; `converting` names it for `iconv`.
        private static func wide(_ encoding: String, _ sign: String, converting: String? = nil) -> Refusal {
            .past(
                "the report is \(encoding) (\(sign)), not UTF-8 or another encoding that keeps ASCII characters "
                    + "as they are, which reports are read in: convert it first, "
                    + "e.g. iconv -f \(converting ?? encoding) -t UTF-8", line: 1)
        }

        /// The refusal of a report whose XML declaration names `name`.
        private static func refusal(ofDeclared name: [UInt8]) -> Refusal {
            let isPlain =
                name.count <= maxNameBytes
                && name.allSatisfy { byte in
                    switch byte {
                    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"),
                        UInt8(ascii: "."), UInt8(ascii: ":"):
                        true
                    default: false
                    }
                }
            let shown = isPlain ? String(decoding: name, as: UTF8.self) : "…"
            return .past(
                "the XML declaration names the encoding \"\(shown)\", not one known to keep ASCII characters as "
                    + "they are (reports are read in UTF-8, US-ASCII, ISO-8859-1 to -16 or windows-1250 to -1258): "
                    + "convert it first, e.g. iconv -f \(isPlain ? shown : "<encoding>") -t UTF-8", line: 1)
        }
    }
}
