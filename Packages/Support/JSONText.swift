/// Writing JSON text by hand, in a fixed member order, for every command
/// that prints JSON (`diff`, `plan`). OptimisticState keeps its own small
/// quoting helper for scenario files, since that module stands alone.
///
/// Reports with many lines (a diff of a million IDs) are written as UTF-8
/// bytes with ``appendQuoted(_:to:)`` and ``appendDecimal(_:to:)``, which
/// allocate nothing per item; ``quote(_:)`` serves short texts.
package enum JSONText {
    /// `text` as a JSON string literal, with quotes, backslashes and control
    /// characters escaped (`\n`, `\r`, `\t`, others as `\u00XX`).
    ///
    /// The controls escaped are C0, DEL, C1 (U+0080 to U+009F) and the
    /// characters that reorder or hide text (`MessageText.isInvisibleFormat(_:)`:
    /// bidirectional controls and marks, line and paragraph separators,
    /// zero width spaces, the byte order mark), and so are the
    /// noncharacters U+FFFE and U+FFFF: what JSON allows raw but a
    /// terminal obeys or does not show, or XML refuses. Escaped, the text passes the console's
    /// terminal-safe filter untouched, so JSON on standard output stays JSON.
    package static func quote(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 2)
        appendQuoted(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `text` as a JSON string literal (see ``quote(_:)``) to `out`.
    ///
    /// - Complexity: O(length); runs of bytes that need no escape are
    ///   copied at once.
    package static func appendQuoted(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { appendEscaped($0, to: &out) }
        if done == nil { Array(text.utf8).withUnsafeBufferPointer { appendEscaped($0, to: &out) } }
        out.append(UInt8(ascii: "\""))
    }

    /// Appends UTF-8 `text` as a JSON string literal (see ``quote(_:)``) to `out`.
    package static func appendQuoted(bytes text: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        appendEscaped(text, to: &out)
        out.append(UInt8(ascii: "\""))
    }

    /// Appends `number` in decimal to `out`.
    package static func appendDecimal(_ number: Int, to out: inout [UInt8]) {
        var magnitude = number.magnitude
        if number < 0 { out.append(UInt8(ascii: "-")) }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var first = digits.count
            repeat {
                first -= 1
                digits[first] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            } while magnitude != 0
            out.append(contentsOf: UnsafeBufferPointer(rebasing: digits[first...]))
        }
    }

    /// Nonzero when one of the eight bytes of `word` may be a quote, a
    /// backslash or a control character (the bytes JSON escapes); zero
    /// only when none is. A false alarm only costs a look at each byte.
    @inlinable @inline(__always)
    package static func escapableBytes(in word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        func zeroBytes(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highs }
        let quote = zeroBytes(word ^ (ones &* UInt64(UInt8(ascii: "\""))))
        let backslash = zeroBytes(word ^ (ones &* UInt64(UInt8(ascii: "\\"))))
        let control = (word &- ones &* 0x20) & ~word & highs
        return quote | backslash | control
    }

    /// Nonzero when one of the eight bytes of `word` may start what the
    /// writer escapes: ``escapableBytes(in:)``, DEL, or the lead byte of a
    /// C1 control (`C2`), of a character that reorders or hides text
    /// (`C2`, `D8`, `E2`, `EF`: `MessageText.isInvisibleFormat(_:)`) or of
    /// U+FFFE and U+FFFF (`EF`).
    @inline(__always)
    static func writerEscapableBytes(in word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        func zeroBytes(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highs }
        return escapableBytes(in: word) | zeroBytes(word ^ (ones &* 0x7F)) | zeroBytes(word ^ (ones &* 0xC2))
            | zeroBytes(word ^ (ones &* 0xD8)) | zeroBytes(word ^ (ones &* 0xE2)) | zeroBytes(word ^ (ones &* 0xEF))
    }

    /// Appends `text` to `out` with JSON's escapes, without quotes; runs
    /// that need no escape are found eight bytes at a time and copied at once.
    private static func appendEscaped(_ text: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        guard let base = text.baseAddress else { return }
        let count = text.count
        var plain = 0
        var index = 0
        while index < count {
            if count - index >= 8,
                writerEscapableBytes(in: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) == 0
            {
                index += 8
                continue
            }
            let start = index
            let byte = text[index]
            // The scalar the escape stands for, and the bytes it replaces.
            let scalar: UInt32
            if let (format, length) = MessageText.invisibleFormat(in: text, at: index) {
                scalar = format.value
                index += length
            } else {
                switch byte {
                case 0xC2 where index + 1 < count && text[index + 1] < 0xA0:
                    scalar = UInt32(text[index + 1])
                    index += 2
                case 0xEF where index + 2 < count && text[index + 1] == 0xBF && text[index + 2] >= 0xBE:
                    scalar = 0xFFC0 | UInt32(text[index + 2] & 0x3F)
                    index += 3
                case 0x20..<0x7F where byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\"), 0x80...:
                    index += 1
                    continue
                default:
                    scalar = UInt32(byte)
                    index += 1
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: text[plain..<start]))
            plain = index
            out.append(UInt8(ascii: "\\"))
            switch scalar {
            case 0x22, 0x5C: out.append(UInt8(truncatingIfNeeded: scalar))
            case 0x0A: out.append(UInt8(ascii: "n"))
            case 0x0D: out.append(UInt8(ascii: "r"))
            case 0x09: out.append(UInt8(ascii: "t"))
            default:
                let hex = Array("0123456789abcdef".utf8)
                out.append(UInt8(ascii: "u"))
                for shift in stride(from: 12, through: 0, by: -4) {
                    out.append(hex[Int((scalar >> UInt32(shift)) & 0xF)])
                }
            }
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: text[plain..<count]))
    }
}
