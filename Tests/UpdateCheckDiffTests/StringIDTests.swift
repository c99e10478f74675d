import Testing

@testable import UpdateCheckDiff

/// The fast path for `String` and `Substring` IDs (``UTF8Hash`` over their
/// bytes) against `String`'s own `==` and `hashValue`, on random and
/// adversarial texts: canonically equivalent spellings are one ID.
@Suite struct StringIDTests {
    /// The keys of these tests: this process's.
    static let keys = UTF8Hash.Keys.perProcess

    /// Texts that are equal as Swift strings but spelled with other bytes,
    /// and texts that look alike but are not equal.
    static let adversarial: [String] = [
        "", "a", "K", "\u{212A}", "k", "é", "e\u{301}", "E\u{301}", "É", "Å", "\u{212B}", "A\u{30A}",
        "a\u{301}\u{316}", "a\u{316}\u{301}", "한", "\u{1112}\u{1161}\u{11AB}", "\u{FB01}", "fi", "\r\n", "\n\r",
        "\u{1F600}", "\u{1F1EB}\u{1F1F7}", "Ω", "\u{2126}", "ñ", "n\u{303}", "caf\u{E9}-0123456789abcdef",
        "cafe\u{301}-0123456789abcdef", "0123456789abcdef", "0123456789abcdeF", "0123456789abcdef0",
        "\u{212A}elvin-0123456789abcdef-0123456789abcdef", "Kelvin-0123456789abcdef-0123456789abcdef", "1234567",
        "12345678", "123", "12", "a\0b", "a\0c",
    ]

    /// Pieces of random texts: ASCII, precomposed letters and their
    /// decompositions, singletons whose normal form is ASCII, marks that
    /// reorder, and characters outside the Basic Multilingual Plane.
    static let pieces: [String] = [
        "a", "b", "K", "k", "-", "0", "9", "é", "e\u{301}", "\u{212A}", "Å", "\u{212B}", "A\u{30A}", "\u{301}",
        "\u{316}", "한", "\u{1112}\u{1161}\u{11AB}", "\u{1F600}", "ß", "Ω", "\u{2126}", "\u{0}",
    ]

    /// A random text of up to 40 pieces.
    static func randomText(_ random: inout LargeSnapshotTests.Generator) -> String {
        var text = ""
        for _ in 0..<Int.random(in: 0...40, using: &random) { text += pieces.randomElement(using: &random)! }
        return text
    }

    @Test func swiftStringsAreEqualUnderCanonicalEquivalence() {
        #expect("é" == "e\u{301}")
        #expect("\u{212A}" == "K")
        #expect("\u{212B}" == "Å")
        #expect("a\u{301}\u{316}" == "a\u{316}\u{301}")
        #expect("\u{FB01}" != "fi")
    }

    @Test func equalTextsHashAlikeAndUnequalOnesApart() {
        var random = LargeSnapshotTests.Generator(state: 28)
        var texts = Self.adversarial
        for _ in 0..<200 { texts.append(Self.randomText(&random)) }
        // Each text as a slice of a longer string, cut at scalar boundaries (a
        // text may start with a combining mark, which joins the character before it).
        let sliced = texts.map { text -> Substring in
            let wrapped = "<" + text + ">"
            let scalars = wrapped.unicodeScalars
            return wrapped[scalars.index(after: scalars.startIndex)..<scalars.index(before: scalars.endIndex)]
        }
        let hashes = texts.map { UTF8Hash.hash($0, keys: Self.keys) }
        var mismatches: [String] = []
        for index in texts.indices {
            let text = texts[index]
            if sliced[index] != text || UTF8Hash.hash(sliced[index], keys: Self.keys) != hashes[index]
                || OffsetTable.hash(text, seed: Self.keys) != hashes[index]
                || OffsetTable.hash(sliced[index], seed: Self.keys) != hashes[index]
            {
                mismatches.append("\(text.unicodeScalars.map(\.value)) as a substring")
            }
            for other in index..<texts.count {
                let equal = text == texts[other]
                if (hashes[index] == hashes[other]) != equal || (equal && text.hashValue != texts[other].hashValue) {
                    mismatches.append(
                        "\(text.unicodeScalars.map(\.value)) and \(texts[other].unicodeScalars.map(\.value))")
                }
            }
        }
        #expect(mismatches == [])
        #expect(hashes[Self.adversarial.firstIndex(of: "\u{212A}")!] == UTF8Hash.hash("K", keys: Self.keys))
        #expect(hashes[Self.adversarial.firstIndex(of: "e\u{301}")!] == UTF8Hash.hash("\u{E9}", keys: Self.keys))
    }

