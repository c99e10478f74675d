import Testing

@testable import UpdateCheckDiff

/// Sectioned snapshots: the diff's parts, minimal moves across sections,
/// typed duplicate errors, apply/inverse, flat agreement and content updates.
@Suite struct SectionedDiffTests {
    typealias Snapshot = SectionedSnapshot<String, String>

    static func snapshot(_ sections: (String, [String])...) -> Snapshot {
        Snapshot(sections.map { .init(id: $0.0, items: $0.1) })
    }

    /// `[S: a b | T: c] -> [S: b | T: a c]` moves exactly one item, `a`,
    /// from [0, 0] to [1, 0]; nothing else changes.
    @Test func crossSectionMoveIsOneMove() throws {
        let old = Self.snapshot(("S", ["a", "b"]), ("T", ["c"]))
        let new = Self.snapshot(("S", ["b"]), ("T", ["a", "c"]))
        let result = try verifiedDiff(from: old, to: new)
        #expect(
            result.itemMoves == [
                .init(id: "a", from: ItemPosition(section: 0, item: 0), to: ItemPosition(section: 1, item: 0))
            ])
        #expect(result.itemDeletions.isEmpty && result.itemInsertions.isEmpty && result.sections.isEmpty)
        #expect(old.description == "[S: a b | T: c]")
    }

    /// Section deletions, insertions and moves come from the flat engine over
    /// section IDs; a section that moves carries its items with it (no item move).
    @Test func sectionMovesCarryTheirItems() throws {
        let old = Self.snapshot(("S", ["a", "b"]), ("T", ["c"]), ("U", ["d"]))
        let new = Self.snapshot(("U", ["d"]), ("S", ["a", "b"]), ("V", []))
        let result = try verifiedDiff(from: old, to: new)
        #expect(result.sections.moves.map(\.id) == ["U"])
        #expect(result.sections.deletions.map(\.id) == ["T"])
        #expect(result.sections.insertions.map(\.id) == ["V"])
        #expect(result.itemMoves.isEmpty)
        #expect(result.itemDeletions == [.init(position: ItemPosition(section: 1, item: 0), id: "c")])
        #expect(result.oldItemCounts == [2, 1, 1] && result.newItemCounts == [1, 2, 0])
    }

    /// Items of a deleted section that live on elsewhere are moves from the
    /// deleted section; items of an inserted section that existed are moves into it.
    @Test func itemsLeavingDeletedAndEnteringInsertedSections() throws {
        let old = Self.snapshot(("S", ["a", "b"]), ("T", ["c"]))
        let new = Self.snapshot(("T", ["c", "a"]), ("U", ["b", "x"]))
        let result = try verifiedDiff(from: old, to: new)
        #expect(result.sections.deletions.map(\.id) == ["S"])
        #expect(result.sections.insertions.map(\.id) == ["U"])
        #expect(
            result.itemMoves == [
                .init(id: "a", from: ItemPosition(section: 0, item: 0), to: ItemPosition(section: 0, item: 1)),
                .init(id: "b", from: ItemPosition(section: 0, item: 1), to: ItemPosition(section: 1, item: 0)),
            ])
        #expect(result.itemInsertions == [.init(position: ItemPosition(section: 1, item: 1), id: "x")])
        #expect(result.itemDeletions.isEmpty)
    }

    /// Inside one section, only the items off the longest increasing run move.
    @Test func movesInsideASectionAreMinimal() throws {
        let old = Self.snapshot(("S", ["a", "b", "c", "d"]))
        let new = Self.snapshot(("S", ["d", "a", "b", "c"]))
        #expect(try verifiedDiff(from: old, to: new).itemMoves.map(\.id) == ["d"])
    }

    /// Duplicate section IDs and item IDs (also across sections) are typed
    /// errors naming every position.
    @Test func duplicatesAreTypedErrors() {
        let fine = Self.snapshot(("S", ["a"]))
        #expect(
            throws: ListDiffError.duplicateSectionIDs(in: .old, duplicates: [DuplicateID(id: "S", offsets: [0, 2])])
        ) {
            try diff(from: Self.snapshot(("S", []), ("T", []), ("S", [])), to: fine)
        }
        let duplicate = DuplicateItemID(
            id: "a", positions: [ItemPosition(section: 0, item: 1), ItemPosition(section: 1, item: 0)])
        #expect(throws: ListDiffError.duplicateItemIDs(in: .new, duplicates: [duplicate])) {
            try diff(from: fine, to: Self.snapshot(("S", ["b", "a"]), ("T", ["a"])))
        }
        let message = ListDiffError.duplicateItemIDs(in: .new, duplicates: [duplicate]).description
        #expect(message == "The new snapshot has 1 duplicate item ID: \"a\" at [0, 1], [1, 0].")
        #expect(
            ListDiffError.duplicateSectionIDs(in: .old, duplicates: [DuplicateID(id: "S", offsets: [0, 2])])
                .description == "The old snapshot has 1 duplicate section ID: \"S\" at sections 0, 2.")
    }

    /// The inverse restores old; a diff for another snapshot does not fit.
    @Test func inverseAndFit() throws {
        let old = Self.snapshot(("S", ["a", "b"]), ("T", ["c"]))
        let new = Self.snapshot(("T", ["b", "c"]), ("U", ["a"]))
        let result = try diff(from: old, to: new)
        #expect(try result.apply(to: old) == new)
        #expect(try result.inverse().apply(to: new) == old)
        #expect(throws: ListDiffError.self) { try result.apply(to: Self.snapshot(("S", ["a", "x"]), ("T", ["c"]))) }
    }

    /// A hand-made diff giving a new section a negative or impossibly large
    /// item count is refused before anything is allocated, in `apply`,
    /// `verify` and `flattened`.
    @Test func impossibleItemCountsDoNotFit() {
        let old = Self.snapshot(("S", []))
        for count in [-1, Int.min, 1, Int.max] {
            let result = SectionedDiff<String, String>(
                sections: SnapshotDiff(oldCount: 1, newCount: 1, deletions: [], insertions: [], moves: []),
                oldItemCounts: [0], newItemCounts: [count], itemDeletions: [], itemInsertions: [], itemMoves: [])
            let refusal = ListDiffError.doesNotFit(
                reason: "it gives new section 0 \(count) items, which a new snapshot of 0 old items and 0 "
                    + "insertions cannot hold.")
            #expect(throws: refusal) { try result.apply(to: old) }
            #expect(throws: ListDiffError.self) { try result.verify(from: old, to: old) }
            #expect(throws: refusal) { try result.flattened(old: old) }
        }
    }

    /// A diff that forgets an item of a deleted section is refused with the
    /// item, its position and the section named.
    @Test func forgottenItemOfDeletedSectionDoesNotFit() throws {
        let old = Self.snapshot(("S", ["a"]), ("T", ["b"]))
        let new = Self.snapshot(("T", ["b"]))
        var result = try diff(from: old, to: new)
        result.itemDeletions = []
        #expect(
            throws: ListDiffError.doesNotFit(
                reason: "a at old position [0, 0] is in deleted section S but is neither deleted nor moved.")
        ) { try result.apply(to: old) }
    }

    /// A diff that moves an item for no reason is caught as not minimal; a
    /// diff that drops a move is caught as not reaching new.
    @Test func verificationCatchesWrongDiffs() throws {
        let old = Self.snapshot(("S", ["a", "b"]), ("T", ["c"]))
        let new = Self.snapshot(("S", ["b"]), ("T", ["a", "c"]))
        var extra = try diff(from: old, to: new)
        extra.itemMoves.append(
            .init(id: "c", from: ItemPosition(section: 1, item: 0), to: ItemPosition(section: 1, item: 1)))
        let error = #expect(throws: ListDiffError.self) { try extra.verify(from: old, to: new) }
        guard case .verificationFailed(let failure) = error else { Issue.record("wrong error"); return }
        #expect(failure.check == .minimalMoves)
        #expect(failure.old == ["S: a b", "T: c"])
        var dropped = try diff(from: old, to: new)
        dropped.itemMoves = []
        let second = #expect(throws: ListDiffError.self) { try dropped.verify(from: old, to: new) }
        guard case .verificationFailed(let other) = second else { Issue.record("wrong error"); return }
        #expect(other.check == .reachesNew)
    }

    /// The flat form has exactly the flat engine's deletions and insertions
    /// and reaches the new flat form.
    @Test func flatFormAgreesWithTheFlatEngine() throws {
        let old = Self.snapshot(("S", ["a", "b"]), ("T", ["c", "d"]))
        let new = Self.snapshot(("T", ["d", "c"]), ("S", ["e", "a"]))
        let result = try diff(from: old, to: new)
        let ours = try result.flattened(old: old)
        let flat = try diff(from: old.flattened, to: new.flattened)
        #expect(ours.deletions == flat.deletions)
        #expect(ours.insertions == flat.insertions)
        #expect(try ours.apply(to: old.flattened) == new.flattened)
        #expect(flat.moves.count <= ours.moves.count)
        #expect(old.flattened.map(\.description) == ["§S", "a", "b", "§T", "c", "d"])
    }

    /// Content updates of items and of sections are kept apart from the structure.
    @Test func contentUpdatesForItemsAndSections() throws {
        struct Row: Equatable {
            var id: String
            var title: String
        }
        struct Group {
            var id: String
            var header: String
            var rows: [Row]
        }
        let old = [
            Group(id: "S", header: "Today", rows: [Row(id: "a", title: "1"), Row(id: "b", title: "2")]),
            Group(id: "T", header: "Later", rows: []),
        ]
        let new = [
            Group(id: "S", header: "Now", rows: [Row(id: "b", title: "2")]),
            Group(id: "T", header: "Later", rows: [Row(id: "a", title: "one")]),
        ]
        let changes = try diff(
            from: old, to: new, sectionID: \.id, items: \.rows, itemID: \.id,
            sectionContentEquals: { $0.header == $1.header }, itemContentEquals: ==)
        #expect(changes.structure.itemMoves.map(\.id) == ["a"])
        #expect(changes.sectionUpdates == [ContentUpdate(id: "S", oldOffset: 0, newOffset: 0)])
        #expect(
            changes.itemUpdates == [
                .init(
                    id: "a", oldPosition: ItemPosition(section: 0, item: 0),
                    newPosition: ItemPosition(section: 1, item: 0))
            ])
    }

    /// The verifier's own count of minimal moves (patience sorting, apart
    /// from the engine) agrees with the quadratic definition of a longest
    /// strictly increasing run on random, sorted, reversed and repeating
    /// values; a reversed list of sections needs all but one moved.
    @Test func independentMinimumMovesMatchTheQuadraticDefinition() throws {
        func quadratic(_ values: [Int]) -> Int {
            var lengths = [Int](repeating: 1, count: values.count)
            for index in values.indices {
                for earlier in 0..<index where values[earlier] < values[index] {
                    lengths[index] = max(lengths[index], lengths[earlier] + 1)
                }
            }
            return lengths.max() ?? 0
        }
        var generator = SystemRandomNumberGenerator()
        var cases: [[Int]] = [[], [7], Array(0..<50), Array((0..<50).reversed()), [3, 3, 3], [1, 2, 2, 3, 1, 4]]
        for _ in 0..<200 {
            let count = Int.random(in: 0...60, using: &generator)
            cases.append((0..<count).map { _ in Int.random(in: 0..<20, using: &generator) })
        }
        for values in cases {
            #expect(SectionedDiff<String, String>.longestIncreasingLength(values) == quadratic(values), "\(values)")
        }
        let old = Snapshot((0..<300).map { .init(id: "s\($0)", items: ["i\($0)"]) })
        let new = Snapshot(old.sections.reversed())
        let minimum = SectionedDiff<String, String>.minimumMoves(from: old, to: new)
        #expect(minimum.sections == 299 && minimum.items == 0)
        #expect(try verifiedDiff(from: old, to: new).sections.moves.count == 299)
    }

    /// Random sectioned pairs of a few hundred items verify, and a one-section
    /// pair has the same moves as the flat engine.
    @Test func randomPairsVerify() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<40 {
            let pool = (0..<300).map { "i\($0)" }.shuffled(using: &generator)
            func random() -> Snapshot {
                let ids = (0..<6).map { "s\($0)" }.shuffled(using: &generator).prefix(
                    Int.random(in: 0...6, using: &generator))
                var items = pool.prefix(Int.random(in: 0...300, using: &generator)).shuffled(using: &generator)[...]
                var sections: [Snapshot.Section] = []
                for id in ids {
                    let take = Int.random(in: 0...items.count, using: &generator)
                    sections.append(.init(id: id, items: Array(items.prefix(take))))
                    items = items.dropFirst(take)
                }
                return Snapshot(sections)
            }
            let old = random()
            let new = random()
            _ = try verifiedDiff(from: old, to: new)
        }
        let flatOld = ["a", "b", "c", "d", "e"]
        let flatNew = ["e", "c", "a", "f", "b"]
        let sectioned = try diff(from: Self.snapshot(("S", flatOld)), to: Self.snapshot(("S", flatNew)))
        let flat = try diff(from: flatOld, to: flatNew)
        #expect(sectioned.itemMoves.map(\.id) == flat.moves.map(\.id))
        #expect(sectioned.itemMoves.map(\.to.item) == flat.moves.map(\.to))
    }

}
