/// Reads JSON (RFC 8259) from UTF-8 bytes in one forward pass, keeping the
/// line and column of every position for error messages.
///
/// The scanner is the one JSON reader of the CLI: ``JSONNode/parse(_:)``
/// builds a tree with it, and snapshot files are read with it token by
/// token, without a tree (see `DiffSnapshotFile`). A UTF-8 byte order mark
/// at the start is skipped. Strings without escapes are validated and copied
/// in one step; object keys must be unique.
///
/// The scanner reads memory it does not own: use it only inside the
/// `withUnsafeBufferPointer` call that produced `bytes`.
package struct JSONScanner {
    /// The text.
    package let bytes: UnsafeBufferPointer<UInt8>
    /// The offset of the next byte to read.
    package var index = 0
    /// The 1-based line of `index`.
    package var line = 1
    /// The offset where the current line starts.
    package var lineStart = 0

    /// The deepest nesting of arrays and objects accepted.
    package static let maxDepth = 512
    /// The offset past which no value of the tree being read may start
    /// (``value(depth:maxBytes:)``).
    var treeEnd = Int.max
    /// How many values (each string, number, literal, array and object)
    /// the tree being read may hold (``JSONNode/parse(_:maxValues:)``), and
    /// how many it holds so far.
    var valueBound = Int.max
    var valuesRead = 0

    /// The message of the error at the value past a bound of `bound` values.
    package static func pastValueBound(_ bound: Int) -> String { "more than \(bound) values" }

    /// A scanner at the start of `bytes`, past a byte order mark if any.
    package init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            index = 3
            lineStart = 3
        }
    }

    /// The 1-based column of `index`, in bytes.
    @inlinable @inline(__always)
    package var column: Int { index - lineStart + 1 }

    /// Whether every byte has been read.
    package var isAtEnd: Bool { index >= bytes.count }

    /// The next byte, or nil at the end.
    @inlinable @inline(__always)
    package var next: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// An error at the current position; at the end of the text the
    /// message says so first (`unexpected end of file, expected ',' or ']'
    /// in array`), since a cut-off file is the likely cause.
    package func error(_ message: String) -> JSONNode.SyntaxError {
        let atEnd = index >= bytes.count && !message.hasPrefix("unexpected end of file")
        return JSONNode.SyntaxError(
            line: line, column: column, message: atEnd ? "unexpected end of file, " + message : message)
    }

    /// Skips spaces, tabs, carriage returns and line feeds, counting lines:
    /// one ends at a line feed, or at a carriage return not followed by one.
    @inlinable @inline(__always)
    package mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"): index += 1
            case UInt8(ascii: "\n"):
                index += 1
                line += 1
                lineStart = index
            case UInt8(ascii: "\r"):
                // A line ends at CR LF, LF, or a CR alone (a file saved with old Mac line ends).
                index += 1
                if index == bytes.count || bytes[index] != UInt8(ascii: "\n") {
                    line += 1
                    lineStart = index
                }
            default: return
            }
        }
    }

    /// Consumes `byte` if it is next.
    @inlinable @inline(__always)
    package mutating func consume(_ byte: UInt8) -> Bool {
        if index < bytes.count, bytes[index] == byte {
            index += 1
            return true
        }
        return false
    }

    /// Throws unless only white space is left.
    package mutating func expectEnd() throws(JSONNode.SyntaxError) {
        skipSpace()
        if index < bytes.count { throw error("unexpected content after the JSON value") }
    }

    /// Reads one value as a tree, like ``value(depth:)``, refusing it once
    /// it runs past `maxBytes` bytes: a tree takes tens of bytes per value,
    /// so an element of a file read token by token (a snapshot's section
    /// object) is bounded before it can take gigabytes.
    ///
    /// - Throws: as ``value(depth:)``, and, at the value's start, `what`
    ///   followed by "is larger than …, the largest read whole" when it runs
    ///   past the bound.
    package mutating func value(depth: Int, maxBytes: Int, what: String) throws(JSONNode.SyntaxError) -> JSONNode {
        let start = (line: line, column: column)
        let end = index &+ maxBytes
        treeEnd = end
        defer { treeEnd = Int.max }
        do {
            return try value(depth: depth)
        } catch  where index > end {
            let size = maxBytes % (1 << 20) == 0 ? "\(maxBytes >> 20) MiB" : "\(maxBytes) bytes"
            throw JSONNode.SyntaxError(
                line: start.line, column: start.column,
                message: "\(what) is larger than \(size), the largest read whole")
        }
    }

    /// Reads one value and everything in it as a tree.
    ///
    /// - Throws: ``JSONNode/SyntaxError`` at the first byte that cannot start
    ///   or continue a value, nesting deeper than ``maxDepth``, or a key
    ///   repeated in an object (at the repeated key, naming the first one).
    package mutating func value(depth: Int) throws(JSONNode.SyntaxError) -> JSONNode {
        guard depth < Self.maxDepth else { throw error("nesting deeper than \(Self.maxDepth) levels") }
        guard index <= treeEnd else { throw error("past the bound of the value read whole") }
        guard valuesRead < valueBound else { throw error(Self.pastValueBound(valueBound)) }
        valuesRead &+= 1
        guard index < bytes.count else { throw error("unexpected end of file, expected a value") }
        let startLine = line
        let startColumn = column
        func node(_ value: JSONNode.Value) -> JSONNode { JSONNode(value: value, line: startLine, column: startColumn) }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            return node(.object(try members(depth: depth)))
        case UInt8(ascii: "["):
            index += 1
            var items: [JSONNode] = []
            skipSpace()
            if consume(UInt8(ascii: "]")) { return node(.array(items)) }
            while true {
                skipSpace()
                items.append(try value(depth: depth + 1))
                skipSpace()
                if consume(UInt8(ascii: ",")) { continue }
                if consume(UInt8(ascii: "]")) { return node(.array(items)) }
                throw error("expected ',' or ']' in array")
            }
        case UInt8(ascii: "\""):
            return node(.string(try string()))
        case UInt8(ascii: "t"):
            try literal("true")
            return node(.bool(true))
        case UInt8(ascii: "f"):
            try literal("false")
            return node(.bool(false))
        case UInt8(ascii: "n"):
            try literal("null")
            return node(.null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return node(.number(try number()))
        default:
            if startsWideText {
                throw error(
                    "the file starts with the bytes \(MessageText.hexDigits(bytes[0])) "
                        + "\(MessageText.hexDigits(bytes[1])) of UTF-16 or UTF-32 text; "
                        + "JSON is read as UTF-8: save the file as UTF-8")
            }
            throw error("unexpected character, expected a value")
        }
    }

    /// Whether the scanner is on the first line and the text starts with
    /// the bytes of JSON in UTF-16 or UTF-32, which reading as UTF-8 would
    /// report only as an unexpected character: a byte order mark, or two
    /// characters each one non-NUL byte among NULs (`5B 00 22 00`,
    /// `00 00 00 5B 00 00 00 22`). A `[` followed by NUL bytes (a sparse
    /// file) is none of these.
    var startsWideText: Bool {
        guard line == 1, bytes.count >= 2 else { return false }
        if (bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE) { return true }
        // Whether the first two characters of `width` bytes each hold one non-NUL byte, at `position`.
        func twoCharacters(width: Int, position: Int) -> Bool {
            guard bytes.count >= 2 * width else { return false }
            return (0..<2 * width).allSatisfy { ($0 % width == position) == (bytes[$0] != 0) }
        }
        return twoCharacters(width: 2, position: 0) || twoCharacters(width: 2, position: 1)
            || twoCharacters(width: 4, position: 0) || twoCharacters(width: 4, position: 3)
    }

    /// Reads an object's members after its `{`, rejecting repeated keys.
    private mutating func members(depth: Int) throws(JSONNode.SyntaxError) -> [(key: String, value: JSONNode)] {
        var members: [(key: String, value: JSONNode)] = []
        var positions: [(line: Int, column: Int)] = []
        // Keys seen, once the object is too large for a linear search.
        var seen: [String: Int] = [:]
        skipSpace()
        if consume(UInt8(ascii: "}")) { return members }
        while true {
            skipSpace()
            guard next == UInt8(ascii: "\"") else { throw error("expected a string key in object") }
            let keyLine = line
            let keyColumn = column
            let key = try string()
            let earlier: Int?
            if members.count < 16 {
                earlier = members.firstIndex { $0.key == key }
            } else {
                if seen.isEmpty { for (offset, member) in members.enumerated() { seen[member.key] = offset } }
                earlier = seen[key]
                seen[key] = members.count
            }
            if let earlier {
                throw JSONNode.SyntaxError(
                    line: keyLine, column: keyColumn,
                    message:
                        "duplicate key \(JSONText.quote(key)) in object (first at line \(positions[earlier].line), "
                        + "column \(positions[earlier].column))")
            }
            skipSpace()
            guard consume(UInt8(ascii: ":")) else { throw error("expected ':' after object key") }
            skipSpace()
            members.append((key, try value(depth: depth + 1)))
            positions.append((keyLine, keyColumn))
            skipSpace()
            if consume(UInt8(ascii: ",")) { continue }
            if consume(UInt8(ascii: "}")) { return members }
            throw error("expected ',' or '}' in object")
        }
    }

    /// Reads `word` (`true`, `false`, `null`).
    package mutating func literal(_ word: StaticString) throws(JSONNode.SyntaxError) {
        let text = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for byte in text {
            guard consume(byte) else { throw error("invalid literal, expected '\(word)'") }
        }
    }

    /// Reads a number, kept as written.
    package mutating func number() throws(JSONNode.SyntaxError) -> String {
        let start = index
        _ = consume(UInt8(ascii: "-"))
        func digits() -> Int {
            var count = 0
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                index += 1
                count += 1
            }
            return count
        }
        if consume(UInt8(ascii: "0")) {
            // A leading zero stands alone.
        } else if digits() == 0 {
            throw error("invalid number")
        }
        if consume(UInt8(ascii: ".")), digits() == 0 { throw error("invalid number: digits expected after '.'") }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if !consume(UInt8(ascii: "+")) { _ = consume(UInt8(ascii: "-")) }
            if digits() == 0 { throw error("invalid number: digits expected in exponent") }
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }

    /// Reads a string at its opening quote.
    ///
    /// - Parameters:
    ///   - maxBytes: the longest string accepted, in UTF-8 bytes once
    ///     unescaped; a longer one is an error as soon as the bytes read
    ///     from it pass that bound.
    ///   - what: names the string in that error (`the ID`), at its start;
    ///     built only when the error is thrown.
    /// - Complexity: O(length); see ``withString(maxBytes:what:_:)``.
    package mutating func string(
        maxBytes: Int = .max, what: @autoclosure () -> String = "the string"
    ) throws(JSONNode.SyntaxError) -> String {
        try withString(maxBytes: maxBytes, what: what()) { text, _ in String(decoding: text, as: UTF8.self) }
    }

    /// Reads a string at its opening quote when it is printable ASCII
    /// without escapes and at most `maxBytes` long (nearly every ID), and
    /// returns its bytes where they lie; otherwise returns `nil` without
    /// moving, for ``withString(maxBytes:what:_:)`` to read (and report) it.
    ///
    /// - Complexity: O(length), eight bytes a step: the first byte of a word
    ///   that is a quote, a backslash, a control character or past ASCII
    ///   ends the string or the fast path.
    @inlinable
    package mutating func plainASCIIString(maxBytes: Int) -> UnsafeBufferPointer<UInt8>? {
        guard let base = bytes.baseAddress else { return nil }
        let end = bytes.count
        let start = index &+ 1
        var cursor = start
        let limit = start &+ min(maxBytes, end &- start)
        while true {
            if cursor &+ 8 <= end {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + cursor).loadUnaligned(as: UInt64.self))
                // The lowest flagged byte is exact (only bytes above a true match may be false alarms).
                let flags = JSONText.escapableBytes(in: word) | (word & 0x8080_8080_8080_8080)
                if flags == 0 {
                    cursor &+= 8
                    if cursor > limit { return nil }
                    continue
                }
                cursor &+= flags.trailingZeroBitCount &>> 3
            } else {
                while cursor < end && Self.isPlainASCII(base[cursor]) { cursor &+= 1 }
            }
            guard cursor < end && cursor <= limit && base[cursor] == UInt8(ascii: "\"") else { return nil }
            index = cursor &+ 1
            return UnsafeBufferPointer(start: base + start, count: cursor &- start)
        }
    }

    /// Whether `byte` may stand in a string as it is and is ASCII.
    @inlinable @inline(__always)
    static func isPlainASCII(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte < 0x80 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
    }

    /// Reads a string at its opening quote and hands its unescaped UTF-8
    /// bytes to `body` (with whether they are all ASCII), without building a
    /// `String`.
    ///
    /// - Parameters:
    ///   - maxBytes: as ``string(maxBytes:what:)``.
    ///   - what: as ``string(maxBytes:what:)``.
    ///   - body: reads the bytes, which are valid UTF-8 and valid only
    ///     during the call.
    /// - Complexity: O(length): a string without escapes is scanned eight
    ///   bytes at a time and handed over in place, checked as UTF-8 only
    ///   when it holds a byte past ASCII. Inlinable, so that each caller's
    ///   `body` is specialized into the scan (a snapshot file's IDs).
    @inlinable
    package mutating func withString<Result>(
        maxBytes: Int = .max, what: @autoclosure () -> String = "the string",
        _ body: (UnsafeBufferPointer<UInt8>, _ isASCII: Bool) -> Result
    ) throws(JSONNode.SyntaxError) -> Result {
        let startLine = line
        let startColumn = column
        index += 1  // opening quote
        let start = index
        func tooLong() -> JSONNode.SyntaxError {
            JSONNode.SyntaxError(
                line: startLine, column: startColumn, message: "\(what()) is longer than \(maxBytes) bytes")
        }
        func invalid() -> JSONNode.SyntaxError {
            JSONNode.SyntaxError(line: startLine, column: startColumn, message: "invalid UTF-8 in string")
        }
        func unsafe() -> JSONNode.SyntaxError {
            JSONNode.SyntaxError(line: startLine, column: startColumn, message: "\(what()) \(StreamSafeText.refusal)")
        }
        // Fast path: up to the closing quote with no escape or control character.
        let end = bytes.count
        var high: UInt8 = 0
        let base = bytes.baseAddress
        while index < end {
            if let base, end - index >= 8 {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                if !Self.needsByteScan(word) {
                    index += 8
                    if index - start > maxBytes { throw tooLong() }
                    continue
                }
            }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            high |= byte
            index += 1
            if index - start > maxBytes { throw tooLong() }
        }
        if index < end, bytes[index] == UInt8(ascii: "\"") {
            let text = UnsafeBufferPointer(rebasing: bytes[start..<index])
            let isASCII = high < 0x80
            if !isASCII, let offset = Self.firstInvalidUTF8(in: text) {
                // In place, with no line break in it: the bad byte's own column.
                throw JSONNode.SyntaxError(
                    line: startLine, column: start + offset - lineStart + 1, message: "invalid UTF-8 in string")
            }
            guard isASCII || StreamSafeText.isStreamSafe(text) else { throw unsafe() }
            index += 1
            return body(text, isASCII)
        }
        // Escapes: collect the unescaped bytes, then check them once.
        var out = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < end {
            if out.count > maxBytes { throw tooLong() }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                let isASCII = out.allSatisfy { $0 < 0x80 }
                return try out.withUnsafeBufferPointer { text throws(JSONNode.SyntaxError) in
                    guard isASCII || Self.isValidUTF8(text) else { throw invalid() }
                    guard isASCII || StreamSafeText.isStreamSafe(text) else { throw unsafe() }
                    return body(text, isASCII)
                }
            case UInt8(ascii: "\\"):
                index += 1
                guard index < end else { break }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800..<0xDC00).contains(code) {
                        guard consume(UInt8(ascii: "\\")), consume(UInt8(ascii: "u")) else {
                            throw error("unpaired surrogate in \\u escape")
                        }
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw error("invalid low surrogate") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
                    out.append(contentsOf: UTF8.encode(scalar)!)
                default:
                    index -= 2  // at the backslash
                    throw error("invalid escape sequence in string")
                }
            case 0..<0x20:
                throw error("control character in string (escape it)")
            default:
                out.append(byte)
                index += 1
            }
        }
        throw JSONNode.SyntaxError(line: startLine, column: startColumn, message: "unterminated string")
    }

    /// Whether any of the eight bytes of `word` is a quote, a backslash, a
    /// control character or past ASCII, so that it must be read byte by
    /// byte (a false alarm only costs that).
    @inlinable @inline(__always)
    static func needsByteScan(_ word: UInt64) -> Bool {
        (JSONText.escapableBytes(in: word) | (word & 0x8080_8080_8080_8080)) != 0
    }

    /// Whether `text` is well-formed UTF-8 (RFC 3629: no overlong forms,
    /// surrogates, or scalars past U+10FFFF).
    package static func isValidUTF8(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        firstInvalidUTF8(in: text) == nil
    }

    /// The offset of the first byte of `text` that starts no well-formed
    /// UTF-8 sequence (see ``isValidUTF8(_:)``), or `nil` when there is none.
    package static func firstInvalidUTF8(in text: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        let count = text.count
        while index < count {
            let lead = text[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            // The number of continuation bytes, and the range the first of them must fall in.
            let continuations: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: continuations = 1
            case 0xE0:
                continuations = 2
                low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: continuations = 2
            case 0xED:
                continuations = 2
                high = 0x9F
            case 0xF0:
                continuations = 3
                low = 0x90
            case 0xF1...0xF3: continuations = 3
            case 0xF4:
                continuations = 3
                high = 0x8F
            default: return index
            }
            guard count - index > continuations, (low...high).contains(text[index + 1]) else { return index }
            for next in stride(from: index + 2, through: index + continuations, by: 1)
            where !(0x80...0xBF).contains(text[next]) {
                return index
            }
            index += continuations + 1
        }
        return nil
    }

    @usableFromInline
    mutating func hex4() throws(JSONNode.SyntaxError) -> UInt32 {
        var code: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = Self.hexValue(bytes[index]) else {
                throw error("invalid \\u escape: four hex digits expected")
            }
            code = code << 4 | digit
            index += 1
        }
        return code
    }

    @usableFromInline
    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
