import UpdateCheckSupport

/// A JSON value of the adapter protocol, parsed from one line of a
/// program's output (RFC 8259, UTF-8). Requests are written with
/// `JSONText` of UpdateCheckSupport.
///
/// Numbers are kept only when they are whole and fit an `Int`: the protocol
/// carries positions, counts and IDs, never fractions.
@usableFromInline
enum ProtocolJSON: Equatable {
    case null
    case bool(Bool)
    case integer(Int)
    case string(String)
    case array([ProtocolJSON])
    /// Members in line order.
    case object([(key: String, value: ProtocolJSON)])

    @usableFromInline
    static func == (lhs: ProtocolJSON, rhs: ProtocolJSON) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.integer(let a), .integer(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }

    /// The member `key` of an object, or `nil`.
    subscript(key: String) -> ProtocolJSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// A short name of the value's kind, for messages (`a string`).
    var kind: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .integer: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// Parses one line; the message of the error names the byte column.
    /// Strings must be valid UTF-8 and an object's keys unique; a line of
    /// more than `maxValues` values (each string, number, literal, array
    /// and object counts one) is refused as soon as its next value starts,
    /// before the tree grows further (``ProtocolJSONError/pastValueBound``).
    static func parse(_ bytes: some Collection<UInt8>, maxValues: Int = .max) throws(ProtocolJSONError)
        -> ProtocolJSON
    {
        var parser = Parser(bytes: Array(bytes), maxValues: maxValues)
        parser.skipSpace()
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.index == parser.bytes.count else { throw parser.error("text after the JSON value") }
        return value
    }

    /// A recursive-descent parser over UTF-8 bytes.
    struct Parser {
        let bytes: [UInt8]
        var index = 0
        /// The most values the line may hold, and how many have started.
        let maxValues: Int
        var values = 0

        init(bytes: [UInt8], maxValues: Int = .max) {
            self.bytes = bytes
            self.maxValues = maxValues
        }

