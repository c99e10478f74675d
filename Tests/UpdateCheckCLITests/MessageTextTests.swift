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
}
