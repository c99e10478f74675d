import Testing

@testable import JUnitReporter

@Suite struct JUnitTextTests {
    @Test(arguments: [
        ("a\u{0}b", #"a\u{0}b"#),
        ("\u{1B}[31mred\u{1B}[0m plain", "red plain"),
        ("\u{1B}[1;32;40mbold\u{1B}[K", "bold"),
        ("\u{1B}]8;;https://example.com\u{07}link\u{1B}]8;;\u{1B}\\", "link"),
        ("lone \u{1B} escape", #"lone \u{1B} escape"#),
        ("cut \u{1B}[12", #"cut \u{1B}[12"#),
        ("open \u{1B}]8;;no end", #"open \u{1B}]8;;no end"#),
        ("bell\u{07}", #"bell\u{7}"#),
        ("\u{08}\u{0B}\u{0C}\u{1F}", #"\u{8}\u{B}\u{C}\u{1F}"#),
        ("\u{FFFE}x\u{FFFF}", #"\u{FFFE}x\u{FFFF}"#),
    ])
    func sanitizesWhatXMLForbids(input: String, expected: String) {
        #expect(!JUnitText.isXMLSafe(input))
        #expect(JUnitText.sanitized(input) == expected)
    }

    @Test func findsWhatXMLForbidsAtEveryPositionOfManyLines() {
        // Lines are scanned eight bytes at a time between line feeds: a forbidden
        // byte or character is found wherever it falls.
        let lines = String(repeating: "  12 -> 34  \"item-0001-with-a-long-tail\"\n", count: 4)
        #expect(JUnitText.isXMLSafe(lines))
        let bytes = Array(lines.utf8)
        for position in 0..<bytes.count {
            for forbidden: UInt8 in [0x00, 0x08, 0x1B] {
                var changed = bytes
                changed[position] = forbidden
                #expect(!JUnitText.isXMLSafe(String(decoding: changed, as: UTF8.self)), "at \(position)")
            }
            let noncharacter =
                String(decoding: bytes[..<position], as: UTF8.self) + "\u{FFFF}"
                + String(decoding: bytes[position...], as: UTF8.self)
            #expect(!JUnitText.isXMLSafe(noncharacter), "U+FFFF at \(position)")
        }
    }

    @Test func keepsEverythingXMLAllows() {
        let text = "tab\tlf\ncr\r ü 日本 😀 \u{7F}\u{85}\u{9F} \u{FFFD}\u{FEFF} <&\"']]><!-- \u{10FFFF}"
        #expect(JUnitText.isXMLSafe(text))
        #expect(JUnitText.sanitized(text) == text)
    }

    @Test(
        arguments: [
            ([0x61, 0xFF, 0x62], #"a\x{FF}b"#),
            ([0xED, 0xA0, 0x80], #"\x{ED}\x{A0}\x{80}"#),  // an encoded surrogate
            ([0xC0, 0x80], #"\x{C0}\x{80}"#),  // an overlong NUL
            ([0xE2, 0x82], #"\x{E2}\x{82}"#),  // a truncated sequence
            ([0xF4, 0x90, 0x80, 0x80], #"\x{F4}\x{90}\x{80}\x{80}"#),  // above U+10FFFF
            ([0x80, 0x41], #"\x{80}A"#),  // a lone continuation byte
            ([0xE2, 0x82, 0xAC, 0xF0, 0x9F, 0x98, 0x80], "€😀"),
            ([0xEF, 0xBF, 0xBF, 0x00], #"\u{FFFF}\u{0}"#),
            ([0x1B, 0x5B, 0x33, 0x31, 0x6D, 0x6F, 0x6B], "ok"),
        ] as [([UInt8], String)])
    func decodesCapturedBytes(bytes: [UInt8], expected: String) {
        #expect(JUnitText.decoding(bytes) == expected)
    }

    @Test func capsInTheMiddleOnCharacterBoundaries() {
        #expect(JUnitText.capped("abcdefghij", maxBytes: 4) == "ab\n[... 6 bytes cut ...]\nij")
        #expect(JUnitText.capped("ééééé", maxBytes: 5) == "é\n[... 6 bytes cut ...]\né")
        #expect(JUnitText.capped("short", maxBytes: 5) == "short")
        #expect(JUnitText.capped("abc", maxBytes: 0) == "\n[... 3 bytes cut ...]\n")
    }

    /// For the terminal, ANSI sequences, carriage returns, C1 controls and
    /// the characters that reorder or hide text (bidirectional controls and
    /// marks, separators, zero width spaces, the byte order mark) are shown
    /// escaped, not removed or kept; what XML forbids is escaped as in
    /// reports; tabs, line feeds, joiners and other text stay.
    @Test(arguments: [
        ("\u{1B}[2Jcleared", #"\u{1B}[2Jcleared"#),
        ("\u{1B}]8;;https://example.com\u{07}link", #"\u{1B}]8;;https://example.com\u{7}link"#),
        ("a\u{9B}b\u{85}c\u{A0}d", #"a\u{9B}b\u{85}c"# + "\u{A0}d"),
        ("a\u{0}b\u{FFFE}", #"a\u{0}b\u{FFFE}"#),
        ("tab\tline\n é ✓", "tab\tline\n é ✓"),
        ("evil\rgood", #"evil\u{D}good"#),
        ("a\u{202E}lmth.exe", #"a\u{202E}lmth.exe"#),
        ("\u{202A}\u{202D}\u{2066}\u{2069}\u{2065}\u{202F}", #"\u{202A}\u{202D}\u{2066}\u{2069}"# + "\u{2065}\u{202F}"),
        ("\u{FEFF}a\u{200B}b\u{61C}c\u{AD}d\u{2028}e\u{200E}", #"\u{FEFF}a\u{200B}b\u{61C}c\u{AD}d\u{2028}e\u{200E}"#),
        ("\u{1F469}\u{200D}\u{1F4BB} \u{61B}\u{FEFE}\u{200C}", "\u{1F469}\u{200D}\u{1F4BB} \u{61B}\u{FEFE}\u{200C}"),
    ])
    func terminalSafeShowsControlsEscaped(text: String, shown: String) {
        #expect(JUnitText.terminalSafe(text) == shown)
    }
}