        func error(_ message: String) -> ProtocolJSONError {
            ProtocolJSONError(column: index + 1, message: message)
        }

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func value(depth: Int) throws(ProtocolJSONError) -> ProtocolJSON {
            guard depth < 64 else { throw error("nested more than 64 levels deep") }
            guard index < bytes.count else { throw error("the line ends where a value should start") }
            values += 1
            guard values <= maxValues else {
                var bound = error("more than \(maxValues) values")
                bound.pastValueBound = true
                throw bound
            }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                var members: [(key: String, value: ProtocolJSON)] = []
                // Keys seen, once the object is too large for a linear search.
                var seen: Set<String> = []
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return .object(members)
                }
                while true {
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                        throw error("expected a member name in quotes")
                    }
                    let keyStart = index
                    let key = try string()
                    let repeated: Bool
                    if members.count < 16 {
                        repeated = members.contains { $0.key == key }
                    } else {
                        if seen.isEmpty { seen = Set(members.map(\.key)) }
                        repeated = !seen.insert(key).inserted
                    }
                    if repeated {
                        index = keyStart
                        throw error("the key \(JSONText.quote(String(key.prefix(40)))) appears twice in one object")
                    }
                    skipSpace()
                    try expect(UInt8(ascii: ":"))
                    skipSpace()
                    members.append((key, try value(depth: depth + 1)))
                    skipSpace()
                    if try endOrComma(UInt8(ascii: "}")) { return .object(members) }
                }
            case UInt8(ascii: "["):
                index += 1
                var elements: [ProtocolJSON] = []
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    return .array(elements)
                }
                while true {
                    skipSpace()
                    elements.append(try value(depth: depth + 1))
                    skipSpace()
                    if try endOrComma(UInt8(ascii: "]")) { return .array(elements) }
                }
            case UInt8(ascii: "\""):
                return .string(try string())
            case UInt8(ascii: "t"):
                try literal("true")
                return .bool(true)
            case UInt8(ascii: "f"):
                try literal("false")
                return .bool(false)
            case UInt8(ascii: "n"):
                try literal("null")
                return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return .integer(try integer())
            default:
                throw error("unexpected character")
            }
        }

        mutating func expect(_ byte: UInt8) throws(ProtocolJSONError) {
            guard index < bytes.count, bytes[index] == byte else {
                throw error("expected \"\(String(UnicodeScalar(byte)))\"")
            }
            index += 1
        }

        /// After an element: `true` at the closing bracket, `false` after a comma.
        mutating func endOrComma(_ close: UInt8) throws(ProtocolJSONError) -> Bool {
            guard index < bytes.count else { throw error("the line ends inside an object or array") }
            if bytes[index] == close {
                index += 1
                return true
            }
            guard bytes[index] == UInt8(ascii: ",") else { throw error("expected \",\" or the closing bracket") }
            index += 1
            return false
        }

        mutating func literal(_ word: String) throws(ProtocolJSONError) {
            for byte in word.utf8 {
                guard index < bytes.count, bytes[index] == byte else { throw error("expected \(word)") }
                index += 1
            }
        }

        mutating func integer() throws(ProtocolJSONError) -> Int {
            let start = index
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            let digits = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            guard index > digits else { throw error("expected digits") }
            guard bytes[digits] != UInt8(ascii: "0") || index == digits + 1 else {
                index = start
                throw error("a number with a leading zero")
            }
            if index < bytes.count, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[index]) {
                index = start
                throw error("a number that is not a whole number (the protocol carries only whole numbers)")
            }
            guard let number = Int(String(decoding: bytes[start..<index], as: UTF8.self)) else {
                index = start
                throw error("a number too large")
            }
            return number
        }

        mutating func string() throws(ProtocolJSONError) -> String {
            index += 1  // the opening quote
            // Most strings hold no escape: one scan, one String.
            var end = index
            var high: UInt8 = 0
            while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"),
                bytes[end] >= 0x20
            {
                high |= bytes[end]
                end += 1
            }
            if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
                guard let text = String(validating: bytes[index..<end], as: UTF8.self) else {
                    throw error("a string that is not valid UTF-8")
                }
                guard high < 0x80 || StreamSafeText.isStreamSafe(text) else {
                    throw error("a string that \(StreamSafeText.refusal)")
                }
                index = end + 1
                return text
            }
            var scalars = String.UnicodeScalarView()
            var run = index
            func flush(_ end: Int) throws(ProtocolJSONError) {
                guard let text = String(validating: bytes[run..<end], as: UTF8.self) else {
                    index = run
                    throw error("a string that is not valid UTF-8")
                }
                scalars.append(contentsOf: text.unicodeScalars)
            }
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    try flush(index)
                    let text = String(scalars)
                    guard StreamSafeText.isStreamSafe(text) else {
                        throw error("a string that \(StreamSafeText.refusal)")
                    }
                    index += 1
                    return text
                }
                if byte < 0x20 { throw error("a control character inside a string") }
                if byte == UInt8(ascii: "\\") {
                    try flush(index)
                    index += 1
                    guard index < bytes.count else { break }
                    switch bytes[index] {
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
                        if (0xD800..<0xDC00).contains(code), index + 2 < bytes.count,
                            bytes[index + 1] == UInt8(ascii: "\\"),
                            bytes[index + 2] == UInt8(ascii: "u")
                        {
                            index += 2
                            let low = try hex4()
                            guard (0xDC00..<0xE000).contains(low) else { throw error("an unpaired surrogate escape") }
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        }
                        guard let scalar = UnicodeScalar(code) else { throw error("an unpaired surrogate escape") }
                        scalars.append(scalar)
                    default:
                        throw error("an unknown escape")
                    }
                    index += 1
                    run = index
                    continue
                }
                index += 1
            }
            throw error("the line ends inside a string")
        }

        /// Reads `uXXXX`'s four hex digits (index on the `u`; left on the last digit).
        mutating func hex4() throws(ProtocolJSONError) -> UInt32 {
            guard index + 4 < bytes.count else { throw error("a short \\u escape") }
            var code: UInt32 = 0
            for offset in 1...4 {
                guard let digit = Int(String(UnicodeScalar(bytes[index + offset])), radix: 16) else {
                    throw error("a bad \\u escape")
                }
                code = code * 16 + UInt32(digit)
            }
            index += 4
            return code
        }
    }
}

/// A JSON syntax error in one line of a program's output.
struct ProtocolJSONError: Error, Equatable {
    /// The 1-based byte column.
    var column: Int
    /// What is wrong.
    var message: String
    /// Whether the line is refused for holding more values than allowed,
    /// not for its syntax.
    var pastValueBound = false
}
