import BatchUpdate
import Testing
import UpdateCheckDiff
import UpdateCheckUIKit

/// Sectioned UIKit batch updates: the model's section rules with UIKit's
/// messages, the adapter proven on every small sectioned pair, and broken
/// adapters caught on their smallest case.
@Suite struct SectionedUIKitTests {
    typealias Snapshot = SectionedSnapshot<String, String>
    typealias Model = UIKitSectionedModel<String, String>
    typealias Batch = UpdateBatch<SectionedSnapshot<String, String>, UIKitSectionedCall>

    static func snapshot(_ sections: (String, [String])...) -> Snapshot {
        Snapshot(sections.map { .init(id: $0.0, items: $0.1) })
    }

    /// Deleting, inserting and moving sections with item moves between kept
    /// sections in one batch; moved items and carried items keep their cells.
    @Test func oneBatchWithSectionsAndItems() throws {
        let old = Self.snapshot(("S", ["a", "b"]), ("T", ["c"]), ("U", ["d"]))
        let new = Self.snapshot(("U", ["d"]), ("S", ["b"]), ("T", ["a", "c"]), ("V", ["x"]))
        var model = Model(showing: old)
        let plan = try SectionedUpdatePlan(old: old, new: new)
        let batches = UIKitSectionedAdapter<String, String>().batches(for: plan)
        #expect(batches.count == 1)
        for batch in batches { try model.perform(batch) }
        #expect(model.displayed.map(\.id) == ["U", "S", "T", "V"])
        #expect(model.displayed.map { $0.rows.map(\.id) } == [["d"], ["b"], ["a", "c"], ["x"]])
        #expect(model.displayed.map { $0.rows.map(\.cell) } == [[3], [1], [0, 2], [4]])
    }

