/// Unicode's stream-safe limit on combining marks (the Stream-Safe Text
/// Format of UAX #15): no run of more than 30 non-starters in a row.
///
/// Swift compares and hashes a `String` by its canonical form, and puts the
/// marks of a run in canonical order by insertion, so a run of *m* marks
/// costs O(*m*²) on every comparison and every hash: one 384 KB scenario of
/// two record IDs took 43 s. Text a user cannot mean as anything but an
/// attack is refused where it is read instead, once, in linear time. Real
/// text never comes near the limit (the longest run in any language is a
/// handful of marks); Unicode's remedy for a longer one is a U+034F
/// COMBINING GRAPHEME JOINER every 30 marks.
package enum StreamSafeText {
    /// The most non-starters allowed in a row.
    package static let maxNonStarters = 30

    /// What a refusal says of the text, after the text's name.
    package static let refusal =
        "holds more than \(maxNonStarters) combining marks in a row, past Unicode's stream-safe limit (UAX #15)"

    /// Whether the valid UTF-8 `text` holds no run of more than
    /// ``maxNonStarters`` non-starters.
    ///
    /// A non-starter is a scalar with a nonzero canonical combining class;
    /// the four characters whose decomposition starts with two of them
    /// (U+0344, U+0F73, U+0F75, U+0F81) count twice.
    ///
    /// - Complexity: O(*n*); scalars below U+0300 (ASCII, Latin, the
    ///   spacing modifiers), which are all starters, are skipped on their
    ///   first byte.
    @inlinable
    package static func isStreamSafe(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var run = 0
        var index = 0
        while index < text.count {
            let lead = text[index]
            // U+0000 ... U+02FF: one byte below 0x80, two with a lead below 0xCC.
            if lead < 0xCC {
                run = 0
                index &+= lead < 0x80 ? 1 : 2
                continue
            }
            let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            guard index &+ length <= text.count else { return true }
            var value = UInt32(lead & (0x7F >> length))
            for offset in 1..<length { value = value << 6 | UInt32(text[index &+ offset] & 0x3F) }
            index &+= length
            let weight = nonStarterWeight(value)
            if weight == 0 {
                run = 0
            } else {
                run &+= weight
                if run > maxNonStarters { return false }
            }
        }
        return true
    }

    /// Whether `text` holds no run of more than ``maxNonStarters`` non-starters.
    ///
    /// - Complexity: O(*n*).
    @inlinable
    package static func isStreamSafe(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { isStreamSafe($0) }
    }

    /// How many non-starters the scalar `value` begins: 0 for a starter.
    @inlinable
    static func nonStarterWeight(_ value: UInt32) -> Int {
        switch value {
        case 0x0344, 0x0F73, 0x0F75, 0x0F81: return 2
        default:
            guard let scalar = Unicode.Scalar(value) else { return 0 }
            return scalar.properties.canonicalCombiningClass.rawValue == 0 ? 0 : 1
        }
    }
}
