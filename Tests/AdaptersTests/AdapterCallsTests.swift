import BatchUpdate
import Testing
import UpdateCheckAppKit
import UpdateCheckDiffable
import UpdateCheckRecyclerView
import UpdateCheckUIKit

/// The calls each adapter makes for the article's pair, [a, b, c] → [c, a, d]
/// with a's content changed (b deleted, c moved from 2 to 0, d inserted).
@Suite struct AdapterCallsTests {
    let plan = try! UpdatePlan(from: ["a", "b", "c"], to: ["c", "a", "d"], changed: ["a"])
    let movedAndChanged = try! UpdatePlan(from: ["a", "b", "c"], to: ["c", "a", "d"], changed: ["c"])

    func path(_ item: Int) -> ItemPath { ItemPath(item: item) }

    @Test func uikit() {
        #expect(
            UIKitBatchAdapter<String>().batches(for: plan) == [
                UpdateBatch(
                    dataSource: ["c", "a", "d"],
                    calls: [.deleteItems([path(1)]), .insertItems([path(2)]), .moveItem(at: path(2), to: path(0))]),
                UpdateBatch(dataSource: ["c", "a", "d"], calls: [.reconfigureItems([path(1)])]),
            ])
        #expect(
            UIKitBatchAdapter<String>().batches(for: movedAndChanged).map { $0.calls.map(\.description) } == [
                ["deleteItems(at: [[0, 1]])", "insertItems(at: [[0, 2]])", "moveItem(at: [0, 2], to: [0, 0])"],
                ["reconfigureItems(at: [[0, 0]])"],
            ])
        #expect(
            UIKitBatchAdapter<String>(movedAndChanged: .deleteAndInsert, refresh: .reload).batches(for: movedAndChanged)
                .map { $0.calls.map(\.description) } == [
                    ["deleteItems(at: [[0, 1], [0, 2]])", "insertItems(at: [[0, 0], [0, 2]])"]
                ])
        #expect(
            UIKitBatchAdapter<String>(refresh: .reload).batches(for: plan).last?.calls == [.reloadItems([path(1)])])
    }

    /// DifferenceKit's order: the changed items are refreshed at their old
    /// paths over the old items first, then deleted, inserted and moved.
    @Test func uikitRefreshThenMove() {
        let adapter = UIKitBatchAdapter<String>(movedAndChanged: .refreshThenMove)
        #expect(
            adapter.batches(for: movedAndChanged) == [
                UpdateBatch(dataSource: ["a", "b", "c"], calls: [.reconfigureItems([path(2)])]),
                UpdateBatch(
                    dataSource: ["c", "a", "d"],
                    calls: [.deleteItems([path(1)]), .insertItems([path(2)]), .moveItem(at: path(2), to: path(0))]),
            ])
        #expect(
            UIKitBatchAdapter<String>(movedAndChanged: .refreshThenMove, refresh: .reload).batches(for: plan).first
                == UpdateBatch(dataSource: ["a", "b", "c"], calls: [.reloadItems([path(0)])]))
        let onlyChanged = try! UpdatePlan(from: ["a", "b"], to: ["a", "b"], changed: ["b", "a"])
        #expect(
            adapter.batches(for: onlyChanged) == [
                UpdateBatch(dataSource: ["a", "b"], calls: [.reconfigureItems([path(0), path(1)])])
            ])
        #expect(adapter.summary.contains("refreshed at their old paths in batch 1, then moved in batch 2"))
    }

    @Test func appkit() {
        #expect(
            AppKitTableAdapter<String>().batches(for: plan) == [
                UpdateBatch(
                    dataSource: ["c", "a", "d"], calls: [.removeRows([1]), .moveRow(at: 1, to: 0), .insertRows([2])]),
                UpdateBatch(dataSource: ["c", "a", "d"], calls: [.reloadRows([1])]),
            ])
        #expect(AppKitTableAdapter<String>().batches(for: plan)[0].calls[1].description == "moveRow(at: 1, to: 0)")
    }

    @Test func recyclerView() {
        #expect(
            RecyclerViewUpdateAdapter<String>().batches(for: plan).map { $0.calls.map(\.description) } == [
                [
                    "onRemoved(position: 1, count: 1)", "onMoved(fromPosition: 1, toPosition: 0)",
                    "onInserted(position: 2, count: 1)", "onChanged(position: 1, count: 1, payload: \"content\")",
                ]
            ])
    }

    @Test func diffable() {
        #expect(
            DiffableDataSourceAdapter<String>().batches(for: plan) == [
                UpdateBatch(
                    dataSource: ["c", "a", "d"],
                    calls: [SnapshotApplyCall(items: ["c", "a", "d"], reconfigured: ["a"])])
            ])
        #expect(
            DiffableDataSourceAdapter<String>(refresh: .reload).batches(for: plan)[0].calls[0].description
                == "apply(snapshot: [\"c\", \"a\", \"d\"], reconfigureItems: [], reloadItems: [\"a\"])")
    }

    @Test func anEmptyPlanMakesNoCalls() throws {
        let same = try UpdatePlan(from: ["a"], to: ["a"])
        #expect(UIKitBatchAdapter<String>().batches(for: same).isEmpty)
        #expect(AppKitTableAdapter<String>().batches(for: same).isEmpty)
        #expect(RecyclerViewUpdateAdapter<String>().batches(for: same).isEmpty)
        #expect(DiffableDataSourceAdapter<String>().batches(for: same).isEmpty)
    }

    @Test func namesAndPolicies() {
        #expect(UIKitBatchAdapter<Int>().name == "uikit")
        #expect(
            UIKitBatchAdapter<Int>(movedAndChanged: .deleteAndInsert, refresh: .reload).name
                == "uikit-reload-delete-insert")
        #expect(UIKitBatchAdapter<Int>(movedAndChanged: .refreshThenMove).name == "uikit-refresh-then-move")
        #expect(AppKitTableAdapter<Int>().name == "appkit")
        #expect(RecyclerViewUpdateAdapter<Int>(payload: nil).name == "recyclerview-no-payload")
        #expect(DiffableDataSourceAdapter<Int>(refresh: .reload).name == "diffable-reload")
        #expect(UIKitBatchAdapter<Int>().policy.description == "moved+changed: move-then-refresh, refresh: reconfigure")
        #expect(AppKitTableAdapter<Int>().policy == AdapterPolicy(movedAndChanged: .moveThenRefresh, refresh: .reload))
        #expect(RecyclerViewUpdateAdapter<Int>().policy.refresh == .reconfigure)
    }
}