    /// An item moved out of a deleted section is UIKit's error.
    @Test func moveOutOfDeletedSection() {
        var model = Model(showing: Self.snapshot(("S", ["a"]), ("T", [])))
        let batch = Batch(
            dataSource: Self.snapshot(("T", ["a"])),
            calls: [
                .deleteSections([0]),
                .item(.moveItem(at: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 0))),
            ])
        #expect(
            throws: UIKitBatchError.sections(
                .moveOutOfDeletedSection(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 0)))
        ) { try model.perform(batch) }
        let message = UIKitBatchError.sections(
            .moveOutOfDeletedSection(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 0))
        ).description
        #expect(message.hasSuffix("cannot move an item from a deleted section (0)"))
    }

    /// A reload is a delete plus an insert that ignores moves, per section:
    /// in the section of a move it can land on the move's destination, as
    /// on a flat list; in another section it lands in the item's place with
    /// a new cell.
    @Test func reloadBesideAMove() throws {
        let old = Self.snapshot(("S", ["a", "b"]), ("T", ["c"]))
        let new = Self.snapshot(("S", ["b", "a"]), ("T", ["c"]))
        let move = UIKitSectionedCall.item(
            .moveItem(at: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 1)))
        var model = Model(showing: old)
        #expect(
            throws: UIKitBatchError.reloadInsertHitsMove(
                reloaded: ItemPath(section: 0, item: 1), at: ItemPath(section: 0, item: 1))
        ) {
            try model.perform(
                Batch(dataSource: new, calls: [move, .item(.reloadItems([ItemPath(section: 0, item: 1)]))]))
        }
        model = Model(showing: old)
        try model.perform(Batch(dataSource: new, calls: [move, .item(.reloadItems([ItemPath(section: 1, item: 0)]))]))
        #expect(model.displayed.map { $0.rows.map(\.id) } == [["b", "a"], ["c"]])
        #expect(model.displayed.map { $0.rows.map(\.cell) } == [[1, 0], [3]])
    }

    /// An insert into a section moved in the same batch is refused.
    @Test func insertIntoMovedSection() {
        var model = Model(showing: Self.snapshot(("S", []), ("T", [])))
        let batch = Batch(
            dataSource: Self.snapshot(("T", ["a"]), ("S", [])),
            calls: [.moveSection(1, to: 0), .item(.insertItems([ItemPath(section: 0, item: 0)]))])
        #expect(
            throws: UIKitBatchError.sections(
                .itemChangeInMovedSection(action: "insert", path: ItemPath(section: 0, item: 0), section: 0))
        ) { try model.perform(batch) }
    }

    /// An item call naming a section the view lacks is reported as an item
    /// call, with the sections before or after the update, as on one section.
    @Test func itemInASectionThatDoesNotExist() {
        var model = Model(showing: Self.snapshot(("S", ["a"]), ("T", ["b"])))
        let path = ItemPath(section: 2, item: 0)
        let deleting = Batch(
            dataSource: Self.snapshot(("S", ["a"]), ("T", ["b"])), calls: [.item(.deleteItems([path]))])
        let error = UIKitBatchError.sectionOutOfRange(path, action: "delete", sectionCount: 2, afterUpdate: false)
        #expect(throws: error) { try model.perform(deleting) }
        #expect(
            error.description
                == "attempt to delete item 0 from section 2, but there are only 2 sections before the update")
        let inserting = Batch(
            dataSource: Self.snapshot(("S", ["a", "x"])), calls: [.deleteSections([1]), .item(.insertItems([path]))])
        #expect(
            throws: UIKitBatchError.sectionOutOfRange(path, action: "insert", sectionCount: 1, afterUpdate: true)
        ) { try model.perform(inserting) }
    }

    /// A move within one section is no move into or out of it: the count
    /// message counts only the moves between sections.
    @Test func movesWithinASectionAreNotCounted() {
        var model = Model(showing: Self.snapshot(("S", ["a", "b"]), ("T", ["c"])))
        let batch = Batch(
            dataSource: Self.snapshot(("S", ["b", "a", "x"]), ("T", ["c"])),
            calls: [.item(.moveItem(at: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 1)))])
        #expect(
            throws: UIKitBatchError.invalidItemCount(
                section: 0, before: 2, after: 3, inserted: 0, deleted: 0, movedIn: 0, movedOut: 0)
        ) { try model.perform(batch) }
    }

    /// A per-section count mismatch gives UIKit's message with moves in and out.
    @Test func perSectionCount() {
        var model = Model(showing: Self.snapshot(("S", ["a", "b"]), ("T", ["c"])))
        let batch = Batch(
            dataSource: Self.snapshot(("S", ["b", "x"]), ("T", ["a", "c"])),
            calls: [.item(.moveItem(at: ItemPath(section: 0, item: 0), to: ItemPath(section: 1, item: 0)))])
        let error = UIKitBatchError.invalidItemCount(
            section: 0, before: 2, after: 2, inserted: 0, deleted: 0, movedIn: 0, movedOut: 1)
        #expect(throws: error) { try model.perform(batch) }
        let expected: String =
            "Invalid update: invalid number of items in section 0. The number of items contained in an existing "
            + "section after the update (2) must be equal to the number of items contained in that section before "
            + "the update (2), plus or minus the number of items inserted or deleted from that section "
            + "(0 inserted, 0 deleted) and plus or minus the number of items moved into or out of that section "
            + "(0 moved in, 1 moved out)."
        #expect(error.description == expected)
    }

    /// The adapter passes every pair of up to two sections and three items
    /// (two items with reloads), with no change, every kept item changed,
    /// and every kept section changed.
    @Test func adapterPassesExhaustively() {
        let report = ConformanceKit.check(
            UIKitSectionedAdapter<ExhaustiveSectionID, ExhaustiveID>(),
            options: ConformanceOptions(sections: 2, sectionedIDs: 3)
        )
        #expect(report.casesChecked > 17_161)
        #expect(report.passed, "\(report.failures.prefix(3))")
        let reload = ConformanceKit.check(
            UIKitSectionedAdapter<ExhaustiveSectionID, ExhaustiveID>(refresh: .reload),
            options: ConformanceOptions(sections: 2, sectionedIDs: 2))
        #expect(reload.casesChecked > 33 * 33)
        #expect(reload.passed, "\(reload.failures.prefix(3))")
    }

    /// Everything in one batch: the kit finds an item moved out of a deleted
    /// section, into an inserted one, and an insert into a moved section
    /// (the Bento crash), each on its smallest case with UIKit's message.
    @Test func oneBatchAdapterIsCaught() throws {
        let report = ConformanceKit.check(OneBatchAdapter(), options: ConformanceOptions(sections: 2, sectionedIDs: 2))
        let kinds = Dictionary(uniqueKeysWithValues: report.failures.map { ($0.kind, $0) })
        let outOfDeleted = try #require(kinds["sections.moveOutOfDeletedSection"])
        #expect(outOfDeleted.problem.description.contains("cannot move an item from a deleted section"))
        #expect(outOfDeleted.pair == "[S: a] -> [T: a] (changed: none)")
        let intoInserted = try #require(kinds["sections.moveIntoInsertedSection"])
        #expect(intoInserted.problem.description.contains("cannot move an item into a newly inserted section"))
        let bento = try #require(kinds["sections.itemChangeInMovedSection(insert)"])
        #expect(bento.problem.description.contains("attempt to insert index path"))
        #expect(bento.problem.description.contains("which is moved in the same batch"))
        #expect(bento.pair.prefix { $0 != "(" }.filter(\.isLetter).count <= 5)
    }

    /// Section reloads in the structural batch: the kit finds a section
    /// reload plus an item move into it.
    @Test func reloadWithStructureIsCaught() throws {
        let report = ConformanceKit.check(
            ReloadWithStructureAdapter(), options: ConformanceOptions(sections: 2, sectionedIDs: 2))
        let failure = try #require(report.failures.first { $0.kind == "sections.itemChangeInReloadedSection(move)" })
        #expect(failure.problem.description.contains("attempt to move index path"))
        #expect(failure.problem.description.contains("which is being reloaded in the same batch"))
        #expect(!failure.pair.hasSuffix("(changed: none)"))
    }

    /// Forgetting insertions into kept sections: the kit finds the
    /// per-section count mismatch on `[S] -> [S: a]`.
    @Test func forgottenInsertionsAreCaught() throws {
        let report = ConformanceKit.check(
            ForgetsInsertionsAdapter(), options: ConformanceOptions(sections: 2, sectionedIDs: 2))
        let failure = try #require(report.failures.first { $0.kind == "invalidItemCount" })
        #expect(failure.pair == "[S:] -> [S: a] (changed: none)")
        #expect(failure.problem.description.contains("invalid number of items in section 0"))
        #expect(failure.problem.description.contains("(0 inserted, 0 deleted)"))
    }
}

