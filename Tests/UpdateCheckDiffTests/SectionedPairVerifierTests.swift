import Testing

@testable import UpdateCheckDiff

/// The fast sectioned verifier against the general `verify(from:to:)`: the
/// same diff and the same verdict on every pair of small runs, the same
/// failure (check and text) for diffs corrupted in every way, the same
/// duplicate errors, and the exhaustive run built on it.
@Suite struct SectionedPairVerifierTests {
    typealias Snapshot = SectionedSnapshot<ExhaustiveSectionID, ExhaustiveID>
    typealias Diff = SectionedDiff<ExhaustiveSectionID, ExhaustiveID>

    /// What `body` threw, or `nil`.
    static func outcome(_ body: () throws(ListDiffError) -> Void) -> ListDiffError? {
        do throws(ListDiffError) {
            try body()
            return nil
        } catch {
            return error
        }
    }

    /// Wrong versions of `diff` for (`old`, `new`), each with the kind of
    /// corruption: wrong deletions, insertions and moves (position, ID,
    /// dropped), moves that are not minimal, wrong item counts, wrong
    /// section changes, a kept item deleted and inserted again.
    static func corruptions(of diff: Diff, from old: Snapshot, to new: Snapshot) -> [(kind: String, diff: Diff)] {
        var result: [(String, Diff)] = []
        func add(_ kind: String, _ change: (inout Diff) -> Void) {
            var changed = diff
            change(&changed)
            if changed != diff { result.append((kind, changed)) }
        }
        let otherItem = ExhaustiveID(7)
        for index in diff.itemDeletions.indices {
            add("deletion position") { $0.itemDeletions[index].position.item += 1 }
            add("deletion section") { $0.itemDeletions[index].position.section += 1 }
            add("deletion ID") { $0.itemDeletions[index].id = otherItem }
            add("deletion dropped") { $0.itemDeletions.remove(at: index) }
        }
        for index in diff.itemInsertions.indices {
            add("insertion position") { $0.itemInsertions[index].position.item -= 1 }
            add("insertion ID") { $0.itemInsertions[index].id = otherItem }
            add("insertion dropped") { $0.itemInsertions.remove(at: index) }
        }
        for index in diff.itemMoves.indices {
            add("move destination") { $0.itemMoves[index].to.item += 1 }
            add("move source") { $0.itemMoves[index].from.item -= 1 }
            add("move ID") { $0.itemMoves[index].id = otherItem }
            add("move dropped") { $0.itemMoves.remove(at: index) }
            let move = diff.itemMoves[index]
            add("move as deletion and insertion") {
                $0.itemMoves.remove(at: index)
                $0.itemDeletions.append(.init(position: move.from, id: move.id))
                $0.itemInsertions.append(.init(position: move.to, id: move.id))
            }
        }
        // Items that stay put: a needless move, or a deletion and insertion.
        var oldPlaces: [ExhaustiveID: ItemPosition] = [:]
        for (section, contents) in old.sections.enumerated() {
            for (item, id) in contents.items.enumerated() { oldPlaces[id] = ItemPosition(section: section, item: item) }
        }
        for (section, contents) in new.sections.enumerated() {
            for (item, id) in contents.items.enumerated() {
                guard let from = oldPlaces[id], !diff.itemMoves.contains(where: { $0.id == id }) else { continue }
                let to = ItemPosition(section: section, item: item)
                add("needless move") { $0.itemMoves.append(.init(id: id, from: from, to: to)) }
                add("kept item deleted and inserted") {
                    $0.itemDeletions.append(.init(position: from, id: id))
                    $0.itemInsertions.append(.init(position: to, id: id))
                }
            }
        }
        for index in diff.oldItemCounts.indices {
            add("old item count") { $0.oldItemCounts[index] += 1 }
        }
        for index in diff.newItemCounts.indices {
            add("new item count") { $0.newItemCounts[index] += 1 }
        }
        add("new item count added") { $0.newItemCounts.append(0) }
        add("old item count dropped") { _ = $0.oldItemCounts.popLast() }
        add("section deletion dropped") { _ = $0.sections.deletions.popLast() }
        add("section insertion dropped") { _ = $0.sections.insertions.popLast() }
        add("section move dropped") { _ = $0.sections.moves.popLast() }
        for section in new.sections.indices where old.sections.contains(where: { $0.id == new.sections[section].id }) {
            let id = new.sections[section].id
            let from = old.sections.firstIndex { $0.id == id }!
            guard !diff.sections.moves.contains(where: { $0.id == id }) else { continue }
            add("needless section move") { $0.sections.moves.append(.init(id: id, from: from, to: section)) }
        }
        return result
    }

