import Testing
import UpdateCheckSupport

/// Values quoted in messages are shown by their start and size.
@Suite struct MessageTextTests {
    @Test func shortValuesAreQuotedWhole() {
        #expect("unknown record \(quoted: "post-1")" == "unknown record 'post-1'")
        let limit = String(repeating: "é", count: MessageText.shownCharacters)
        #expect(MessageText.shortened(limit) == limit)
    }

    @Test func longValuesKeepTheirFirstCharactersAndSayTheirSize() {
        let id = String(repeating: "é", count: 5_000)
        let shown = "\(quoted: id)"
        #expect(shown == "'" + String(repeating: "é", count: 200) + "… (10000 bytes)'")
        #expect(MessageText.shortened(id[...]).count == 200 + "… (10000 bytes)".count)
    }

    @Test func controlCharactersAreEscapedSoAMessageStaysOnOneLine() {
        #expect(
            "unknown phase \(quoted: "sav\ng\r\t\u{1B}[31m\u{85}\u{2028}é")"
                == #"unknown phase 'sav\ng\r\t\u{1B}[31m\u{85}\u{2028}é'"#)
    }

    /// A bidirectional override or isolate would reorder the rest of the
    /// message on the screen, and a bidirectional mark, a zero width space,
    /// a soft hyphen or a byte order mark would make two IDs look alike;
    /// each is shown as its escape. The zero width joiner and non-joiner,
    /// with which emoji and several scripts are written, stay.
    @Test func charactersThatReorderOrHideTextAreEscaped() {
        #expect(
            "unknown record \(quoted: "a\u{202E}lmth.exe\u{202A}\u{2066}\u{2069}\u{200F}")"
                == #"unknown record 'a\u{202E}lmth.exe\u{202A}\u{2066}\u{2069}\u{200F}'"#)
        #expect(
            "\(quoted: "\u{200E}\u{61C}\u{200B}\u{FEFF}\u{AD}\u{2060}\u{2064}a\u{200D}\u{200C}\u{2065}\u{2070}")"
                == #"'\u{200E}\u{61C}\u{200B}\u{FEFF}\u{AD}\u{2060}\u{2064}a"# + "\u{200D}\u{200C}\u{2065}\u{2070}'")
        #expect(MessageText.hasControl("b\u{2067}") && MessageText.hasControl("b\u{200E}"))
        #expect(!MessageText.hasControl("b\u{2029A}\u{200D}\u{61B}\u{FEFE}"))
    }

    /// A program's line is quoted by its first 200 characters, with its
    /// controls escaped and `…` when there is more; bytes that are not
    /// UTF-8 show as U+FFFD, and a line of any length is read only so far.
    @Test func linesAreQuotedByTheirStart() {
        #expect(MessageText.excerpt(Array(#"{"id":1}"#.utf8)) == #"'{"id":1}'"#)
        #expect(MessageText.excerpt([0x61, 0x0A, 0x1B, 0xFF]) == "'a\\n\\u{1B}\u{FFFD}'")
        let long = [UInt8](repeating: UInt8(ascii: "0"), count: 50_000_000)
        #expect(MessageText.excerpt(long) == "'" + String(repeating: "0", count: 200) + "…'")
        #expect(MessageText.excerpt(long.prefix(200)) == "'" + String(repeating: "0", count: 200) + "'")
        let accents = Array(String(repeating: "e\u{301}", count: 300).utf8)
        #expect(MessageText.excerpt(accents) == "'" + String(repeating: "e\u{301}", count: 200) + "…'")
    }

    /// A command printed for the user to paste is one shell word per value:
    /// plain when nothing in it is special to a shell, else single-quoted.
    @Test func shellWordsPasteAsOneWord() {
        #expect(MessageText.shellWord("found.json") == "found.json")
        #expect(MessageText.shellWord("./a/b-c_d.json") == "./a/b-c_d.json")
        #expect(MessageText.shellWord("") == "''")
        #expect(MessageText.shellWord("cx $(touch x).json") == "'cx $(touch x).json'")
        #expect(
            MessageText.shellWord("python3 store.py 'confirm-on-timeout'")
                == #"'python3 store.py '\''confirm-on-timeout'\'''"#)
        #expect(MessageText.shellWord(#"a;b|c&d`e`\f*?~"#) == #"'a;b|c&d`e`\f*?~'"#)
    }
}
