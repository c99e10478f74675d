import BatchUpdate
import Testing
import UpdateCheckAnimatedList
import UpdateCheckAppKit
import UpdateCheckDiff
import UpdateCheckDiffable
import UpdateCheckRecyclerView
import UpdateCheckUIKit

/// Every built-in adapter, in every configuration, passes the conformance
/// kit: every pair over five IDs (every changed subset up to four kept
/// items) and 1,000 random pairs of up to 1,000 items.
@Suite struct ConformanceTests {
    static let options = ConformanceOptions(ids: 5, randomPairs: 1000, maxRandomItems: 1000, seed: 2024)

    @Test func uikitReconfigure() { expectPasses(UIKitBatchAdapter<Int>()) }
    @Test func uikitReload() { expectPasses(UIKitBatchAdapter<Int>(refresh: .reload)) }
    @Test func uikitDeleteAndInsert() { expectPasses(UIKitBatchAdapter<Int>(movedAndChanged: .deleteAndInsert)) }
    @Test func uikitRefreshThenMove() { expectPasses(UIKitBatchAdapter<Int>(movedAndChanged: .refreshThenMove)) }
    @Test func uikitReloadThenMove() {
        expectPasses(UIKitBatchAdapter<Int>(movedAndChanged: .refreshThenMove, refresh: .reload))
    }
    @Test func appkit() { expectPasses(AppKitTableAdapter<Int>()) }
    @Test func recyclerView() { expectPasses(RecyclerViewUpdateAdapter<Int>()) }
    @Test func recyclerViewWithoutPayload() { expectPasses(RecyclerViewUpdateAdapter<Int>(payload: nil)) }
    @Test func diffable() { expectPasses(DiffableDataSourceAdapter<Int>()) }
    @Test func diffableReload() { expectPasses(DiffableDataSourceAdapter<Int>(refresh: .reload)) }
    @Test func animatedList() { expectPasses(AnimatedListAdapter<Int>()) }

    /// The figure `ConformanceReport`'s documentation quotes for `ids: 5`.
    @Test func fiveIDsMake913721ExhaustiveCases() { #expect(Self.exhaustiveCases == 913_721) }

    /// The number of exhaustive cases over five IDs, counted from the rule:
    /// every changed subset when a pair keeps at most four items; otherwise
    /// none, all, the moved and the unmoved ones — two distinct subsets when
    /// nothing moves.
    static let exhaustiveCases: Int = {
        let snapshots = orderedSelections(of: Array(0..<5))
        var total = 0
        for old in snapshots {
            for new in snapshots {
                let kept = Set(old).intersection(new).count
                total += kept <= 4 ? 1 << kept : (old == new ? 2 : 4)
            }
        }
        return total
    }()

    func expectPasses<Adapter: UpdateAdapter>(_ adapter: Adapter) where Adapter.Plan == UpdatePlan<Int> {
        let report = ConformanceKit.check(adapter, options: Self.options)
        #expect(report.passed, "\(report)")
        #expect(report.casesChecked == Self.exhaustiveCases + 1000)
        #expect(report.exhaustiveCasesChecked == Self.exhaustiveCases && report.randomCasesChecked == 1000)
        #expect(report.groups.count == 326 + 10)
        #expect(report.groups.allSatisfy { $0.failureCount == 0 && $0.casesChecked > 0 })
    }
}
