import BatchUpdate
import Testing
import UpdateCheckDiff
import UpdateCheckDiffable

/// Sectioned diffable data sources: the snapshot's rules with UIKit's
/// messages, cells kept by identifier across sections, and the adapter
/// proven on every small sectioned pair.
@Suite struct SectionedDiffableTests {
    typealias Snapshot = SectionedSnapshot<String, String>
    typealias Model = DiffableSectionedModel<String, String>
    typealias Call = DiffableSectionedCall<String, String>
    typealias Batch = UpdateBatch<SectionedSnapshot<String, String>, Call>

    static func snapshot(_ sections: (String, [String])...) -> Snapshot {
        Snapshot(sections.map { .init(id: $0.0, items: $0.1) })
    }

    /// Replays `calls` on a data source showing `old` and returns the error, if any.
    static func failure(_ old: Snapshot, _ calls: [Call]) -> DiffableDataSourceError? {
        var model = Model(showing: old)
        do {
            try model.perform(Batch(dataSource: old, calls: calls))
            return nil
        } catch {
            return error
        }
    }

    /// Editing the current snapshot: a section moved, an item moved across
    /// sections, a section inserted and one deleted; every item that stays
    /// keeps its cell, wherever it went.
    @Test func editsKeepCellsByIdentifier() throws {
        let old = Self.snapshot(("S", ["a", "b"]), ("T", ["c"]), ("U", ["d"]))
        var model = Model(showing: old)
        try model.perform(
            Batch(
                dataSource: old,
                calls: [
                    .deleteSections(["U"]), .moveSection("T", .before("S")), .moveItem("a", .after("c")),
                    .insertSections(["V"], .after("S")), .appendItems(["x"], toSection: "V"),
                    .reconfigureItems(["b"]),
                ]))
        #expect(model.snapshot == Self.snapshot(("T", ["c", "a"]), ("S", ["b"]), ("V", ["x"])))
        #expect(model.displayed.map { $0.rows.map(\.cell) } == [[2, 0], [1], [4]])
        #expect(model.displayed.map { $0.rows.map(\.isRefreshed) } == [[false, false], [true], [true]])
        #expect(model.displayed.map(\.isRefreshed) == [false, false, true])
    }

    /// `reloadSections` creates the section anew with new cells; appending an
    /// item the snapshot holds moves it.
    @Test func reloadSectionAndAppendExistingItem() throws {
        let old = Self.snapshot(("S", ["a"]), ("T", ["b"]))
        var model = Model(showing: old)
        try model.perform(Batch(dataSource: old, calls: [.appendItems(["a"], toSection: "T"), .reloadSections(["S"])]))
        #expect(model.snapshot == Self.snapshot(("S", []), ("T", ["b", "a"])))
        #expect(model.displayed.map(\.isRefreshed) == [true, false])
        #expect(model.displayed[1].rows.map(\.cell) == [1, 0])
        try model.perform(Batch(dataSource: old, calls: [.reloadSections(["T"])]))
        #expect(model.displayed[1].rows.map(\.cell) == [2, 3])
    }

