import BatchUpdate
import Testing
import UpdateCheckRecyclerView

@Suite struct RecyclerViewModelTests {
    func replay(_ old: [String], _ items: [String], _ calls: [RecyclerViewCall]) throws(RecyclerViewError)
        -> [DisplayedRow<String>]
    {
        var model = RecyclerViewModel(showing: old)
        try model.perform(UpdateBatch(dataSource: items, calls: calls))
        return model.displayed
    }

    @Test func eachNotificationSeesTheListTheOnesBeforeItLeft() throws {
        let rows = try replay(
            ["a", "b", "c"], ["c", "a", "d"],
            [.removed(position: 1, count: 1), .moved(from: 1, to: 0), .inserted(position: 2, count: 1)])
        #expect(rows.map(\.id) == ["c", "a", "d"] && rows.map(\.cell) == [2, 0, 3])
    }

    @Test func aPayloadKeepsTheViewHolderWithoutOneItIsReplaced() throws {
        let kept = try replay(["a", "b"], ["a", "B"], [.changed(position: 1, count: 1, payload: "title")])
        #expect(kept[1] == DisplayedRow(id: "B", cell: 1, isRefreshed: true))
        let replaced = try replay(["a", "b"], ["a", "B"], [.changed(position: 1, count: 1, payload: nil)])
        #expect(replaced[1] == DisplayedRow(id: "B", cell: 2, isRefreshed: true))
    }

    @Test func emptyRangesAndMovesOntoThemselvesChangeNothing() throws {
        let rows = try replay(
            ["a", "b"], ["a", "b"],
            [
                .inserted(position: 9, count: 0), .removed(position: 9, count: 0), .moved(from: 1, to: 1),
                .changed(position: 5, count: 0, payload: nil),
            ])
        #expect(
            rows == [
                DisplayedRow(id: "a", cell: 0, isRefreshed: false), DisplayedRow(id: "b", cell: 1, isRefreshed: false),
            ])
    }

    @Test(arguments: [
        (
            RecyclerViewCall.inserted(position: 4, count: 1),
            RecyclerViewError.invalidPosition(call: "onInserted(position: 4, count: 1)", position: 4, itemCount: 3)
        ),
        (
            .removed(position: 3, count: 1),
            .invalidPosition(call: "onRemoved(position: 3, count: 1)", position: 3, itemCount: 3)
        ),
        (
            .removed(position: 2, count: 2),
            .invalidPosition(call: "onRemoved(position: 2, count: 2)", position: 3, itemCount: 3)
        ),
        (
            .moved(from: 0, to: 3),
            .invalidPosition(call: "onMoved(fromPosition: 0, toPosition: 3)", position: 3, itemCount: 3)
        ),
        (
            .changed(position: 1, count: 3, payload: nil),
            .invalidPosition(call: "onChanged(position: 1, count: 3, payload: nil)", position: 3, itemCount: 3)
        ),
        (.inserted(position: 0, count: 1), .itemCountMismatch(notified: 4, adapter: 3)),
        (
            .inserted(position: 0, count: 2_147_483_648),
            .countOutOfRange(call: "onInserted(position: 0, count: 2147483648)", count: 2_147_483_648, limit: 3)
        ),
        (
            .inserted(position: 3, count: .max),
            .countOutOfRange(call: "onInserted(position: 3, count: \(Int.max))", count: .max, limit: 3)
        ),
        (
            .removed(position: 1, count: .max),
            .invalidPosition(call: "onRemoved(position: 1, count: \(Int.max))", position: 3, itemCount: 3)
        ),
        (
            .changed(position: 2, count: .max, payload: nil),
            .invalidPosition(call: "onChanged(position: 2, count: \(Int.max), payload: nil)", position: 3, itemCount: 3)
        ),
    ])
    func invalidNotificationsAreInconsistencies(call: RecyclerViewCall, error: RecyclerViewError) {
        #expect(throws: error) { try replay(["a", "b", "c"], ["a", "b", "c"], [call]) }
    }

    @Test func messages() {
        #expect(
            RecyclerViewError.invalidPosition(call: "onRemoved(position: 3, count: 1)", position: 3, itemCount: 3)
                .description
                == "java.lang.IndexOutOfBoundsException: Inconsistency detected. Invalid item position 3 in "
                + "onRemoved(position: 3, count: 1): the list holds 3 items at that point.")
        #expect(
            RecyclerViewError.itemCountMismatch(notified: 4, adapter: 3).description
                == "java.lang.IndexOutOfBoundsException: Inconsistency detected. The notifications leave 4 items, "
                + "but the adapter's getItemCount() is 3.")
    }

    @Test func insertsMayReachTheRowsBeforePlusTheItemsAfterButNoMore() throws {
        let rows = try replay(
            ["a", "b"], ["c"], [.inserted(position: 2, count: 1), .removed(position: 0, count: 2)])
        #expect(rows.map(\.id) == ["c"])
        #expect(
            throws: RecyclerViewError.countOutOfRange(call: "onInserted(position: 0, count: 2)", count: 2, limit: 1)
        ) {
            try replay(["a", "b"], ["c"], [.inserted(position: 0, count: 2), .removed(position: 0, count: 3)])
        }
        #expect(
            RecyclerViewError.countOutOfRange(call: "onInserted(position: 0, count: 2)", count: 2, limit: 1)
                .description
                == "java.lang.IndexOutOfBoundsException: Inconsistency detected. Invalid item count 2 in "
                + "onInserted(position: 0, count: 2): at most 1 more items fit the list before and the adapter's "
                + "items after.")
    }

    @Test func removalsAtOldPositionsTopDownIgnoreTheShift() {
        #expect(
            throws: RecyclerViewError.invalidPosition(
                call: "onRemoved(position: 3, count: 1)", position: 3, itemCount: 3)
        ) {
            try replay(
                ["a", "b", "c", "d"], ["a", "c"], [.removed(position: 1, count: 1), .removed(position: 3, count: 1)])
        }
    }

    @Test func insertAtNewOffsetsThenDeleteAtOldOffsetsDeletesWhatWasJustInserted() throws {
        let rows = try replay(
            ["a", "b", "c"], ["c", "a", "d"],
            [
                .inserted(position: 0, count: 1), .inserted(position: 2, count: 1), .removed(position: 2, count: 1),
                .removed(position: 1, count: 1),
            ])
        #expect(rows.map(\.id) == ["c", "b", "c"])
    }
}
