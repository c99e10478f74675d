import BatchUpdate
import Testing
import UpdateCheckAnimatedList
import UpdateCheckAppKit
import UpdateCheckDiff
import UpdateCheckRecyclerView

/// Toolkits without sections: sections flattened into header rows, the
/// flattened calls proven on each toolkit's sequential model.
@Suite struct SectionedHeaderRowTests {
    typealias Snapshot = SectionedSnapshot<String, String>

    static func snapshot(_ sections: (String, [String])...) -> Snapshot {
        Snapshot(sections.map { .init(id: $0.0, items: $0.1) })
    }

    /// A section move on NSTableView is row moves that keep cell views.
    @Test func appKitSectionMoveIsRowMoves() throws {
        let old = Self.snapshot(("S", ["a", "b"]), ("T", ["c"]))
        let new = Self.snapshot(("T", ["c"]), ("S", ["a", "b"]))
        let adapter = AppKitSectionedTableAdapter<String, String>(AppKitTableAdapter())
        #expect(adapter.name == "appkit-sections")
        let batches = adapter.batches(for: try SectionedUpdatePlan(old: old, new: new))
        #expect(batches.map(\.calls) == [[.moveRow(at: 3, to: 0), .moveRow(at: 4, to: 1)]])
        var model = AppKitSectionedTableAdapter<String, String>.Model(showing: old)
        for batch in batches { try model.perform(batch) }
        #expect(model.displayed.map(\.id) == ["T", "S"])
        #expect(model.displayed.map { $0.rows.map(\.cell) } == [[2], [0, 1]])
        #expect(adapter.movedItems(for: try SectionedUpdatePlan(old: old, new: new)) == ["c"])
    }

