import BatchUpdate
import Testing
import UpdateCheckDiffable

@Suite struct DiffableDataSourceModelTests {
    func apply(_ old: [String], _ call: SnapshotApplyCall<String>) throws(DiffableDataSourceError)
        -> [DisplayedRow<String>]
    {
        var model = DiffableDataSourceModel(showing: old)
        try model.perform(UpdateBatch(dataSource: call.items, calls: [call]))
        return model.displayed
    }

    @Test func itemsKeepTheirCellsWhereverTheyMove() throws {
        let rows = try apply(["a", "b", "c"], SnapshotApplyCall(items: ["c", "a", "d"], reconfigured: ["a"]))
        #expect(
            rows == [
                DisplayedRow(id: "c", cell: 2, isRefreshed: false), DisplayedRow(id: "a", cell: 0, isRefreshed: true),
                DisplayedRow(id: "d", cell: 3, isRefreshed: true),
            ])
    }

    @Test func reloadedItemsGetNewCells() throws {
        let rows = try apply(["a", "b"], SnapshotApplyCall(items: ["b", "a"], reloaded: ["a"]))
        #expect(
            rows == [
                DisplayedRow(id: "b", cell: 1, isRefreshed: false), DisplayedRow(id: "a", cell: 2, isRefreshed: true),
            ])
    }

    @Test func longSnapshotsBehaveLikeShortOnes() throws {
        let old = (0..<40).map { "i\($0)" }
        let new = Array(old.reversed().dropFirst(3)) + ["n1"]
        let rows = try apply(old, SnapshotApplyCall(items: new, reconfigured: ["i5"]))
        #expect(rows.map(\.id) == new)
        #expect(rows.first == DisplayedRow(id: "i36", cell: 36, isRefreshed: false))
        #expect(rows.last == DisplayedRow(id: "n1", cell: 40, isRefreshed: true))
        #expect(rows.first { $0.id == "i5" } == DisplayedRow(id: "i5", cell: 5, isRefreshed: true))
        #expect(throws: DiffableDataSourceError.duplicateIdentifiers(["i1"])) {
            try apply(old, SnapshotApplyCall(items: old + ["i1"]))
        }
    }

    @Test(arguments: [
        (
            SnapshotApplyCall(items: ["a", "b", "a", "b", "a"]),
            DiffableDataSourceError.duplicateIdentifiers(["a", "b"])
        ),
        (SnapshotApplyCall(items: ["a"], reconfigured: ["b"]), .reconfigureUnknownItem("b")),
        (SnapshotApplyCall(items: ["a"], reloaded: ["z"]), .reloadUnknownItem("z")),
    ])
    func invalidSnapshotsRaiseUIKitsError(call: SnapshotApplyCall<String>, error: DiffableDataSourceError) {
        #expect(throws: error) { try apply(["a", "b"], call) }
    }

    @Test func messages() {
        #expect(
            DiffableDataSourceError.duplicateIdentifiers(["a", "b"]).description
                == "Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(a, b)}")
        #expect(
            DiffableDataSourceError.reconfigureUnknownItem("b").description
                == "Attempted to reconfigure item identifier that does not exist in the snapshot: b")
        #expect(
            DiffableDataSourceError.reloadUnknownItem("z").description
                == "Attempted to reload item identifier that does not exist in the snapshot: z")
    }
}
