import BatchUpdate
import Testing
import UpdateCheckAppKit
import UpdateCheckDiffable
import UpdateCheckRecyclerView
import UpdateCheckUIKit

/// Deliberately broken variants of the built-in adapters: the kit catches
/// each on its models and names the smallest failing case.
@Suite struct BrokenAdapterTests {
    let options = ConformanceOptions(ids: 3, randomPairs: 50, maxRandomItems: 60, seed: 1)

    /// Reloads changed items in the same batch as the moves, at their old paths.
    struct ReloadInOneBatch: UpdateAdapter {
        typealias Model = UIKitBatchModel<Int>
        var name: String { "uikit-one-batch" }
        var summary: String { "" }
        var policy: AdapterPolicy { AdapterPolicy(movedAndChanged: .moveThenRefresh, refresh: .reload) }
        func batches(for plan: UpdatePlan<Int>) -> [UpdateBatch<[Int], UIKitBatchCall>] {
            let batches = UIKitBatchAdapter<Int>(refresh: .reload).batches(for: plan)
            let oldPaths = plan.refreshes.map(\.from)
            // Without content changes every batch is structural; otherwise the last one holds the reloads.
            var calls = (plan.changedCount == 0 ? batches : batches.dropLast()).flatMap(\.calls)
            if !oldPaths.isEmpty { calls.append(.reloadItems(oldPaths)) }
            return calls.isEmpty ? [] : [UpdateBatch(dataSource: plan.new, calls: calls)]
        }
    }

    @Test func uikitReloadsAndMovesInOneBatch() throws {
        let report = ConformanceKit.check(ReloadInOneBatch(), options: options)
        let smallest = try #require(report.smallestFailure)
        #expect(smallest.old.count == 2 && smallest.new.count == 2)
        guard case .toolkitError(batch: 1, let message) = smallest.problem else {
            Issue.record("expected a UIKit exception, got \(smallest.problem)")
            return
        }
        #expect(message.hasPrefix("attempt to perform "))
    }

    /// Removes deleted rows one call each, at their old indexes, top down.
    struct RowByRow: UpdateAdapter {
        typealias Model = AppKitTableModel<Int>
        var name: String { "appkit-row-by-row" }
        var summary: String { "" }
        var policy: AdapterPolicy { AppKitTableAdapter<Int>().policy }
        func batches(for plan: UpdatePlan<Int>) -> [UpdateBatch<[Int], AppKitTableCall>] {
            AppKitTableAdapter<Int>().batches(for: plan).map { batch in
                var calls: [AppKitTableCall] = []
                for call in batch.calls {
                    if case .removeRows(let rows) = call {
                        calls += rows.map { .removeRows([$0]) }
                    } else {
                        calls.append(call)
                    }
                }
                return UpdateBatch(dataSource: batch.dataSource, calls: calls)
            }
        }
    }

    @Test func appkitRemovalsThatIgnoreTheShift() throws {
        let smallest = try #require(ConformanceKit.check(RowByRow(), options: options).smallestFailure)
        #expect(smallest.pair == "[a, b] → [], changed []")
        #expect(
            smallest.problem
                == .toolkitError(
                    batch: 1, message: "NSTableView error inserting/removing/moving row 1 (numberOfRows: 1)."))
        #expect(smallest.calls == [["removeRows(at: [0])", "removeRows(at: [1])"]])
    }

    /// Sends changes without a payload but declares that cells are kept.
    struct NoPayload: UpdateAdapter {
        typealias Model = RecyclerViewModel<Int>
        var name: String { "recyclerview-lying" }
        var summary: String { "" }
        var policy: AdapterPolicy { RecyclerViewUpdateAdapter<Int>().policy }
        func batches(for plan: UpdatePlan<Int>) -> [UpdateBatch<[Int], RecyclerViewCall>] {
            RecyclerViewUpdateAdapter<Int>(payload: nil).batches(for: plan)
        }
    }

    @Test func recyclerViewChangesWithoutPayloadReplaceTheViewHolder() throws {
        let smallest = try #require(ConformanceKit.check(NoPayload(), options: options).smallestFailure)
        #expect(smallest.pair == "[a] → [a], changed [a]")
        #expect(smallest.problem == .lostCell(id: "a", row: 0))
        #expect(smallest.problem.description == "a (row 0) lost its cell, which the adapter's policy keeps")
    }

    /// Declares delete+insert for moved and changed items but moves them.
    struct WrongDeclaration: UpdateAdapter {
        typealias Model = UIKitBatchModel<Int>
        var name: String { "uikit-wrong-declaration" }
        var summary: String { "" }
        var policy: AdapterPolicy { AdapterPolicy(movedAndChanged: .deleteAndInsert, refresh: .reconfigure) }
        func batches(for plan: UpdatePlan<Int>) -> [UpdateBatch<[Int], UIKitBatchCall>] {
            UIKitBatchAdapter<Int>().batches(for: plan)
        }
    }

    @Test func aPolicyThatDoesNotMatchTheCallsIsCaught() throws {
        let smallest = try #require(ConformanceKit.check(WrongDeclaration(), options: options).smallestFailure)
        #expect(smallest.old.count == 2 && smallest.changed.count == 1)
        guard case .keptCell = smallest.problem else {
            Issue.record("expected keptCell, got \(smallest.problem)")
            return
        }
    }

    /// Applies the new snapshot but forgets the reconfigured items.
    struct ForgetsReconfigure: UpdateAdapter {
        typealias Model = DiffableDataSourceModel<Int>
        var name: String { "diffable-forgetful" }
        var summary: String { "" }
        var policy: AdapterPolicy { DiffableDataSourceAdapter<Int>().policy }
        func batches(for plan: UpdatePlan<Int>) -> [UpdateBatch<[Int], SnapshotApplyCall<Int>>] {
            [UpdateBatch(dataSource: plan.new, calls: [SnapshotApplyCall(items: plan.new)])]
        }
    }

    @Test func diffableWithoutReconfigure() throws {
        let smallest = try #require(ConformanceKit.check(ForgetsReconfigure(), options: options).smallestFailure)
        #expect(smallest.pair == "[a] → [a], changed [a]")
        #expect(smallest.problem == .notRefreshed(id: "a", row: 0))
    }
}