/// Broken: the whole structure in one batch whatever it holds.
struct OneBatchAdapter: UpdateAdapter {
    typealias Model = UIKitSectionedModel<ExhaustiveSectionID, ExhaustiveID>
    var policy: AdapterPolicy { UIKitSectionedAdapter<ExhaustiveSectionID, ExhaustiveID>().policy }
    var name: String { "one-batch" }

    func batches(
        for plan: SectionedUpdatePlan<ExhaustiveSectionID, ExhaustiveID>
    ) -> [UpdateBatch<SectionedSnapshot<ExhaustiveSectionID, ExhaustiveID>, UIKitSectionedCall>] {
        var calls: [UIKitSectionedCall] = []
        let diff = plan.diff
        if !diff.sections.deletions.isEmpty { calls.append(.deleteSections(diff.sections.deletions.map(\.offset))) }
        if !diff.sections.insertions.isEmpty { calls.append(.insertSections(diff.sections.insertions.map(\.offset))) }
        for move in diff.sections.moves { calls.append(.moveSection(move.from, to: move.to)) }
        let deleted = Set(diff.sections.deletions.map(\.offset))
        let inserted = Set(diff.sections.insertions.map(\.offset))
        let deletions = diff.itemDeletions.filter { !deleted.contains($0.position.section) }
        if !deletions.isEmpty {
            calls.append(
                .item(.deleteItems(deletions.map { .init(section: $0.position.section, item: $0.position.item) })))
        }
        let insertions = diff.itemInsertions.filter { !inserted.contains($0.position.section) }
        if !insertions.isEmpty {
            calls.append(
                .item(.insertItems(insertions.map { .init(section: $0.position.section, item: $0.position.item) })))
        }
        for move in diff.itemMoves {
            calls.append(
                .item(
                    .moveItem(
                        at: .init(section: move.from.section, item: move.from.item),
                        to: .init(section: move.to.section, item: move.to.item))))
        }
        var result = calls.isEmpty ? [] : [UpdateBatch(dataSource: plan.new, calls: calls)]
        let correct = UIKitSectionedAdapter<ExhaustiveSectionID, ExhaustiveID>().batches(for: plan)
        if !plan.changedItems.isEmpty || !plan.changedSections.isEmpty, let refresh = correct.last {
            result.append(refresh)
        }
        return result
    }
}

/// Broken: reloads changed sections (at old offsets) in the structural batch
/// instead of after it.
struct ReloadWithStructureAdapter: UpdateAdapter {
    typealias Model = UIKitSectionedModel<ExhaustiveSectionID, ExhaustiveID>
    var policy: AdapterPolicy { UIKitSectionedAdapter<ExhaustiveSectionID, ExhaustiveID>().policy }
    var name: String { "reload-with-structure" }

    func batches(
        for plan: SectionedUpdatePlan<ExhaustiveSectionID, ExhaustiveID>
    ) -> [UpdateBatch<SectionedSnapshot<ExhaustiveSectionID, ExhaustiveID>, UIKitSectionedCall>] {
        let correct = UIKitSectionedAdapter<ExhaustiveSectionID, ExhaustiveID>()
        let withoutContent = try! SectionedUpdatePlan(old: plan.old, new: plan.new)
        var result = correct.batches(for: withoutContent)
        guard !plan.changedSections.isEmpty, !result.isEmpty,
            UIKitSectionedAdapter<ExhaustiveSectionID, ExhaustiveID>.isSafeInOneBatch(plan.diff)
        else { return correct.batches(for: plan) }
        let reloaded = plan.old.sections.indices.filter { plan.changedSections.contains(plan.old.sections[$0].id) }
        result[0].calls.append(.reloadSections(reloaded))
        return result
    }
}

/// Broken: forgets the item insertions into sections that already exist.
struct ForgetsInsertionsAdapter: UpdateAdapter {
    typealias Model = UIKitSectionedModel<ExhaustiveSectionID, ExhaustiveID>
    var policy: AdapterPolicy { UIKitSectionedAdapter<ExhaustiveSectionID, ExhaustiveID>().policy }
    var name: String { "forgets-insertions" }

    func batches(
        for plan: SectionedUpdatePlan<ExhaustiveSectionID, ExhaustiveID>
    ) -> [UpdateBatch<SectionedSnapshot<ExhaustiveSectionID, ExhaustiveID>, UIKitSectionedCall>] {
        UIKitSectionedAdapter<ExhaustiveSectionID, ExhaustiveID>().batches(for: plan).map { batch in
            var copy = batch
            copy.calls.removeAll { if case .item(.insertItems) = $0 { true } else { false } }
            return copy
        }
    }
}