    /// What the real snapshot API rejects, with its message.
    @Test func rejectsWhatTheSnapshotRejects() {
        let old = Self.snapshot(("S", ["a"]), ("T", []))
        let empty = Self.snapshot()
        #expect(Self.failure(empty, [.appendItems(["a"], toSection: nil)]) == .noSections)
        #expect(
            DiffableDataSourceError.noSections.description
                == "There are currently no sections in the data source. Please add a section first.")
        #expect(
            Self.failure(old, [.appendItems(["b"], toSection: "X")])
                == .unknownSection("X", condition: "section != NSNotFound"))
        #expect(
            DiffableDataSourceError.unknownSection("X", condition: "section != NSNotFound").description
                == "Invalid parameter not satisfying: section != NSNotFound (section identifier X is not in the snapshot)"
        )
        #expect(Self.failure(old, [.appendSections(["U", "U"])]) == .duplicateSectionIdentifiers(["U"]))
        #expect(
            DiffableDataSourceError.duplicateSectionIdentifiers(["U"]).description
                == "Fatal: supplied section identifiers are not unique. Duplicate identifiers: {(U)}")
        #expect(Self.failure(old, [.appendItems(["b", "b"], toSection: "T")]) == .duplicateIdentifiers(["b"]))
        #expect(Self.failure(old, [.appendSections(["S"])]) == .sectionsAlreadyExist(["S"]))
        #expect(
            DiffableDataSourceError.sectionsAlreadyExist(["S"]).description.hasPrefix(
                "Diffable data source detected an attempt to insert or append 1 section identifier that already exists")
        )
        #expect(
            Self.failure(old, [.insertSections(["U"], .before("X"))])
                == .unknownSection("X", condition: "insertIndex != NSNotFound"))
        #expect(Self.failure(old, [.insertSections(["U"], .before("U"))]) == .anchorIsInserted("U", isSection: true))
        #expect(
            Self.failure(old, [.moveSection("X", .after("S"))])
                == .unknownSection("X", condition: "fromSection != NSNotFound"))
        #expect(
            Self.failure(old, [.moveSection("S", .after("X"))])
                == .unknownSection("X", condition: "toSection != NSNotFound"))
        #expect(Self.failure(old, [.moveSection("S", .after("S"))]) == .moveOntoItself("S", isSection: true))
        #expect(Self.failure(old, [.reloadSections(["X"])]) == .reloadUnknownSection("X"))
        #expect(
            DiffableDataSourceError.reloadUnknownSection("X").description
                == "Attempted to reload section identifier that does not exist in the snapshot: X")
        #expect(
            Self.failure(old, [.moveItem("z", .before("a"))]) == .unknownItem("z", condition: "fromIndex != NSNotFound")
        )
        #expect(
            Self.failure(old, [.moveItem("a", .before("z"))]) == .unknownItem("z", condition: "toIndex != NSNotFound"))
        #expect(
            Self.failure(old, [.insertItems(["b"], .after("z"))])
                == .unknownItem("z", condition: "section != NSNotFound"))
        #expect(Self.failure(old, [.reconfigureItems(["z"])]) == .reconfigureUnknownItem("z"))
        #expect(Self.failure(old, [.deleteAllItems, .reloadItems(["a"])]) == .reloadUnknownItem("a"))
        // Deleting what the snapshot does not hold is ignored.
        #expect(Self.failure(old, [.deleteSections(["X"]), .deleteItems(["z"])]) == nil)
    }

    /// A failed edit applies nothing.
    @Test func failedBatchAppliesNothing() {
        let old = Self.snapshot(("S", ["a"]))
        var model = Model(showing: old)
        #expect(throws: DiffableDataSourceError.self) {
            try model.perform(
                Batch(dataSource: old, calls: [.deleteAllItems, .appendSections(["T"]), .reloadSections(["S"])]))
        }
        #expect(model.snapshot == old)
        #expect(model.displayed.map(\.id) == ["S"])
    }

    /// The adapter passes every pair of up to two sections and three items
    /// (two items when it reloads).
    @Test func adapterPassesExhaustively() {
        let report = ConformanceKit.check(
            DiffableSectionedAdapter<ExhaustiveSectionID, ExhaustiveID>(),
            options: ConformanceOptions(sections: 2, sectionedIDs: 3))
        #expect(report.casesChecked > 17_161)
        #expect(report.passed, "\(report.failures.prefix(3))")
        let reload = ConformanceKit.check(
            DiffableSectionedAdapter<ExhaustiveSectionID, ExhaustiveID>(refresh: .reload),
            options: ConformanceOptions(sections: 2, sectionedIDs: 2))
        #expect(reload.casesChecked > 33 * 33)
        #expect(reload.passed, "\(reload.failures.prefix(3))")
    }

    /// An adapter that forgets `reloadSections` is caught on its smallest case.
    @Test func forgottenSectionReloadIsCaught() throws {
        let report = ConformanceKit.check(
            ForgetsSectionReloads(), options: ConformanceOptions(sections: 2, sectionedIDs: 1))
        let failure = try #require(report.failures.first { $0.kind == "not refreshed" })
        #expect(failure.pair == "[S:] -> [S:] (changed: §S)")
        #expect(failure.problem.description == "section S changed but was not refreshed")
    }
}

/// Broken: applies the new snapshot without reloading changed sections.
struct ForgetsSectionReloads: UpdateAdapter {
    typealias Model = DiffableSectionedModel<ExhaustiveSectionID, ExhaustiveID>
    var policy: AdapterPolicy { DiffableSectionedAdapter<ExhaustiveSectionID, ExhaustiveID>().policy }
    var name: String { "forgets-section-reloads" }

    func batches(
        for plan: SectionedUpdatePlan<ExhaustiveSectionID, ExhaustiveID>
    ) -> [UpdateBatch<
        SectionedSnapshot<ExhaustiveSectionID, ExhaustiveID>, DiffableSectionedCall<ExhaustiveSectionID, ExhaustiveID>
    >] {
        DiffableSectionedAdapter<ExhaustiveSectionID, ExhaustiveID>().batches(for: plan).map { batch in
            var copy = batch
            copy.calls.removeAll { if case .reloadSections = $0 { true } else { false } }
            return copy
        }
    }
}
