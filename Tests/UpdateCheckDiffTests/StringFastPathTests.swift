import Testing

@testable import UpdateCheckDiff

/// The diff's path for `String` and `Substring` IDs (``UTF8Hash`` and the
/// block-hashed lookups of a shuffle) against integer IDs and `String`'s own
/// `==`: the same pair spelled as numbers and as texts gives the same diff,
/// and canonically equivalent spellings are one ID at every length and
/// position the hash reads.
@Suite struct StringFastPathTests {
    /// The keys of these tests: this process's.
    static let keys = UTF8Hash.Keys.perProcess

    /// Spellings of one text: precomposed, decomposed, and through a
    /// singleton whose normal form is another character.
    static let respellings: [[String]] = [
        ["\u{E9}", "e\u{301}"], ["K", "\u{212A}"], ["\u{C5}", "\u{212B}", "A\u{30A}"],
        ["\u{D55C}", "\u{1112}\u{1161}\u{11AB}"], ["a\u{301}\u{316}", "a\u{316}\u{301}"], ["\u{3A9}", "\u{2126}"],
    ]

    /// The ID text of the integer `id`; `spelling` picks among the spellings
    /// of the accented letter in the middle, so that spellings of one ID
    /// differ in bytes and length but are equal as Swift strings.
    static func text(_ id: Int, spelling: Int = 0) -> String {
        let group = respellings[id % respellings.count]
        return "id-\(id)-" + group[spelling % group.count] + "-\(id * 7919)"
    }

    /// Every text of this shape, at lengths 0 to 40, with one respelled
    /// letter at every offset: equal texts hash alike and `==` agrees with
    /// equal hashes (the blocks of 16 bytes, their overlapping last block
    /// and the short loads of texts under 16 bytes all see the letter).
    @Test func respelledLettersAtEveryOffsetAndLength() {
        var mismatches: [String] = []
        for length in 0...40 {
            let base = String(repeating: "x", count: length)
            for group in Self.respellings {
                for offset in 0...length {
                    let prefix = String(base.prefix(offset))
                    let suffix = String(base.dropFirst(offset))
                    let texts = group.map { prefix + $0 + suffix }
                    let hashes = texts.map { UTF8Hash.hash($0, keys: Self.keys) }
                    for index in texts.indices where texts[index] != texts[0] || hashes[index] != hashes[0] {
                        mismatches.append("\(texts[index].unicodeScalars.map(\.value))")
                    }
                    // The plain text of that length differs from each spelling.
                    if texts.contains(base) || hashes.contains(UTF8Hash.hash(base, keys: Self.keys)) {
                        mismatches.append("\(base) against \(texts[0].unicodeScalars.map(\.value))")
                    }
                }
            }
        }
        #expect(mismatches == [])
    }

    /// Texts that share storage (slices of one string) and texts built
    /// apart (separate storage), with NUL bytes, at lengths past 16 that
    /// are not multiples of 8: hashes and `==` agree across both.
    @Test func slicesAndSeparateCopiesHashAlike() {
        let whole = (0..<60).map { "\($0 % 10)\u{0}" }.joined() + "\u{E9}tail"
        let utf8 = Array(whole.utf8)
        var mismatches: [String] = []
        for start in stride(from: 0, to: 100, by: 7) {
            for length in [0, 1, 3, 7, 8, 15, 16, 17, 23, 31, 33] where start + length <= whole.count {
                let slice = whole.dropFirst(start).prefix(length)
                let copy = String(decoding: Array(String(slice).utf8), as: UTF8.self)
                let hash = UTF8Hash.hash(slice, keys: Self.keys)
                if slice != copy[...] || hash != UTF8Hash.hash(copy, keys: Self.keys)
                    || OffsetTable.hash(slice, seed: Self.keys) != hash
                    || OffsetTable.hash(copy, seed: Self.keys) != hash
                {
                    mismatches.append("\(start)+\(length)")
                }
            }
        }
        #expect(utf8.contains(0))
        #expect(mismatches == [])
    }

    /// The large pairs of ``LargeSnapshotTests`` (reversed, shuffled and
    /// mixed) with their IDs as texts, the new snapshot's spelled otherwise
    /// where they can be: the diff is the integer diff, offset for offset,
    /// across the sizes where the lookups go block by block (a shuffle) and
    /// where they are split over cores (70,000).
    @Test(arguments: [17, 100, 1_000, 5_003, 70_000])
    func textIDsDiffAsTheirIntegers(n: Int) throws {
        for kind in 0..<3 {
            let (old, new) = LargeSnapshotTests.pair(n, kind, seed: UInt64(n &* 5 &+ kind))
            let integers = try diff(from: old, to: new)
            let oldTexts = old.map { Self.text($0) }
            let newTexts = new.map { Self.text($0, spelling: $0 / Self.respellings.count) }
            let texts = try diff(from: oldTexts, to: newTexts)
            #expect(texts.deletions.map(\.offset) == integers.deletions.map(\.offset), "kind \(kind)")
            #expect(texts.insertions.map(\.offset) == integers.insertions.map(\.offset), "kind \(kind)")
            #expect(texts.moves.map(\.from) == integers.moves.map(\.from), "kind \(kind)")
            #expect(texts.moves.map(\.to) == integers.moves.map(\.to), "kind \(kind)")
            let substrings = try diff(from: oldTexts.map { $0[...] }, to: newTexts.map { $0[...] })
            #expect(substrings.moves.map(\.to) == integers.moves.map(\.to), "kind \(kind)")
            #expect(substrings.insertions.map(\.offset) == integers.insertions.map(\.offset), "kind \(kind)")
            if n <= 1_000 {
                let verified = try verifiedDiff(from: oldTexts, to: newTexts)
                #expect(verified.moves.map(\.to) == integers.moves.map(\.to), "kind \(kind)")
            }
        }
    }

    /// A shuffle whose new snapshot holds an ID twice, once in each
    /// spelling: the block-hashed lookups still see one ID matched twice.
    @Test func respelledDuplicateInAShuffleIsFound() {
        let n = 600
        var random = LargeSnapshotTests.Generator(state: 6)
        let old = (0..<n).map { Self.text($0) }
        var new = old.shuffled(using: &random)
        let at = new.firstIndex(of: Self.text(6))!
        new[(at + 300) % n] = Self.text(6, spelling: 1)
        #expect(new[(at + 300) % n] == new[at])
        #expect(throws: ListDiffError.self) { try diff(from: old, to: new) }
    }
}
