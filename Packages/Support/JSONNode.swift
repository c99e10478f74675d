/// A parsed JSON value that remembers where it stood in its file, so that
/// errors about input data can name the line and column.
///
/// Foundation's `JSONSerialization` reports no positions; ``JSONScanner``
/// (RFC 8259, UTF-8 input) does. Object members keep their order; a key
/// repeated in one object is an error.
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

        /// An error at `line`:`column` saying `message`.
        package init(line: Int, column: Int, message: String) {
            self.line = line
            self.column = column
            self.message = message
        }
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

    /// The member `key` of an object (keys are unique once parsed).
    package subscript(key: String) -> JSONNode? {
        objectValue?.first { $0.key == key }?.value
    }

    /// Parses a whole JSON text (a leading UTF-8 byte order mark is skipped).
    ///
    /// A tree takes tens of bytes per value, many times the two bytes of
    /// `0,`: a text from a program whose size is not known in advance (a
    /// protocol line) is read with a bound on its values, `maxValues`.
    ///
    /// - Complexity: O(n) in the number of bytes.
    /// - Throws: ``SyntaxError`` at the first byte that cannot start or
    ///   continue a value, at a key repeated in an object, at trailing
    ///   content, or at the value past `maxValues`
    ///   (``JSONScanner/pastValueBound(_:)``, before the tree grows further).
    package static func parse(_ bytes: [UInt8], maxValues: Int = .max) throws(SyntaxError) -> JSONNode {
        try bytes.withUnsafeBufferPointer { buffer throws(SyntaxError) in try parse(buffer, maxValues: maxValues) }
    }

    /// Parses a whole JSON text held in `bytes`, as the array form does.
    package static func parse(_ bytes: UnsafeBufferPointer<UInt8>, maxValues: Int = .max) throws(SyntaxError)
        -> JSONNode
    {
        var scanner = JSONScanner(bytes)
        scanner.valueBound = maxValues
        scanner.skipSpace()
        let node = try scanner.value(depth: 0)
        try scanner.expectEnd()
        return node
    }
}

/// Reading a document's values into the types its format expects, with
/// errors that name the position of the value they are about (scenario
/// files, adapter manifests).
extension JSONNode {
    /// A value of the wrong shape (kind, key, emptiness) at `line`:`column`.
    package struct ShapeError: Error, Sendable, Equatable {
        /// The 1-based line of the value.
        package var line: Int
        /// The 1-based column (in bytes) of the value.
        package var column: Int
        /// What is wrong, without the position.
        package var message: String
    }

    /// The error `message` about this value.
    package func shapeError(_ message: String) -> ShapeError {
        ShapeError(line: line, column: column, message: message)
    }

    /// The members of this object, each key one of `allowed`.
    ///
    /// - Parameter what: the object as messages name it (`a scenario`).
    /// - Throws: `<what> must be an object, not <kind>` at this value;
    ///   `unknown key 'k' in <what> (expected 'a', 'b')` and `key 'k' is
    ///   given twice` at the member's value.
    package func members(of what: String, allowed: [String]) throws(ShapeError) -> [(key: String, value: JSONNode)] {
        guard let members = objectValue else { throw shapeError("\(what) must be an object, not \(kindDescription)") }
        var seen: Set<String> = []
        for member in members {
            guard allowed.contains(member.key) else {
                let expected = allowed.map { "'\($0)'" }.joined(separator: ", ")
                throw member.value.shapeError("unknown key '\(member.key)' in \(what) (expected \(expected))")
            }
            guard seen.insert(member.key).inserted else {
                throw member.value.shapeError("key '\(member.key)' is given twice")
            }
        }
        return members
    }

    /// The first control character of `text` (U+0000 to U+001F, U+007F to
    /// U+009F), or nil.
    ///
    /// Names and IDs that messages quote (a scenario's record IDs, an
    /// adapter's name) hold none: a terminal would act on an escape sequence
    /// in them, and the console, which removes such sequences, would show
    /// another name than the file holds.
    package static func controlCharacter(in text: String) -> Unicode.Scalar? {
        text.unicodeScalars.first { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }

    /// `U+001B`: how messages name a character.
    package static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// The string this value holds, which must not be empty nor hold a
    /// control character (see ``controlCharacter(in:)``): a name or ID.
    ///
    /// - Parameter what: the value as messages name it (`"record"`).
    /// - Throws: as ``nonEmptyString(_:)``; `<what> must not contain a
    ///   control character (U+001B)`.
    package func identifier(_ what: String) throws(ShapeError) -> String {
        let text = try nonEmptyString(what)
        if let control = Self.controlCharacter(in: text) {
            throw shapeError("\(what) must not contain a control character (\(Self.codePoint(control)))")
        }
        return text
    }

    /// The string this value holds, which must not be empty.
    ///
    /// - Parameter what: the value as messages name it (`"name"`).
    /// - Throws: `<what> must be a string, not <kind>`; `<what> must not be
    ///   empty`.
    package func nonEmptyString(_ what: String) throws(ShapeError) -> String {
        guard let text = stringValue else { throw shapeError("\(what) must be a string, not \(kindDescription)") }
        guard !text.isEmpty else { throw shapeError("\(what) must not be empty") }
        return text
    }
}
