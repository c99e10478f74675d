import BatchUpdate
import Testing
import UpdateCheckAnimatedList

@Suite struct AnimatedListModelTests {
    func replay(_ old: [String], _ items: [String], _ calls: [AnimatedListCall]) throws(AnimatedListError)
        -> [DisplayedRow<String>]
    {
        var model = AnimatedListModel(showing: old)
        try model.perform(UpdateBatch(dataSource: items, calls: calls))
        return model.displayed
    }

    @Test func eachCallSeesTheListTheCallsBeforeItLeft() throws {
        let rows = try replay(
            ["a", "b", "c"], ["c", "a", "d"],
            [.removeItem(index: 2), .removeItem(index: 1), .insertItem(index: 0), .insertItem(index: 2)])
        #expect(rows.map(\.id) == ["c", "a", "d"] && rows.map(\.cell) == [3, 0, 4])
        #expect(rows.map(\.isRefreshed) == [true, false, true])
    }

    @Test func anUpdateRebuildsInPlace() throws {
        let rows = try replay(["a", "b"], ["a", "B"], [.updateItem(index: 1)])
        #expect(rows[1] == DisplayedRow(id: "B", cell: 1, isRefreshed: true))
    }

    @Test(arguments: [
        (
            AnimatedListCall.insertItem(index: 4),
            AnimatedListError.indexOutOfRange(call: "insertItem(index: 4)", index: 4, itemCount: 3)
        ),
        (.removeItem(index: 3), .indexOutOfRange(call: "removeItem(index: 3)", index: 3, itemCount: 3)),
        (.updateItem(index: -1), .indexOutOfRange(call: "updateItem(index: -1)", index: -1, itemCount: 3)),
    ])
    func indexesOutsideTheListAreRefused(call: AnimatedListCall, error: AnimatedListError) {
        #expect(throws: error) { try replay(["a", "b", "c"], ["a", "b", "c"], [call]) }
    }

    @Test func theDataSourceMustHoldWhatTheCallsLeave() {
        #expect(throws: AnimatedListError.itemCountMismatch(list: 2, dataSource: 1)) {
            try replay(["a", "b"], ["a"], [])
        }
        #expect(AnimatedListError.itemCountMismatch(list: 2, dataSource: 1).description.contains("leave 2 items"))
    }
}

@Suite struct AnimatedListAdapterTests {
    @Test func aMoveIsARemovalAndAnInsertion() {
        let plan = try! UpdatePlan(from: ["a", "b", "c"], to: ["c", "a", "d"], changed: ["a"])
        #expect(
            AnimatedListAdapter<String>().batches(for: plan).map { $0.calls.map(\.description) } == [
                [
                    "removeItem(index: 1)", "removeItem(index: 1)", "insertItem(index: 0)", "insertItem(index: 2)",
                    "updateItem(index: 1)",
                ]
            ])
        #expect(AnimatedListAdapter<String>().batches(for: try! UpdatePlan(from: ["a"], to: ["a"])).isEmpty)
    }

    @Test func passesTheKitWithItsPolicy() {
        let report = ConformanceKit.check(
            AnimatedListAdapter<Int>(),
            options: ConformanceOptions(ids: 5, randomPairs: 300, maxRandomItems: 500, seed: 9))
        #expect(report.passed, "\(report)")
        #expect(report.exhaustiveCasesChecked == ConformanceTests.exhaustiveCases)
    }

    /// The same calls, declared with the default policy (moves keep cells).
    struct DefaultPolicy: UpdateAdapter {
        typealias Model = AnimatedListModel<Int>
        var name: String { "animatedlist-default-policy" }
        var summary: String { "AnimatedList calls under a policy that promises moves keep cells." }
        var policy: AdapterPolicy { AdapterPolicy(movedAndChanged: .moveThenRefresh, refresh: .reconfigure) }
        func batches(for plan: UpdatePlan<Int>) -> [UpdateBatch<[Int], AnimatedListCall>] {
            AnimatedListAdapter<Int>().batches(for: plan)
        }
    }

    @Test func failsOnTheSmallestMoveWithTheDefaultPolicy() throws {
        let report = ConformanceKit.check(DefaultPolicy(), options: ConformanceOptions(ids: 3))
        let smallest = try #require(report.smallestFailure)
        #expect(smallest.pair == "[a, b] → [b, a], changed []")
        #expect(smallest.problem.description == "b (row 0) was refreshed although its content did not change")
    }
}
