import BatchUpdate
import Testing
import UpdateCheckAppKit

@Suite struct AppKitTableModelTests {
    func replay(_ old: [String], _ items: [String], _ calls: [AppKitTableCall]) throws(AppKitTableError)
        -> [DisplayedRow<String>]
    {
        var model = AppKitTableModel(showing: old)
        try model.perform(UpdateBatch(dataSource: items, calls: calls))
        return model.displayed
    }

    @Test func eachCallSeesTheTableTheCallsBeforeItLeft() throws {
        // The article's pair, row by row: remove b, move c from 1 to 0, insert d at 2.
        let rows = try replay(
            ["a", "b", "c"], ["c", "a", "d"], [.removeRows([1]), .moveRow(at: 1, to: 0), .insertRows([2])])
        #expect(
            rows == [
                DisplayedRow(id: "c", cell: 2, isRefreshed: false), DisplayedRow(id: "a", cell: 0, isRefreshed: false),
                DisplayedRow(id: "d", cell: 3, isRefreshed: true),
            ])
    }

    @Test func indexSetsInsertAtFinalIndexesAndRemoveAtCurrentOnes() throws {
        let inserted = try replay(["a", "b"], ["x", "a", "y", "b"], [.insertRows([2, 0])])
        #expect(inserted.map(\.id) == ["x", "a", "y", "b"])
        let removed = try replay(["a", "b", "c", "d"], ["b", "d"], [.removeRows([2, 0, 2])])
        #expect(removed.map(\.id) == ["b", "d"] && removed.map(\.cell) == [1, 3])
    }

    @Test func reloadingGivesANewCellViewAtTheFinalIndex() throws {
        let rows = try replay(["a", "b"], ["B", "a"], [.reloadRows([1]), .moveRow(at: 1, to: 0)])
        #expect(
            rows == [
                DisplayedRow(id: "B", cell: 2, isRefreshed: true), DisplayedRow(id: "a", cell: 0, isRefreshed: false),
            ])
    }

    @Test(arguments: [
        ([AppKitTableCall.insertRows([4])], AppKitTableError.rowOutOfRange(row: 4, numberOfRows: 3)),
        ([.removeRows([3])], .rowOutOfRange(row: 3, numberOfRows: 3)),
        ([.removeRows([-1])], .rowOutOfRange(row: -1, numberOfRows: 3)),
        ([.moveRow(at: 3, to: 0)], .rowOutOfRange(row: 3, numberOfRows: 3)),
        ([.moveRow(at: 0, to: 3)], .rowOutOfRange(row: 3, numberOfRows: 3)),
        ([.reloadRows([7])], .reloadOutOfRange(row: 7, numberOfRows: 3)),
        ([.removeRows([0])], .rowCountMismatch(tableRows: 2, dataSourceRows: 3)),
    ])
    func invalidCallsRaiseAppKitsError(calls: [AppKitTableCall], error: AppKitTableError) {
        #expect(throws: error) { try replay(["a", "b", "c"], ["a", "b", "c"], calls) }
    }

    @Test func messages() {
        #expect(
            AppKitTableError.rowOutOfRange(row: 3, numberOfRows: 3).description
                == "NSTableView error inserting/removing/moving row 3 (numberOfRows: 3).")
        #expect(
            AppKitTableError.reloadOutOfRange(row: 7, numberOfRows: 3).description
                == "NSTableView error reloading row 7 (numberOfRows: 3).")
        #expect(
            AppKitTableError.rowCountMismatch(tableRows: 2, dataSourceRows: 3).description
                == "NSTableView Invalid update: the table has 2 rows after endUpdates, but the data source reports "
                + "numberOfRows 3.")
    }

    @Test func removingRowByRowAtOldIndexesIgnoresTheShift() {
        // Deleting b and d of [a, b, c, d] one call each, with their old
        // indexes: after b goes, d is row 2, and row 3 no longer exists.
        #expect(throws: AppKitTableError.rowOutOfRange(row: 3, numberOfRows: 3)) {
            try replay(["a", "b", "c", "d"], ["a", "c"], [.removeRows([1]), .removeRows([3])])
        }
    }

    @Test func insertAtNewOffsetsThenDeleteAtOldOffsetsDeletesWhatWasJustInserted() throws {
        // The article's mistake on [a, b, c] → [c, a, d]: no exception, but
        // the inserted d is removed again and stale rows stay on screen.
        let rows = try replay(["a", "b", "c"], ["c", "a", "d"], [.insertRows([0, 2]), .removeRows([1, 2])])
        #expect(rows.map(\.id) == ["c", "b", "c"])
    }
}