    /// The fast verifier accepts every pair of 2 sections × 3 items and of
    /// 3 × 2, with the engine's diff, as the general verification does; and
    /// every corrupted diff of each pair gets the very failure (check,
    /// expected and actual text) the general verification reports, with the
    /// flat engine cross-checked or not: step 4 without it catches every
    /// corruption the flat engine would. Every kind of corruption and every
    /// check is met.
    @Test(arguments: [(2, 3, true), (3, 2, true), (2, 3, false)])
    func agreesWithTheGeneralVerification(sections: Int, ids: Int, crossChecksFlatEngine: Bool) {
        let snapshots = ExhaustiveCheck(sectionCount: sections, idCount: ids).snapshots
        var verifier = SectionedPairVerifier<ExhaustiveSectionID, ExhaustiveID>(
            crossChecksFlatEngine: crossChecksFlatEngine)
        var kinds: Set<String> = []
        var checks: Set<VerificationCheck> = []
        var mismatches = 0
        var corrupted = 0
        for old in snapshots {
            for new in snapshots {
                let engine = try! Diff(from: old, to: new)
                #expect(Self.outcome { () throws(ListDiffError) in try verifier.verify(from: old, to: new) } == nil)
                #expect(verifier.diff == engine)
                #expect(Self.outcome { () throws(ListDiffError) in try engine.verify(from: old, to: new) } == nil)
                for (kind, wrong) in Self.corruptions(of: engine, from: old, to: new) {
                    let fast = Self.outcome { () throws(ListDiffError) in try verifier.check(wrong, from: old, to: new)
                    }
                    let general = Self.outcome { () throws(ListDiffError) in try wrong.verify(from: old, to: new) }
                    corrupted += 1
                    if fast != general {
                        mismatches += 1
                        if mismatches <= 5 {
                            Issue.record(
                                "\(kind) of \(old) -> \(new): fast \(String(describing: fast)), general \(String(describing: general))"
                            )
                        }
                    }
                    guard case .verificationFailed(let failure) = general else { continue }
                    kinds.insert(kind)
                    checks.insert(failure.check)
                }
            }
        }
        #expect(mismatches == 0)
        #expect(corrupted > 1_000)
        #expect(checks == [.reachesNew, .minimalMoves, .agreesWithFlatEngine])
        #expect(
            kinds.isSuperset(of: [
                "deletion position", "deletion ID", "deletion dropped", "insertion position", "insertion dropped",
                "move destination", "move source", "move dropped", "move as deletion and insertion", "needless move",
                "kept item deleted and inserted", "old item count", "new item count", "section deletion dropped",
                "section insertion dropped", "needless section move",
            ]), "\(kinds)")
    }

    /// The exhaustive run's own path, every snapshot laid out once (layout,
    /// flat form, duplicate check) and reused for all of its pairs: each
    /// snapshot's packed flat form is its `flattened`; every pair of
    /// 2 sections × 3 items gets the engine's diff and passes; and every
    /// corrupted diff of every pair of 2 × 2 fails the very check the
    /// general verification fails, with the flat engine cross-checked or
    /// not (as the exhaustive run has it).
    @Test func packedLayoutsAgreeWithTheGeneralVerification() {
        typealias Entry = SectionedEntry<ExhaustiveSectionID, ExhaustiveID>
        for (sections, ids, corrupting, crossChecksFlatEngine) in [
            (2, 3, false, false), (2, 2, true, true), (2, 2, true, false),
        ] {
            let snapshots = ExhaustiveCheck(sectionCount: sections, idCount: ids).snapshots
            let packed = PackedLayouts(snapshots)
            var verifier = SectionedPairVerifier<ExhaustiveSectionID, ExhaustiveID>(
                crossChecksFlatEngine: crossChecksFlatEngine)
            var flat = SnapshotDiff<Entry>(oldCount: 0, newCount: 0, deletions: [], insertions: [], moves: [])
            var form = flat
            var corrupted = 0
            var mismatches = 0
            packed.withLayouts { layouts in
                for (index, snapshot) in snapshots.enumerated() {
                    #expect(layouts.unique[index])
                    #expect(Array(layouts.flat(index).entries) == snapshot.flattened)
                    #expect(Array(layouts.layout(index).items) == snapshot.sections.flatMap(\.items))
                }
                for old in snapshots.indices {
                    for new in snapshots.indices {
                        let (oldLayout, newLayout) = (layouts.layout(old), layouts.layout(new))
                        let (oldFlat, newFlat) = (layouts.flat(old), layouts.flat(new))
                        let (passed, formed) = SectionedDiffScratch<ExhaustiveSectionID, ExhaustiveID>.with(
                            capacity: Diff.smallSnapshotLimit
                        ) { scratch in
                            let passed = Self.outcome { () throws(ListDiffError) in
                                try verifier.verify(
                                    from: snapshots[old], to: snapshots[new], oldLayout: oldLayout,
                                    newLayout: newLayout, oldFlat: oldFlat, newFlat: newFlat, knownUnique: true,
                                    into: &scratch)
                            }
                            return (passed, scratch.diff)
                        }
                        #expect(passed == nil)
                        let engine = try! Diff(from: snapshots[old], to: snapshots[new])
                        #expect(formed == engine)
                        guard corrupting else { continue }
                        for (kind, wrong) in Self.corruptions(of: engine, from: snapshots[old], to: snapshots[new]) {
                            let fast = SectionedPairVerifier.firstFailure(
                                wrong, oldLayout, newLayout,
                                flatForms: crossChecksFlatEngine ? (oldFlat, newFlat) : nil, flat: &flat,
                                form: &form)
                            let general = Self.outcome { () throws(ListDiffError) in
                                try wrong.verify(from: snapshots[old], to: snapshots[new])
                            }
                            var expected: VerificationCheck?
                            if case .verificationFailed(let failure) = general { expected = failure.check }
                            corrupted += 1
                            if fast != expected {
                                mismatches += 1
                                if mismatches <= 5 {
                                    Issue.record(
                                        "\(kind) of \(snapshots[old]) -> \(snapshots[new]): packed \(String(describing: fast)), general \(String(describing: general))"
                                    )
                                }
                            }
                        }
                    }
                }
            }
            #expect(mismatches == 0)
            #expect(!corrupting || corrupted > 1_000, "\(corrupted)")
        }
    }

    /// The failures of a corrupted diff read as the general verification
    /// writes them: a dropped cross-section move does not reach new, a
    /// needless move is not minimal, an item deleted and inserted again
    /// disagrees with the flat engine.
    @Test func failureTexts() throws {
        let old: Snapshot = [.init(id: .init(0), items: [.init(0), .init(1)]), .init(id: .init(1), items: [.init(2)])]
        let new: Snapshot = [.init(id: .init(0), items: [.init(1)]), .init(id: .init(1), items: [.init(0), .init(2)])]
        var verifier = SectionedPairVerifier<ExhaustiveSectionID, ExhaustiveID>()
        try verifier.verify(from: old, to: new)
        let right = verifier.diff
        #expect(right.itemMoves.map(\.id) == [.init(0)])

        var dropped = right
        dropped.itemMoves = []
        let droppedError = Self.outcome { () throws(ListDiffError) in try verifier.check(dropped, from: old, to: new) }
        #expect(droppedError == Self.outcome { () throws(ListDiffError) in try dropped.verify(from: old, to: new) })
        guard case .verificationFailed(let notReached) = droppedError else {
            Issue.record("wrong error")
            return
        }
        #expect(notReached.check == .reachesNew && notReached.expected == "[S: b | T: a c]")
        #expect(notReached.old == ["S: a b", "T: c"] && notReached.new == ["S: b", "T: a c"])
        #expect(notReached.actual.hasPrefix("an error: "))

        var needless = right
        needless.itemMoves.append(
            .init(id: .init(2), from: ItemPosition(section: 1, item: 0), to: ItemPosition(section: 1, item: 1)))
        #expect(
            throws: ListDiffError.verificationFailed(
                VerificationFailure(
                    old: ["S: a b", "T: c"], new: ["S: b", "T: a c"], check: .minimalMoves, expected: "1 item moves",
                    actual: "2"))
        ) { try verifier.check(needless, from: old, to: new) }

        var reinserted = right
        reinserted.itemDeletions.append(.init(position: ItemPosition(section: 1, item: 0), id: .init(2)))
        reinserted.itemInsertions.append(.init(position: ItemPosition(section: 1, item: 1), id: .init(2)))
        let error = #expect(throws: ListDiffError.self) { try verifier.check(reinserted, from: old, to: new) }
        guard case .verificationFailed(let failure) = error else {
            Issue.record("wrong error")
            return
        }
        #expect(failure.check == .agreesWithFlatEngine)
        #expect(failure.expected == "deletions []" && failure.actual == "[\"c@4\"]")
    }

    /// Duplicate section and item IDs on either side are the errors of the
    /// sectioned `diff(from:to:)`, the diff is left empty, and the verifier
    /// goes on verifying the next pair.
    @Test func duplicatesAreRejectedAsByTheEngine() throws {
        typealias Strings = SectionedSnapshot<String, String>
        let fine: Strings = [.init(id: "S", items: ["a"]), .init(id: "T", items: ["b"])]
        let cases: [(Strings, Strings)] = [
            ([.init(id: "S", items: ["a"]), .init(id: "T", items: []), .init(id: "S", items: [])], fine),
            (fine, [.init(id: "S", items: ["a"]), .init(id: "T", items: ["b", "a"])]),
            ([.init(id: "S", items: ["a", "a"])], [.init(id: "S", items: ["a"]), .init(id: "S", items: [])]),
            (fine, [.init(id: "T", items: ["c"]), .init(id: "T", items: ["c"])]),
            // Past the small limit: the hashed path.
            ([.init(id: "S", items: (0..<20).map { "i\($0)" } + ["i3"])], fine),
        ]
        var verifier = SectionedPairVerifier<String, String>()
        for (old, new) in cases {
            var engineError: ListDiffError?
            do { _ = try diff(from: old, to: new) } catch { engineError = error }
            #expect(engineError != nil)
            #expect(Self.outcome { () throws(ListDiffError) in try verifier.verify(from: old, to: new) } == engineError)
            #expect(verifier.diff.isEmpty && verifier.diff.oldItemCounts.isEmpty)
            try verifier.verify(from: fine, to: fine)
            #expect(verifier.diff.isEmpty && verifier.diff.newItemCounts == [1, 1])
        }
        let exact = Self.outcome { () throws(ListDiffError) in
            try verifier.verify(from: fine, to: [.init(id: "S", items: ["a"]), .init(id: "T", items: ["b", "a"])])
        }
        #expect(
            exact
                == .duplicateItemIDs(
                    in: .new,
                    duplicates: [
                        DuplicateItemID(
                            id: "a", positions: [ItemPosition(section: 0, item: 0), ItemPosition(section: 1, item: 1)])
                    ]))
    }

    /// Pairs past the small limit are diffed by hashing and verified by the
    /// general verification: the same diff as a fresh one, a wrong one refused.
    @Test func largePairsTakeTheGeneralPath() throws {
        typealias Strings = SectionedSnapshot<String, String>
        let old = Strings(
            (0..<4).map { section in .init(id: "s\(section)", items: (0..<6).map { "i\(section)-\($0)" }) })
        var sections = old.sections
        sections.swapAt(0, 3)
        sections[1].items.reverse()
        sections[2].items.append(sections[0].items.removeLast())
        let new = Strings(sections)
        var verifier = SectionedPairVerifier<String, String>()
        try verifier.verify(from: old, to: new)
        #expect(verifier.diff == (try diff(from: old, to: new)))
        #expect(!verifier.diff.itemMoves.isEmpty)
        var wrong = verifier.diff
        wrong.itemMoves.removeLast()
        let fast = Self.outcome { () throws(ListDiffError) in try verifier.check(wrong, from: old, to: new) }
        #expect(fast != nil)
        #expect(fast == Self.outcome { () throws(ListDiffError) in try wrong.verify(from: old, to: new) })
        // Small again after a large pair: the reused storage is emptied first.
        let small: Strings = [.init(id: "S", items: ["a", "b"])]
        try verifier.verify(from: small, to: [.init(id: "S", items: ["b", "a"])])
        #expect(verifier.diff == (try diff(from: small, to: [.init(id: "S", items: ["b", "a"])])))
    }

    /// The exhaustive run verifies with the fast verifier and checks an
    /// evenly spread subset again with the general one: one pair in 1,024 by
    /// default (17 of 17,161), every pair with a stride of 1; an engine with
    /// needless moves is caught on every pair it adds one to.
    @Test func exhaustiveRunCrossChecksAndCatchesNeedlessMoves() {
        let whole = ExhaustiveCheck(sectionCount: 2, idCount: 3).run()
        #expect(whole.passed)
        #expect(whole.rows.reduce(0) { $0 + $1.crossCheckedCount } == 17)
        let every = ExhaustiveCheck(sectionCount: 2, idCount: 2, crossCheckStride: 1).run()
        #expect(every.passed)
        #expect(every.rows.reduce(0) { $0 + $1.crossCheckedCount } == every.pairCount)
        let broken = ExhaustiveCheck(sectionCount: 2, idCount: 2).runSectioned { old, new throws(ListDiffError) in
            var result = try diff(from: old, to: new)
            // Moves the last item of the last new section onto itself when it stays put.
            guard let section = new.sections.indices.last, let item = new.sections[section].items.indices.last
            else { return result }
            let id = new.sections[section].items[item]
            guard !result.itemMoves.contains(where: { $0.id == id }),
                let from = old.sections.indices.lazy.compactMap({ oldSection in
                    old.sections[oldSection].items.firstIndex(of: id).map {
                        ItemPosition(section: oldSection, item: $0)
                    }
                }).first
            else { return result }
            result.itemMoves.append(.init(id: id, from: from, to: ItemPosition(section: section, item: item)))
            return result
        }
        #expect(!broken.failures.isEmpty)
        #expect(broken.failures.allSatisfy { $0.check == .minimalMoves }, "\(broken.failures.prefix(3))")
    }
}
