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
    /// when it is longer.
    ///
    /// - Complexity: O(``shownCharacters``): the rest is never read.
    package static func shortened(_ text: some StringProtocol) -> String {
        guard text.utf8.count > shownCharacters,
            let end = text.index(text.startIndex, offsetBy: shownCharacters, limitedBy: text.endIndex),
            end < text.endIndex
        else {
            return String(text)
        }
        return "\(text[..<end])… (\(text.utf8.count) bytes)"
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
