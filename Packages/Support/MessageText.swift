/// Text from a user's files or a program's output, made fit for a message of
/// one line: a value of any length is shown by its start and its size.
///
/// A record ID of 10 MB, a manifest name of 10 KB or a program's error of
/// 50 MB would otherwise be echoed whole into an error line, a report and
/// the console. Every message that quotes what it was given goes through
/// ``MessageText/shortened(_:)``, or interpolates `\(quoted: value)`.
package enum MessageText {
    /// The most characters of one value a message shows: 200.
    package static let shownCharacters = 200

    /// `text`, or its first ``shownCharacters`` characters and `… (N bytes)`
    /// when it is longer, with control characters escaped (`\n`, `\t`,
    /// `\u{1B}`) so that the message stays on one line.
    ///
    /// - Complexity: O(``shownCharacters``): the rest is never read.
    package static func shortened(_ text: some StringProtocol) -> String {
        guard text.utf8.count > shownCharacters,
            let end = text.index(text.startIndex, offsetBy: shownCharacters, limitedBy: text.endIndex),
            end < text.endIndex
        else {
            return escapingControls(text[...])
        }
        return "\(escapingControls(text[..<end]))… (\(text.utf8.count) bytes)"
    }

    /// The start of `bytes` (a line a program printed) between single
    /// quotes, for a message: its first ``shownCharacters`` characters as
    /// UTF-8 (a byte that is not UTF-8 shown as U+FFFD), controls escaped,
    /// and `…` before the closing quote when there is more.
    ///
    /// - Complexity: O(``shownCharacters``): at most four bytes a character
    ///   are decoded, whatever the length of `bytes`.
    package static func excerpt(_ bytes: some Collection<UInt8>) -> String {
        let head = String(decoding: bytes.prefix(shownCharacters * 4), as: UTF8.self)
        let end = head.index(head.startIndex, offsetBy: shownCharacters, limitedBy: head.endIndex) ?? head.endIndex
        let cut = end < head.endIndex || bytes.count > shownCharacters * 4
        return "'\(escapingControls(head[..<end]))\(cut ? "…" : "")'"
    }

    /// `text` as one word of a POSIX shell command line, for a command a
    /// message tells the user to run: as it is when it holds only
    /// characters no shell reads specially (letters, digits and
    /// `_ - . / : = @ % + ,`), else between single quotes, each `'` in it
    /// written `'\''` (`it's` becomes `'it'\''s'`); `''` when empty.
    ///
    /// A command printed with a file name such as `cx $(touch x).json`
    /// runs nothing when pasted.
    package static func shellWord(_ text: String) -> String {
        let plain = text.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                true
            default: "_-./:=@%+,".utf8.contains(byte)
            }
        }
        if plain, !text.isEmpty { return text }
        return "'" + text.replacing("'", with: #"'\''"#) + "'"
    }

    /// `byte` as two upper-case hexadecimal digits (`0A`, `FF`), as
    /// messages show a byte that is not text (`\xFF`, `\x{FF}`).
    package static func hexDigits(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF".unicodeScalars)
        return String(String.UnicodeScalarView([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]]))
    }

    /// Whether `scalar` is a control character as messages count them: C0,
    /// DEL, C1, or a character that reorders or hides text
    /// (``isInvisibleFormat(_:)``).
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || isInvisibleFormat(scalar)
    }

    /// Whether `scalar` changes or hides the text around it without
    /// showing itself, so that a line can be made to say what it does not,
    /// or two different IDs to look alike:
    ///
    /// - a bidirectional embedding, override or isolate (U+202A to U+202E,
    ///   U+2066 to U+2069) or mark (U+200E, U+200F, U+061C), which reorders
    ///   what follows it: an ID `a<U+202E>lmth.exe` reads as `aexe.html`;
    /// - the line and paragraph separators (U+2028, U+2029), which break a
    ///   line where some terminals and editors do not;
    /// - an invisible character: the soft hyphen (U+00AD), the zero width
    ///   space (U+200B), the word joiner and invisible operators (U+2060 to
    ///   U+2064) and the byte order mark (U+FEFF).
    ///
    /// What UpdateCheck prints shows them as escapes (`\u{202E}`). The zero
    /// width joiner and non-joiner (U+200C, U+200D) are kept: emoji
    /// sequences and several scripts are written with them.
    package static func isInvisibleFormat(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00AD, 0x061C, 0x200B, 0x200E, 0x200F, 0x2028...0x202E, 0x2060...0x2064, 0x2066...0x2069, 0xFEFF:
            true
        default: false
        }
    }

    /// The character of the well-formed UTF-8 sequence at `index` of
    /// `bytes` and its length in bytes, when it is one that
    /// ``isInvisibleFormat(_:)`` counts; `nil` otherwise. Such a character
    /// takes two bytes (lead `C2` or `D8`) or three (lead `E2` or `EF`), so
    /// callers scanning bytes need to look closer only at those leads.
    @inline(__always)
    package static func invisibleFormat(
        in bytes: UnsafeBufferPointer<UInt8>, at index: Int
    ) -> (scalar: Unicode.Scalar, length: Int)? {
        let lead = bytes[index]
        let length: Int
        switch lead {
        case 0xC2, 0xD8: length = 2
        case 0xE2, 0xEF: length = 3
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        var value = UInt32(lead & (length == 2 ? 0x1F : 0x0F))
        for offset in 1..<length {
            let next = bytes[index + offset]
            guard next & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(next & 0x3F)
        }
        guard let scalar = Unicode.Scalar(value), isInvisibleFormat(scalar) else { return nil }
        return (scalar, length)
    }

    /// Whether `text` holds a control character (see ``isControl(_:)``):
    /// a line break, an ESC, …
    package static func hasControl(_ text: some StringProtocol) -> Bool {
        text.unicodeScalars.contains(where: isControl)
    }

    /// `text` with each control character (C0, DEL, C1, and the characters
    /// that reorder or hide text) written as an escape.
    static func escapingControls(_ text: some StringProtocol) -> String {
        guard hasControl(text) else { return String(text) }
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where isControl(scalar): out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

extension String.StringInterpolation {
    /// Appends `value` between single quotes, ``MessageText/shortened(_:)``:
    /// `"unknown record \(quoted: id)"`.
    package mutating func appendInterpolation(quoted value: some CustomStringConvertible) {
        appendLiteral("'")
        appendLiteral(MessageText.shortened(value.description))
        appendLiteral("'")
    }
}
