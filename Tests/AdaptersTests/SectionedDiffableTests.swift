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

    /// A model shown a snapshot that repeats a section ID (which UIKit never
    /// holds) answers edits with an error or a result, never a trap.
    @Test func aRepeatedSectionIDIsNoTrap() {
        let repeated = Self.snapshot(("S", ["a"]), ("S", ["b"]))
        #expect(
            Self.failure(repeated, [.insertItems(["c"], .after("b"))])
                == .unknownItem("b", condition: "section != NSNotFound"))
        #expect(
            Self.failure(repeated, [.moveItem("a", .before("b"))])
                == .unknownItem("b", condition: "section != NSNotFound"))
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

    /// Past a few sections the model finds sections through a table of
    /// offsets; 2,000 random batches of edits on 17 to 40 sections (moves,
    /// insertions and deletions of sections, items placed across them) end
    /// in the sections a plain list edited by hand ends in, and lookups of a
    /// missing section still fail with UIKit's message.
    @Test func manySectionsEditLikeAPlainList() throws {
        var random = SplitMix64(seed: 22)
        for _ in 0..<2_000 {
            var sections: [(id: String, items: [String])] = (0..<Int.random(in: 17...40, using: &random)).map {
                section in
                ("S\(section)", (0..<Int.random(in: 0...2, using: &random)).map { "i\(section).\($0)" })
            }
            let old = Snapshot(sections.map { .init(id: $0.id, items: $0.items) })
            var calls: [Call] = []
            var fresh = 0
            for _ in 0..<Int.random(in: 1...12, using: &random) {
                let call = Self.randomEdit(of: sections, fresh: &fresh, using: &random)
                Self.edit(&sections, call)
                calls.append(call)
            }
            var model = Model(showing: old)
            try model.perform(Batch(dataSource: old, calls: calls))
            #expect(
                model.snapshot == Snapshot(sections.map { .init(id: $0.id, items: $0.items) }), "\(old) \(calls)")
        }
        let many = Snapshot((0..<20).map { .init(id: "S\($0)", items: []) })
        #expect(
            Self.failure(many, [.moveSection("S3", .after("S9")), .appendItems(["x"], toSection: "X")])
                == .unknownSection("X", condition: "section != NSNotFound"))
        #expect(
            Self.failure(many, [.deleteSections(["S1"]), .appendSections(["S2"])]) == .sectionsAlreadyExist(["S2"]))
        #expect(Self.failure(many, [.deleteSections(["S1"]), .reloadSections(["S1"])]) == .reloadUnknownSection("S1"))
    }

    /// A valid edit of `sections`: IDs named by it exist where they must,
    /// new IDs are numbered from `fresh`.
    static func randomEdit(
        of sections: [(id: String, items: [String])], fresh: inout Int, using random: inout SplitMix64
    ) -> Call {
        let ids = sections.map(\.id)
        let items = sections.flatMap(\.items)
        func place<ID>(_ anchor: ID) -> SnapshotPlacement<ID> {
            Bool.random(using: &random) ? .before(anchor) : .after(anchor)
        }
        func newSections() -> [String] {
            (0..<Int.random(in: 1...3, using: &random)).map { _ in
                fresh += 1
                return "N\(fresh)"
            }
        }
        func someItems() -> [String] {
            var picked = Set(items.shuffled(using: &random).prefix(Int.random(in: 0...2, using: &random)))
            fresh += 1
            picked.insert("n\(fresh)")
            return picked.sorted()
        }
        switch Int.random(in: 0..<8, using: &random) {
        case 0: return .appendSections(newSections())
        case 1 where !ids.isEmpty: return .insertSections(newSections(), place(ids.randomElement(using: &random)!))
        case 2: return .deleteSections(Array(Set((0..<2).compactMap { _ in ids.randomElement(using: &random) })))
        case 3 where ids.count > 1:
            let pair = ids.shuffled(using: &random).prefix(2)
            return .moveSection(pair.first!, place(pair.last!))
        case 4 where !ids.isEmpty: return .appendItems(someItems(), toSection: ids.randomElement(using: &random)!)
        case 5 where items.count > 1:
            let pair = items.shuffled(using: &random).prefix(2)
            return .moveItem(pair.first!, place(pair.last!))
        case 6 where !items.isEmpty:
            let anchor = items.randomElement(using: &random)!
            return .insertItems(someItems().filter { $0 != anchor }, place(anchor))
        case 7: return .deleteItems(Array(Set(items.shuffled(using: &random).prefix(3))))
        default: return .reloadSections(Array(ids.prefix(1)))
        }
    }

    /// Applies a valid edit to a plain list of sections, searching it in place.
    static func edit(_ sections: inout [(id: String, items: [String])], _ call: Call) {
        func offset(_ placement: SnapshotPlacement<String>, in ids: [String]) -> Int {
            let anchor = ids.firstIndex(of: placement.anchor)!
            if case .before = placement { return anchor }
            return anchor + 1
        }
        func remove(_ gone: [String]) {
            for index in sections.indices { sections[index].items.removeAll { gone.contains($0) } }
        }
        func insert(_ new: [String], _ placement: SnapshotPlacement<String>) {
            remove(new)
            let section = sections.firstIndex { $0.items.contains(placement.anchor) }!
            sections[section].items.insert(contentsOf: new, at: offset(placement, in: sections[section].items))
        }
        switch call {
        case .appendSections(let new): sections += new.map { ($0, []) }
        case .insertSections(let new, let placement):
            sections.insert(contentsOf: new.map { ($0, []) }, at: offset(placement, in: sections.map(\.id)))
        case .deleteSections(let gone): sections.removeAll { gone.contains($0.id) }
        case .moveSection(let id, let placement):
            let moving = sections.remove(at: sections.firstIndex { $0.id == id }!)
            sections.insert(moving, at: offset(placement, in: sections.map(\.id)))
        case .appendItems(let new, let section):
            remove(new)
            sections[sections.firstIndex { $0.id == section }!].items += new
        case .insertItems(let new, let placement): insert(new, placement)
        case .moveItem(let id, let placement): insert([id], placement)
        case .deleteItems(let gone): remove(gone)
        default: break
        }
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
