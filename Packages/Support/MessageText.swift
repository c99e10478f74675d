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

    /// Whether `scalar` is a control character as messages count them: C0,
    /// DEL, C1, or the line and paragraph separators.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}" || scalar == "\u{2029}"
    }

    /// Whether `text` holds a control character (see ``isControl(_:)``):
    /// a line break, an ESC, …
    package static func hasControl(_ text: some StringProtocol) -> Bool {
        text.unicodeScalars.contains(where: isControl)
    }

    /// `text` with each control character (C0, DEL, C1, the line and
    /// paragraph separators) written as an escape.
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
