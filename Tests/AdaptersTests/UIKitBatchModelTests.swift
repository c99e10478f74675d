import BatchUpdate
import Testing
import UpdateCheckUIKit

@Suite struct UIKitBatchModelTests {
    /// Replays one batch of `calls` on a collection view showing `old`, the
    /// data source holding `items` afterwards.
    func replay(_ old: [String], _ items: [String], _ calls: [UIKitBatchCall]) throws(UIKitBatchError)
        -> [DisplayedRow<String>]
    {
        var model = UIKitBatchModel(showing: old)
        try model.perform(UpdateBatch(dataSource: items, calls: calls))
        return model.displayed
    }

    func path(_ item: Int, section: Int = 0) -> ItemPath { ItemPath(section: section, item: item) }

    /// Each invalid call list and the error UIKit raises for it.
    static let invalid: [(String, [String], [UIKitBatchCall], UIKitBatchError, String)] = [
        (
            "delete and reload one path", ["a", "c"],
            [.deleteItems([ItemPath(item: 1)]), .reloadItems([ItemPath(item: 1)])],
            .deleteAndReload(ItemPath(item: 1)),
            "attempt to delete and reload the same index path ({length = 2, path = 0 - 1})"
        ),
        (
            "delete and move from one path", ["b", "c"],
            [.deleteItems([ItemPath(item: 0)]), .moveItem(at: ItemPath(item: 0), to: ItemPath(item: 1))],
            .deleteAndMove(ItemPath(item: 0)),
            "attempt to perform a delete and a move from the same index path ({length = 2, path = 0 - 0})"
        ),
        (
            "reload and move one item", ["b", "a", "c"],
            [.reloadItems([ItemPath(item: 0)]), .moveItem(at: ItemPath(item: 0), to: ItemPath(item: 1))],
            .reloadAndMove(ItemPath(item: 0)),
            "attempt to perform a delete and a move from the same index path ({length = 2, path = 0 - 0}) "
                + "(the path is reloaded, and a reload is a delete plus an insert)"
        ),
        (
            "reconfigure and move one item", ["b", "a", "c"],
            [.reconfigureItems([ItemPath(item: 0)]), .moveItem(at: ItemPath(item: 0), to: ItemPath(item: 1))],
            .reconfigureAndMove(ItemPath(item: 0)),
            "attempt to reconfigure and move the same index path ({length = 2, path = 0 - 0})"
        ),
        (
            "delete and reconfigure one path", ["a", "c"],
            [.deleteItems([ItemPath(item: 1)]), .reconfigureItems([ItemPath(item: 1)])],
            .deleteAndReconfigure(ItemPath(item: 1)),
            "attempt to delete and reconfigure the same index path ({length = 2, path = 0 - 1})"
        ),
        (
            "insert and move to one path", ["x", "c", "a", "b"],
            [.insertItems([ItemPath(item: 0)]), .moveItem(at: ItemPath(item: 2), to: ItemPath(item: 0))],
            .insertAndMove(ItemPath(item: 0)),
            "attempt to perform an insert and a move to the same index path ({length = 2, path = 0 - 0})"
        ),
        (
            "two moves from one path", ["b", "a", "c"],
            [
                .moveItem(at: ItemPath(item: 0), to: ItemPath(item: 1)),
                .moveItem(at: ItemPath(item: 0), to: ItemPath(item: 2)),
            ],
            .twoMovesFrom(ItemPath(item: 0)),
            "attempt to perform two moves from the same index path ({length = 2, path = 0 - 0})"
        ),
        (
            "two moves to one path", ["b", "c", "a"],
            [
                .moveItem(at: ItemPath(item: 0), to: ItemPath(item: 2)),
                .moveItem(at: ItemPath(item: 1), to: ItemPath(item: 2)),
            ],
            .twoMovesTo(ItemPath(item: 2)),
            "attempt to perform two moves to the same index path ({length = 2, path = 0 - 2})"
        ),
        (
            "duplicate deletes", ["a"], [.deleteItems([ItemPath(item: 1), ItemPath(item: 1)])],
            .duplicateDelete(ItemPath(item: 1)),
            "attempt to perform two deletes of the same index path ({length = 2, path = 0 - 1})"
        ),
        (
            "duplicate inserts", ["x", "a", "b", "c"],
            [.insertItems([ItemPath(item: 0)]), .insertItems([ItemPath(item: 0)])],
            .duplicateInsert(ItemPath(item: 0)),
            "attempt to perform two inserts at the same index path ({length = 2, path = 0 - 0})"
        ),
        (
            "delete past the end before the update", ["a", "b"], [.deleteItems([ItemPath(item: 3)])],
            .deleteOutOfRange(ItemPath(item: 3), count: 3),
            "attempt to delete item 3 from section 0 which only contains 3 items before the update"
        ),
        (
            "reload past the end before the update", ["a", "b", "c"], [.reloadItems([ItemPath(item: 5)])],
            .reloadOutOfRange(ItemPath(item: 5), count: 3),
            "attempt to reload item 5 from section 0 which only contains 3 items before the update"
        ),
        (
            "reconfigure past the end before the update", ["a", "b", "c"], [.reconfigureItems([ItemPath(item: 3)])],
            .reconfigureOutOfRange(ItemPath(item: 3), count: 3),
            "attempt to reconfigure item 3 from section 0 which only contains 3 items before the update"
        ),
        (
            "insert past the end after the update", ["a", "b", "c", "x"], [.insertItems([ItemPath(item: 4)])],
            .insertOutOfRange(ItemPath(item: 4), count: 4),
            "attempt to insert item 4 into section 0, but there are only 4 items in section 0 after the update"
        ),
        (
            "move from past the end before the update", ["a", "b", "c"],
            [.moveItem(at: ItemPath(item: 3), to: ItemPath(item: 0))],
            .moveSourceOutOfRange(ItemPath(item: 3), count: 3),
            "attempt to move index path ({length = 2, path = 0 - 3}) that does not exist - there are only 3 "
                + "items in section 0 before the update"
        ),
        (
            "move to past the end after the update", ["a", "c"],
            [.deleteItems([ItemPath(item: 1)]), .moveItem(at: ItemPath(item: 0), to: ItemPath(item: 2))],
            .moveDestinationOutOfRange(from: ItemPath(item: 0), to: ItemPath(item: 2), count: 2),
            "attempt to move index path ({length = 2, path = 0 - 0}) to index path ({length = 2, path = 0 - 2}) "
                + "that does not exist - there are only 2 items in section 0 after the update"
        ),
        (
            "a section that does not exist", ["a", "b"], [.deleteItems([ItemPath(section: 1, item: 0)])],
            .sectionOutOfRange(ItemPath(section: 1, item: 0), action: "delete", sectionCount: 1, afterUpdate: false),
            "attempt to delete item 0 from section 1, but there are only 1 sections before the update"
        ),
        (
            "a count that is not old - deleted + inserted", ["a", "b", "c"], [.deleteItems([ItemPath(item: 1)])],
            .invalidItemCount(section: 0, before: 3, after: 3, inserted: 0, deleted: 1, movedIn: 0, movedOut: 0),
            "Invalid update: invalid number of items in section 0. The number of items contained in an existing "
                + "section after the update (3) must be equal to the number of items contained in that section "
                + "before the update (3), plus or minus the number of items inserted or deleted from that section "
                + "(0 inserted, 1 deleted) and plus or minus the number of items moved into or out of that section "
                + "(0 moved in, 0 moved out)."
        ),
    ]

