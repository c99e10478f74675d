import BatchUpdate
import Testing
import UpdateCheckDiff
import UpdateCheckUIKit

/// The custom adapter of the README's "Plugging in your own adapter", proved
/// the way the README shows.
struct DesignSystemListAdapter<ID: Hashable & Sendable>: UpdateAdapter {
    typealias Model = UIKitBatchModel<ID>  // our list wraps a UICollectionView
    var name: String { "design-system-list" }
    var summary: String { "One performBatchUpdates block; changed items get a new cell." }
    var policy: AdapterPolicy { AdapterPolicy(movedAndChanged: .deleteAndInsert, refresh: .reload) }

    func batches(for plan: UpdatePlan<ID>) -> [UpdateBatch<[ID], UIKitBatchCall>] {
        var deletes = plan.deletions
        var inserts = plan.insertions
        var moves: [UIKitBatchCall] = []
        for case .kept(_, let from, let to, let isMoved, let isChanged) in plan.items {
            if isChanged {  // a new cell, in the same batch
                deletes.append(from)
                inserts.append(to)
            } else if isMoved {
                moves.append(.moveItem(at: from, to: to))
            }
        }
        let calls = [UIKitBatchCall.deleteItems(deletes), .insertItems(inserts)] + moves
        return plan.isEmpty ? [] : [UpdateBatch(dataSource: plan.new, calls: calls)]
    }
}

@Suite struct ReadmeAdapterTests {
    @Test func designSystemListIsCorrect() {
        let report = ConformanceKit.check(
            DesignSystemListAdapter<Int>(), options: ConformanceOptions(ids: 5, randomPairs: 1000, seed: 42))
        #expect(report.passed, "\(report)")
    }

    @Test func reloadingInTheSameBatchIsCaught() throws {
        // The one-batch variant everyone writes first: reload changed items
        // at their old paths next to the moves.
        struct OneBatchReload: UpdateAdapter {
            typealias Model = UIKitBatchModel<Int>
            var name: String { "one-batch-reload" }
            var summary: String { "" }
            var policy: AdapterPolicy { AdapterPolicy(movedAndChanged: .moveThenRefresh, refresh: .reload) }
            func batches(for plan: UpdatePlan<Int>) -> [UpdateBatch<[Int], UIKitBatchCall>] {
                let moves = plan.moves.map { UIKitBatchCall.moveItem(at: $0.from, to: $0.to) }
                let calls =
                    [
                        .deleteItems(plan.deletions), .insertItems(plan.insertions),
                        .reloadItems(plan.refreshes.map(\.from)),
                    ]
                    + moves
                return plan.isEmpty ? [] : [UpdateBatch(dataSource: plan.new, calls: calls)]
            }
        }
        let report = ConformanceKit.check(OneBatchReload(), options: ConformanceOptions(ids: 5))
        let smallest = try #require(report.smallestFailure)
        #expect(
            smallest.description == """
                [a, b] → [b, a], changed [b]: batch 1 raised: attempt to perform a delete and a move from the same \
                index path ({length = 2, path = 0 - 1}) (the path is reloaded, and a reload is a delete plus an insert)
                  batch 1: deleteItems(at: []); insertItems(at: []); reloadItems(at: [[0, 1]]); moveItem(at: [0, 1], to: [0, 0])
                """)
    }
}

/// The README's sectioned example ("Sectioned lists"), as written there.
@Suite struct ReadmeSectionedExampleTests {
    @Test func sectionedExampleHolds() throws {
        let old: SectionedSnapshot<String, String> = [.init(id: "S", items: ["a", "b"]), .init(id: "T", items: ["c"])]
        let new: SectionedSnapshot<String, String> = [.init(id: "S", items: ["b"]), .init(id: "T", items: ["a", "c"])]
        let plan = try SectionedUpdatePlan(old: old, new: new, changedSections: ["T"])
        #expect(plan.diff.itemMoves.count == 1)
        let batches = UIKitSectionedAdapter<String, String>().batches(for: plan)
        #expect(
            batches.map(\.description) == [
                "moveItem(at: [0, 0], to: [1, 0]) → [S: b | T: a c]", "reloadSections(sections: [1]) → [S: b | T: a c]",
            ])
        #expect(ConformanceKit.problem(of: UIKitSectionedAdapter<String, String>(), plan: plan) == nil)
        let report = ConformanceKit.check(
            UIKitSectionedAdapter<ExhaustiveSectionID, ExhaustiveID>(),
            options: ConformanceOptions(sections: 2, sectionedIDs: 3)
        )
        #expect(report.casesChecked == 48_633 && report.passed)
        #expect(report.testCases.count == 131)
    }
}
