/// A parsed JSON value that remembers where it stood in its file, so that
/// errors about input data can name the line and column.
///
/// Foundation's `JSONSerialization` reports no positions; this small parser
/// (RFC 8259, UTF-8 input) does. Object members keep their order.
package struct JSONNode: Sendable, Equatable {
    /// The value.
    package enum Value: Sendable, Equatable {
        case null
        case bool(Bool)
        /// A number, kept as written (`12`, `-1.5e3`).
        case number(String)
        case string(String)
        case array([JSONNode])
        /// Members in file order.
        case object([(key: String, value: JSONNode)])

        package static func == (lhs: Value, rhs: Value) -> Bool {
            switch (lhs, rhs) {
            case (.null, .null): true
            case (.bool(let a), .bool(let b)): a == b
            case (.number(let a), .number(let b)): a == b
            case (.string(let a), .string(let b)): a == b
            case (.array(let a), .array(let b)): a == b
            case (.object(let a), .object(let b)):
                a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
            default: false
            }
        }
    }

    /// The value.
    package var value: Value
    /// The 1-based line of the value's first character.
    package var line: Int
    /// The 1-based column (in bytes) of the value's first character.
    package var column: Int

    /// A JSON syntax error with its position.
    package struct SyntaxError: Error, Sendable, Equatable {
        /// The 1-based line.
        package var line: Int
        /// The 1-based column, in bytes.
        package var column: Int
        /// What was wrong.
        package var message: String
    }

    /// A short name of the value's kind, for error messages (`a string`).
    package var kindDescription: String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The string, if the value is one.
    package var stringValue: String? {
        if case .string(let text) = value { return text }
        return nil
    }

    /// The elements, if the value is an array.
    package var arrayValue: [JSONNode]? {
        if case .array(let items) = value { return items }
        return nil
    }

    /// The members, if the value is an object.
    package var objectValue: [(key: String, value: JSONNode)]? {
        if case .object(let members) = value { return members }
        return nil
    }

    /// The member `key` of an object (the first one, if repeated).
    package subscript(key: String) -> JSONNode? {
        objectValue?.first { $0.key == key }?.value
    }

    /// Parses a whole JSON text.
    ///
    /// - Complexity: O(n) in the number of bytes.
    /// - Throws: ``SyntaxError`` at the first byte that cannot start or
    ///   continue a value, or at trailing content.
    package static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> JSONNode {
        var reader = Reader(bytes: bytes)
        reader.skipSpace()
        let node = try reader.value(depth: 0)
        reader.skipSpace()
        if reader.index < bytes.count { throw reader.error("unexpected content after the JSON value") }
        return node
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0
        var line = 1
        var lineStart = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        var column: Int { index - lineStart + 1 }

        func error(_ message: String) -> SyntaxError {
            SyntaxError(line: line, column: column, message: message)
        }

        mutating func skipSpace() {
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): index += 1
                case UInt8(ascii: "\n"):
                    index += 1
                    line += 1
                    lineStart = index
                default: return
                }
            }
        }

        mutating func value(depth: Int) throws(SyntaxError) -> JSONNode {
            guard depth < 512 else { throw error("nesting deeper than 512 levels") }
            guard index < bytes.count else { throw error("unexpected end of file, expected a value") }
            let startLine = line
            let startColumn = column
            func node(_ value: Value) -> JSONNode { JSONNode(value: value, line: startLine, column: startColumn) }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                var members: [(key: String, value: JSONNode)] = []
                skipSpace()
                if peek(UInt8(ascii: "}")) { return node(.object(members)) }
                while true {
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                        throw error("expected a string key in object")
                    }
                    let key = try string()
                    skipSpace()
                    guard peek(UInt8(ascii: ":")) else { throw error("expected ':' after object key") }
                    skipSpace()
                    members.append((key, try value(depth: depth + 1)))
                    skipSpace()
                    if peek(UInt8(ascii: ",")) { continue }
                    if peek(UInt8(ascii: "}")) { return node(.object(members)) }
                    throw error("expected ',' or '}' in object")
                }
            case UInt8(ascii: "["):
                index += 1
                var items: [JSONNode] = []
                skipSpace()
                if peek(UInt8(ascii: "]")) { return node(.array(items)) }
                while true {
                    skipSpace()
                    items.append(try value(depth: depth + 1))
                    skipSpace()
                    if peek(UInt8(ascii: ",")) { continue }
                    if peek(UInt8(ascii: "]")) { return node(.array(items)) }
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
                throw error("unexpected character, expected a value")
            }
        }

        mutating func peek(_ byte: UInt8) -> Bool {
            if index < bytes.count, bytes[index] == byte {
                index += 1
                return true
            }
            return false
        }

        mutating func literal(_ word: String) throws(SyntaxError) {
            for byte in word.utf8 {
                guard peek(byte) else { throw error("invalid literal, expected '\(word)'") }
            }
        }

        mutating func number() throws(SyntaxError) -> String {
            let start = index
            _ = peek(UInt8(ascii: "-"))
            func digits() -> Int {
                var count = 0
                while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                    index += 1
                    count += 1
                }
                return count
            }
            if peek(UInt8(ascii: "0")) {
                // A leading zero stands alone.
            } else if digits() == 0 {
                throw error("invalid number")
            }
            if peek(UInt8(ascii: ".")), digits() == 0 { throw error("invalid number: digits expected after '.'") }
            if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
                index += 1
                if !peek(UInt8(ascii: "+")) { _ = peek(UInt8(ascii: "-")) }
                if digits() == 0 { throw error("invalid number: digits expected in exponent") }
            }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        mutating func string() throws(SyntaxError) -> String {
            index += 1  // opening quote
            var scalars = String.UnicodeScalarView()
            var run: [UInt8] = []
            func flush() throws(SyntaxError) {
                guard !run.isEmpty else { return }
                guard let text = String(validating: run, as: UTF8.self) else {
                    throw error("invalid UTF-8 in string")
                }
                scalars.append(contentsOf: text.unicodeScalars)
                run.removeAll(keepingCapacity: true)
            }
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""):
                    try flush()
                    index += 1
                    return String(scalars)
                case UInt8(ascii: "\\"):
                    try flush()
                    index += 1
                    guard index < bytes.count else { break }
                    let escape = bytes[index]
                    index += 1
                    switch escape {
                    case UInt8(ascii: "\""): scalars.append("\"")
                    case UInt8(ascii: "\\"): scalars.append("\\")
                    case UInt8(ascii: "/"): scalars.append("/")
                    case UInt8(ascii: "b"): scalars.append("\u{08}")
                    case UInt8(ascii: "f"): scalars.append("\u{0C}")
                    case UInt8(ascii: "n"): scalars.append("\n")
                    case UInt8(ascii: "r"): scalars.append("\r")
                    case UInt8(ascii: "t"): scalars.append("\t")
                    case UInt8(ascii: "u"):
                        var code = try hex4()
                        if (0xD800..<0xDC00).contains(code) {
                            guard peek(UInt8(ascii: "\\")), peek(UInt8(ascii: "u")) else {
                                throw error("unpaired surrogate in \\u escape")
                            }
                            let low = try hex4()
                            guard (0xDC00..<0xE000).contains(low) else { throw error("invalid low surrogate") }
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        }
                        guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
                        scalars.append(scalar)
                    default:
                        throw error("invalid escape sequence in string")
                    }
                case 0..<0x20:
                    throw error("control character in string (escape it)")
                default:
                    run.append(byte)
                    index += 1
                }
            }
            throw error("unterminated string")
        }

        mutating func hex4() throws(SyntaxError) -> UInt32 {
            var code: UInt32 = 0
            for _ in 0..<4 {
                guard index < bytes.count, let digit = hexValue(bytes[index]) else {
                    throw error("invalid \\u escape: four hex digits expected")
                }
                code = code << 4 | digit
                index += 1
            }
            return code
        }

        func hexValue(_ byte: UInt8) -> UInt32? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
            default: nil
            }
        }
    }
}