    @Test func theSeedAndEveryByteChangeTheHash() {
        let text = "0123456789abcdef-0123456789abcdef-0123"
        let hash = UTF8Hash.hash(text, keys: Self.keys)
        #expect(UTF8Hash.hash(text, keys: Self.keys.seeded(1)) != hash)
        var bytes = Array(text.utf8)
        for offset in bytes.indices {
            bytes[offset] ^= 1
            #expect(bytes.withUnsafeBufferPointer { UTF8Hash.hash($0, keys: Self.keys) } != hash, "byte \(offset)")
            bytes[offset] ^= 1
        }
        #expect(bytes.withUnsafeBufferPointer { UTF8Hash.hash($0, keys: Self.keys) } == hash)
    }

    /// Unique random IDs (unique as Swift strings) and a new snapshot that
    /// keeps some of them in another spelling, deletes some, inserts some
    /// and shuffles: the diff must agree with `Set<String>`.
    @Test(arguments: [40, 3_000, 70_000])
    func diffsAgreeWithStringEquality(count: Int) throws {
        var random = LargeSnapshotTests.Generator(state: UInt64(count))
        var seen = Set<String>()
        var old: [String] = []
        while old.count < count {
            let text = Self.randomText(&random) + String(old.count % 7)
            if seen.insert(text).inserted { old.append(text) }
        }
        func respelled(_ text: String) -> String {
            var result = ""
            for character in text {
                switch character {
                case "é": result += Bool.random(using: &random) ? "e\u{301}" : "\u{E9}"
                case "K": result += Bool.random(using: &random) ? "\u{212A}" : "K"
                case "Å": result += ["\u{C5}", "\u{212B}", "A\u{30A}"].randomElement(using: &random)!
                default: result.append(character)
                }
            }
            return result
        }
        var new: [String] = []
        for text in old where Int.random(in: 0..<10, using: &random) != 0 { new.append(respelled(text)) }
        while new.count < count {
            let text = Self.randomText(&random) + "+" + String(new.count)
            if seen.insert(text).inserted { new.append(text) }
        }
        new.shuffle(using: &random)

        let changes = try verifiedDiff(from: old, to: new)
        let newSet = Set(new)
        let oldSet = Set(old)
        #expect(changes.deletions.map(\.offset) == old.indices.filter { !newSet.contains(old[$0]) })
        #expect(changes.insertions.map(\.offset) == new.indices.filter { !oldSet.contains(new[$0]) })
        let substrings = try verifiedDiff(from: old.map { $0[...] }, to: new.map { $0[...] })
        #expect(substrings.deletions.map(\.offset) == changes.deletions.map(\.offset))
        #expect(substrings.insertions.map(\.offset) == changes.insertions.map(\.offset))
        #expect(substrings.moves.map(\.to) == changes.moves.map(\.to))
    }

    @Test func canonicallyEquivalentDuplicatesAreFound() {
        var old = (0..<40).map { "id-\($0)" }
        old[3] = "caf\u{E9}"
        old[30] = "cafe\u{301}"
        #expect(
            throws: ListDiffError.duplicateIDs(in: .old, duplicates: [DuplicateID(id: "caf\u{E9}", offsets: [3, 30])])
        ) {
            try diff(from: old, to: [])
        }
    }
}
