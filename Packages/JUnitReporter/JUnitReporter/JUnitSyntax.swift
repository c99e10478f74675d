/// The textual forms a JUnit report's attributes must have.
enum JUnitSyntax {
    /// Whether `text` is a whole number ≥ 0 (ASCII digits only).
    static func isCount(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { (0x30...0x39).contains($0) }
    }

    /// The milliseconds of a `time` attribute: ASCII digits, optionally a `.`
    /// and more digits; `nil` for anything else (a `,` decimal point, a sign,
    /// an exponent, words).
    static func milliseconds(_ text: String) -> Int64? {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, !whole.isEmpty, whole.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
            return nil
        }
        if parts.count == 2 {
            guard !parts[1].isEmpty, parts[1].utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        }
        guard let seconds = Double(text) else { return nil }
        return JUnitTimeFormat.milliseconds(seconds)
    }

    /// Whether `text` is an ISO 8601 timestamp `YYYY-MM-DDTHH:MM:SS`,
    /// optionally followed by a fraction and a `Z` or `±HH:MM` zone.
    static func isTimestamp(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        let shape = Array("dddd-dd-ddTdd:dd:dd".utf8)
        guard bytes.count >= shape.count else { return false }
        for (byte, expected) in zip(bytes, shape) {
            if expected == UInt8(ascii: "d") {
                guard (0x30...0x39).contains(byte) else { return false }
            } else if byte != expected {
                return false
            }
        }
        var index = shape.count
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let start = index
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
            guard index > start else { return false }
        }
        let zone = bytes[index...]
        if zone.isEmpty || Array(zone) == [UInt8(ascii: "Z")] { return true }
        let offset = Array("+dd:dd".utf8)
        guard zone.count == offset.count, zone.first == UInt8(ascii: "+") || zone.first == UInt8(ascii: "-") else {
            return false
        }
        return zip(zone.dropFirst(), offset.dropFirst()).allSatisfy { byte, expected in
            expected == UInt8(ascii: "d") ? (0x30...0x39).contains(byte) : byte == expected
        }
    }
}
