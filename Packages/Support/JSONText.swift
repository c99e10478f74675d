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

    /// Appends `text` to `out` with JSON's escapes, without quotes; runs
    /// that need no escape are found eight bytes at a time and copied at once.
    private static func appendEscaped(_ text: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        guard let base = text.baseAddress else { return }
        let count = text.count
        var plain = 0
        var index = 0
        while index < count {
            if count - index >= 8,
                escapableBytes(in: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) == 0
            {
                index += 8
                continue
            }
            let byte = text[index]
            index += 1
            if byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") { continue }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: text[plain..<(index - 1)]))
            plain = index
            out.append(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): out.append(byte)
            case UInt8(ascii: "\n"): out.append(UInt8(ascii: "n"))
            case UInt8(ascii: "\r"): out.append(UInt8(ascii: "r"))
            case UInt8(ascii: "\t"): out.append(UInt8(ascii: "t"))
            default:
                let hex = Array("0123456789abcdef".utf8)
                out.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0xF)])
            }
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: text[plain..<count]))
    }
}