    @Test(arguments: Self.invalid.indices)
    func invalidCallListsRaiseUIKitsError(case index: Int) {
        let (name, items, calls, error, message) = Self.invalid[index]
        #expect(throws: error, "\(name)") { try replay(["a", "b", "c"], items, calls) }
        #expect(error.description == message, "\(name)")
    }

    @Test func aReloadLandingOnAMoveDestinationCollides() {
        // Old [a, b, c, d]: delete b, move a 0 → 1 and d 3 → 0, reload c. The
        // reload's insert lands on c's old index shifted by the delete (1),
        // where a's move ends.
        let calls: [UIKitBatchCall] = [
            .deleteItems([path(1)]), .moveItem(at: path(0), to: path(1)), .moveItem(at: path(3), to: path(0)),
            .reloadItems([path(2)]),
        ]
        #expect(throws: UIKitBatchError.reloadInsertHitsMove(reloaded: path(2), at: path(1))) {
            try replay(["a", "b", "c", "d"], ["d", "a", "c"], calls)
        }
        #expect(
            UIKitBatchError.reloadInsertHitsMove(reloaded: path(2), at: path(1)).description
                == "attempt to perform an insert and a move to the same index path ({length = 2, path = 0 - 1}) "
                + "(the insert is the second half of reloading {length = 2, path = 0 - 2})")
    }

    @Test func deletesAndMoveSourcesAreBeforeTheUpdateInsertsAfterInAnyOrder() throws {
        // The article's pair: [a, b, c] → [c, a, d].
        let calls: [UIKitBatchCall] = [
            .deleteItems([path(1)]), .insertItems([path(2)]), .moveItem(at: path(2), to: path(0)),
        ]
        for order in [calls, calls.reversed(), [calls[2], calls[0], calls[1]]] {
            let rows = try replay(["a", "b", "c"], ["c", "a", "d"], order)
            #expect(
                rows == [
                    DisplayedRow(id: "c", cell: 2, isRefreshed: false),
                    DisplayedRow(id: "a", cell: 0, isRefreshed: false),
                    DisplayedRow(id: "d", cell: 3, isRefreshed: true),
                ])
        }
    }

    @Test func reloadReplacesTheCellReconfigureKeepsIt() throws {
        let reloaded = try replay(["a", "b", "c"], ["a", "B", "c"], [.reloadItems([path(1)])])
        #expect(reloaded[1] == DisplayedRow(id: "B", cell: 3, isRefreshed: true))
        let reconfigured = try replay(["a", "b", "c"], ["a", "B", "c"], [.reconfigureItems([path(1)])])
        #expect(reconfigured[1] == DisplayedRow(id: "B", cell: 1, isRefreshed: true))
        #expect(reconfigured[0] == DisplayedRow(id: "a", cell: 0, isRefreshed: false))
    }

    @Test func aReloadWithADeleteUsesTheOldPathAndShifts() throws {
        // Delete a, reload c at its old path 2: it lands at 1 with a new cell.
        let rows = try replay(["a", "b", "c"], ["b", "c"], [.deleteItems([path(0)]), .reloadItems([path(2)])])
        #expect(
            rows == [
                DisplayedRow(id: "b", cell: 1, isRefreshed: false), DisplayedRow(id: "c", cell: 3, isRefreshed: true),
            ])
    }

    @Test func insertAtNewOffsetsThenDeleteAtOldOffsetsIsBatchOrderButLosesTheMovedCell() throws {
        // In a UIKit batch the article's order is read correctly (deletes go
        // first), but c is deleted and inserted instead of moved: new cell.
        let rows = try replay(
            ["a", "b", "c"], ["c", "a", "d"], [.insertItems([path(0), path(2)]), .deleteItems([path(1), path(2)])])
        #expect(rows.map(\.id) == ["c", "a", "d"])
        #expect(rows[0].cell != 2)
    }

    @Test func positionsOfAMutatedArrayAreOutOfRange() {
        // The same pair with positions taken from an array mutated step by
        // step (insert c at 0, d at 2, then delete b and c where they are now).
        #expect(throws: UIKitBatchError.deleteOutOfRange(path(3), count: 3)) {
            try replay(
                ["a", "b", "c"], ["c", "a", "d"],
                [.insertItems([path(0), path(2)]), .deleteItems([path(3), path(4)])])
        }
    }

    @Test func insertingAtTheEndBeforeTheDeletesIsOutOfRange() {
        // Moving the first three of eight items to the end as deletes and
        // inserts: the inserts are 5, 6, 7 after the update, not 8, 9, 10.
        let old = (0..<8).map(String.init)
        let new = Array(old[3...] + old[..<3])
        let deletes = UIKitBatchCall.deleteItems((0..<3).map { path($0) })
        #expect(throws: UIKitBatchError.insertOutOfRange(path(8), count: 8)) {
            try replay(old, new, [deletes, .insertItems((8..<11).map { path($0) })])
        }
        #expect(throws: Never.self) { try replay(old, new, [deletes, .insertItems((5..<8).map { path($0) })]) }
    }

    @Test func batchesBuildOnEachOther() throws {
        var model = UIKitBatchModel(showing: ["a", "b"])
        try model.perform(UpdateBatch(dataSource: ["b", "a"], calls: [.moveItem(at: path(1), to: path(0))]))
        try model.perform(UpdateBatch(dataSource: ["b", "A"], calls: [.reconfigureItems([path(1)])]))
        #expect(
            model.displayed == [
                DisplayedRow(id: "b", cell: 1, isRefreshed: false), DisplayedRow(id: "A", cell: 0, isRefreshed: true),
            ])
    }
}
