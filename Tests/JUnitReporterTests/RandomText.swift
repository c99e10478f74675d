import UpdateCheckTestSupport

/// Random text for the property tests: any Unicode scalar, control
/// characters, markup that must be escaped, ANSI sequences, and bytes that
/// are not UTF-8 (through ``JUnitText/decoding(_:)``).
struct RandomText {
    /// Pieces that have broken JUnit reports in the wild.
    static let tricky: [String] = [
        "]]>", "<!--", "-->", "\"", "'", "&", "<", ">", "&amp;", "&#0;", "&#x1B;", "<![CDATA[", "\u{FFFE}",
        "\u{FFFF}", "\u{1B}[31m", "\u{1B}[0m", "\u{1B}[1;4;38;5;208m", "\u{1B}]8;;https://example.com\u{07}",
        "\u{1B}", "\u{1B}[", "\r\n", "\r", "\u{0}", "\u{FEFF}", "😀", "e\u{301}", "\u{85}", "\u{2028}", "\t",
        "<testcase name=\"x\">", "</testsuite>", "%s %n %f", "1,5",
    ]

    /// The generator used.
    var generator: SeededGenerator

    /// A random number in `range`.
    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &generator) }

    /// A random string of up to `maxPieces` pieces.
    mutating func string(maxPieces: Int = 24) -> String {
        var text = ""
        for _ in 0..<int(0...maxPieces) {
            switch int(0...9) {
            case 0...2: text.unicodeScalars.append(anyScalar())
            case 3: text.unicodeScalars.append(Unicode.Scalar(UInt8(int(0...0x1F))))
            case 4: text.unicodeScalars.append(Unicode.Scalar(UInt32(int(0x7F...0x9F)))!)
            case 5...6: text += Self.tricky[int(0...Self.tricky.count - 1)]
            case 7: text += JUnitTextDecoding.decode(bytes(count: int(1...6)))
            default: text += String(repeating: "ab cd", count: int(0...3))
            }
        }
        return text
    }

    /// Random bytes, biased towards the starts of multi-byte UTF-8 sequences.
    mutating func bytes(count: Int) -> [UInt8] {
        (0..<count).map { _ in
            switch int(0...3) {
            case 0: UInt8(int(0xC0...0xFF))
            case 1: UInt8(int(0x80...0xBF))
            default: UInt8(int(0...0xFF))
            }
        }
    }

    /// Any Unicode scalar, from the whole range U+0000…U+10FFFF.
    mutating func anyScalar() -> Unicode.Scalar {
        while true {
            if let scalar = Unicode.Scalar(UInt32(int(0...0x10FFFF))) { return scalar }
        }
    }

    /// A random duration: usually small, sometimes negative, huge or NaN.
    mutating func seconds() -> Double {
        switch int(0...9) {
        case 0: -Double(int(1...1000)) / 7
        case 1: [Double.nan, .infinity, 1e300, 0.0005, 0.0004999][int(0...4)]
        default: Double(int(0...5_000_000)) / 1009
        }
    }
}