    /// A changed section is a change of its header row; an item moving to
    /// another section is one move.
    @Test func recyclerViewHeaderChangeAndCrossSectionMove() throws {
        let old = Self.snapshot(("S", ["a", "b"]), ("T", ["c"]))
        let new = Self.snapshot(("S", ["b"]), ("T", ["a", "c"]))
        let adapter = RecyclerViewSectionedAdapter<String, String>(RecyclerViewUpdateAdapter())
        let plan = try SectionedUpdatePlan(old: old, new: new, changedSections: ["T"])
        let batches = adapter.batches(for: plan)
        #expect(
            batches.map(\.calls) == [[.moved(from: 1, to: 3), .changed(position: 2, count: 1, payload: "content")]])
        var model = RecyclerViewSectionedAdapter<String, String>.Model(showing: old)
        for batch in batches { try model.perform(batch) }
        #expect(model.displayed.map(\.isRefreshed) == [false, true])
        #expect(model.displayed.map { $0.rows.map(\.cell) } == [[1], [0, 2]])
    }

    /// Without a move primitive, a section move removes and inserts rows:
    /// they get new elements, as the adapter declares.
    @Test func animatedListSectionMoveReplacesElements() throws {
        let old = Self.snapshot(("S", ["a"]), ("T", ["b"]))
        let new = Self.snapshot(("T", ["b"]), ("S", ["a"]))
        let adapter = AnimatedListSectionedAdapter<String, String>(AnimatedListAdapter())
        let plan = try SectionedUpdatePlan(old: old, new: new)
        var model = AnimatedListSectionedAdapter<String, String>.Model(showing: old)
        for batch in adapter.batches(for: plan) { try model.perform(batch) }
        #expect(model.displayed.map(\.id) == ["T", "S"])
        let moved = adapter.movedItems(for: plan)
        #expect(moved.count == 1)
        for section in model.displayed {
            for row in section.rows { #expect((row.cell >= 2) == moved.contains(row.id)) }
        }
    }

    /// Every header-row adapter passes every pair of up to two sections and
    /// three items (two items for the RecyclerView variants, whose calls are
    /// the same as AppKit's in ranges).
    @Test func adaptersPassExhaustively() {
        typealias S = ExhaustiveSectionID
        typealias I = ExhaustiveID
        let reports = [
            ConformanceKit.check(
                AppKitSectionedTableAdapter<S, I>(AppKitTableAdapter()),
                options: ConformanceOptions(sections: 2, sectionedIDs: 3)),
            ConformanceKit.check(
                AnimatedListSectionedAdapter<S, I>(AnimatedListAdapter()),
                options: ConformanceOptions(sections: 2, sectionedIDs: 3)),
            ConformanceKit.check(
                RecyclerViewSectionedAdapter<S, I>(RecyclerViewUpdateAdapter()),
                options: ConformanceOptions(sections: 2, sectionedIDs: 2)),
            ConformanceKit.check(
                RecyclerViewSectionedAdapter<S, I>(RecyclerViewUpdateAdapter(payload: nil)),
                options: ConformanceOptions(sections: 2, sectionedIDs: 2)),
        ]
        for (number, report) in reports.enumerated() {
            #expect(report.casesChecked > (number < 2 ? 17_161 : 33 * 33))
            #expect(report.passed, "\(report.adapter): \(report.failures.prefix(3))")
        }
    }

    /// A flat adapter that does not refresh header rows is caught: the
    /// changed section is not refreshed.
    @Test func headerNotRefreshedIsCaught() throws {
        let report = ConformanceKit.check(
            HeaderRowAdapter(SkipsHeaderChanges()), options: ConformanceOptions(sections: 2, sectionedIDs: 1))
        let failure = try #require(report.failures.first { $0.kind == "not refreshed" })
        #expect(failure.pair == "[S:] -> [S:] (changed: §S)")
        #expect(failure.problem.description == "section S changed but was not refreshed")
    }

    /// An adapter that says its moves keep cells while they do not is caught
    /// on the smallest case that moves an item row.
    @Test func undeclaredCellLossIsCaught() throws {
        let report = ConformanceKit.check(
            HeaderRowAdapter(ClaimsMovesKeepCells()), options: ConformanceOptions(sections: 2, sectionedIDs: 1))
        let failure = try #require(report.failures.first { $0.kind == "cell lost" })
        #expect(failure.pair.hasPrefix("[S: a] -> [T: a | S:] (changed: "))
        #expect(failure.problem.description.contains("lost its cell"))
    }
}

/// Broken: the RecyclerView adapter without `onChanged` for header rows.
struct SkipsHeaderChanges: UpdateAdapter {
    typealias Entry = SectionedEntry<ExhaustiveSectionID, ExhaustiveID>
    typealias Model = RecyclerViewModel<Entry>
    var name: String { "skips-header-changes" }
    var summary: String { "" }
    var policy: AdapterPolicy { RecyclerViewUpdateAdapter<Entry>().policy }

    func batches(for plan: UpdatePlan<Entry>) -> [UpdateBatch<[Entry], RecyclerViewCall>] {
        RecyclerViewUpdateAdapter<Entry>().batches(for: plan).map { batch in
            var copy = batch
            copy.calls.removeAll { call in
                guard case .changed(let position, _, _) = call, case .section = plan.new[position] else { return false }
                return true
            }
            return copy
        }
    }
}

/// Broken: the AnimatedList adapter declaring that its moves keep cells.
struct ClaimsMovesKeepCells: UpdateAdapter {
    typealias Entry = SectionedEntry<ExhaustiveSectionID, ExhaustiveID>
    typealias Model = AnimatedListModel<Entry>
    var name: String { "claims-moves-keep-cells" }
    var summary: String { "" }
    var policy: AdapterPolicy { AdapterPolicy(movedAndChanged: .deleteAndInsert, refresh: .reconfigure) }

    func batches(for plan: UpdatePlan<Entry>) -> [UpdateBatch<[Entry], AnimatedListCall>] {
        AnimatedListAdapter<Entry>().batches(for: plan)
    }
}
