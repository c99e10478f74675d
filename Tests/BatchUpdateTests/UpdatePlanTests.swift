import BatchUpdate
import Testing
import UpdateCheckDiff

@Suite struct UpdatePlanTests {
    /// The article's pair: old [a, b, c], new [c, a, d]; a's title changed.
    let plan = try! UpdatePlan(from: ["a", "b", "c"], to: ["c", "a", "d"], changed: ["a"])

    @Test func everyItemIsDeletedInsertedOrKept() {
        #expect(
            plan.items == [
                .deleted("b", from: ItemPath(item: 1)),
                .kept("c", from: ItemPath(item: 2), to: ItemPath(item: 0), isMoved: true, isChanged: false),
                .kept("a", from: ItemPath(item: 0), to: ItemPath(item: 1), isMoved: false, isChanged: true),
                .inserted("d", at: ItemPath(item: 2)),
            ])
        #expect(
            plan.items.map(\.description) == [
                "delete b at [0, 1]", "keep c [0, 2] → [0, 0] (moved)", "keep a [0, 0] → [0, 1] (changed)",
                "insert d at [0, 2]",
            ])
    }

    @Test func countsAndLookups() {
        #expect(
            [plan.deletedCount, plan.insertedCount, plan.movedCount, plan.changedCount, plan.keptCount]
                == [1, 1, 1, 1, 2])
        #expect(plan.newIndex(ofOld: 0) == 1)
        #expect(plan.newIndex(ofOld: 1) == nil)
        #expect(plan.oldIndex(ofNew: 0) == 2)
        #expect(plan.oldIndex(ofNew: 2) == nil)
        #expect(plan.isMoved(new: 0) && !plan.isMoved(new: 1))
        #expect(plan.isChanged(new: 1) && !plan.isChanged(new: 0))
        #expect(!plan.isEmpty)
    }

    @Test func pathsUseSectionZero() {
        #expect(plan.deletions == [ItemPath(section: 0, item: 1)])
        #expect(plan.insertions == [ItemPath(item: 2)])
        #expect(plan.moves == [PlannedMove(from: ItemPath(item: 2), to: ItemPath(item: 0))])
        #expect(plan.refreshes == [PlannedRefresh(from: ItemPath(item: 0), to: ItemPath(item: 1), isMoved: false)])
        #expect(plan.changedIDs == ["a"])
        #expect(plan.moves.map(\.description) == ["[0, 2] → [0, 0]"])
    }

    @Test func onlyContentChangedIsNotEmpty() throws {
        let same = try UpdatePlan(from: ["a", "b"], to: ["a", "b"])
        #expect(same.isEmpty && same.items.count == 2)
        let retitled = try UpdatePlan(from: ["a", "b"], to: ["a", "b"], changed: ["b"])
        #expect(!retitled.isEmpty && retitled.deletions.isEmpty && retitled.insertions.isEmpty)
    }

    @Test func buildsFromListChanges() throws {
        struct Row: Equatable {
            var id: String
            var title: String
        }
        let old = [Row(id: "a", title: "A"), Row(id: "b", title: "B")]
        let new = [Row(id: "b", title: "B"), Row(id: "a", title: "A!")]
        let changes = try diff(from: old, to: new, id: \.id)
        let fromChanges = try UpdatePlan(old: ["a", "b"], new: ["b", "a"], changes: changes)
        #expect(fromChanges == (try UpdatePlan(from: ["a", "b"], to: ["b", "a"], changed: ["a"])))
        #expect(fromChanges.changedIDs == ["a"])
    }

    @Test func duplicateIDsAreRejected() {
        #expect {
            try UpdatePlan(from: ["a", "b", "a"], to: ["a"])
        } throws: { error in
            (error as? BatchUpdateError)
                == .invalidSnapshots(.duplicateIDs(in: .old, duplicates: [DuplicateID(id: "a", offsets: [0, 2])]))
        }
        // A hand-made diff that fits a pair with repeated IDs (an empty one)
        // is refused too: a diffable data source would raise on the IDs.
        let empty = SnapshotDiff<String>(oldCount: 2, newCount: 2, deletions: [], insertions: [], moves: [])
        #expect(
            throws: BatchUpdateError.invalidSnapshots(
                .duplicateIDs(in: .old, duplicates: [DuplicateID(id: "a", offsets: [0, 1])]))
        ) { try UpdatePlan(old: ["a", "a"], new: ["a", "a"], diff: empty, changed: ["a"]) }
        let long = (0..<20).map { "i\($0)" }
        let kept = SnapshotDiff<String>(oldCount: 21, newCount: 21, deletions: [], insertions: [], moves: [])
        #expect(
            throws: BatchUpdateError.invalidSnapshots(
                .duplicateIDs(in: .new, duplicates: [DuplicateID(id: "i3", offsets: [3, 20])]))
        ) { try UpdatePlan(old: long + ["x"], new: long + ["i3"], diff: kept) }
    }

    @Test(arguments: ["b", "d", "z"])
    func changedIDsMustBeKept(id: String) {
        #expect(throws: BatchUpdateError.changedIDNotKept(id: id)) {
            try UpdatePlan(from: ["a", "b", "c"], to: ["c", "a", "d"], changed: [id])
        }
        #expect(
            BatchUpdateError.changedIDNotKept(id: id).description
                == "The ID \"\(id)\" is marked as content-changed but is not present in both snapshots.")
    }

    @Test func aDiffOfAnotherPairIsRefused() throws {
        let other = try diff(from: ["a", "b"], to: ["b"])
        #expect(throws: BatchUpdateError.diffDoesNotFit(reason: "it deletes \"a\" at old offset 0.")) {
            try UpdatePlan(old: ["b", "a"], new: ["b"], diff: other)
        }
        #expect(throws: BatchUpdateError.diffDoesNotFit(reason: "it is for 2 → 1 items, the snapshots hold 3 → 1.")) {
            try UpdatePlan(old: ["a", "b", "c"], new: ["b"], diff: other)
        }
        let swap = try diff(from: ["a", "b"], to: ["b", "a"])
        #expect(throws: BatchUpdateError.self) { try UpdatePlan(old: ["a", "b"], new: ["a", "b"], diff: swap) }
        let empty = try diff(from: ["a", "b"], to: ["a", "b"])
        #expect(
            throws: BatchUpdateError.diffDoesNotFit(
                reason: "new offset 0 holds \"b\", which the diff neither inserts nor moves, but the next kept old "
                    + "item is \"a\".")
        ) { try UpdatePlan(old: ["a", "b"], new: ["b", "a"], diff: empty) }
        #expect(
            BatchUpdateError.diffDoesNotFit(reason: "x.").description
                == "The diff does not belong to these snapshots: x.")
    }

    @Test func everyExhaustivePairHasConsistentFates() throws {
        let snapshots = orderedSelections(of: ["a", "b", "c", "d"])
        for old in snapshots {
            for new in snapshots {
                let plan = try UpdatePlan(from: old, to: new)
                var kept = 0
                for index in old.indices {
                    if let target = plan.newIndex(ofOld: index) {
                        #expect(new[target] == old[index] && plan.oldIndex(ofNew: target) == index)
                        kept += 1
                    } else {
                        #expect(!new.contains(old[index]))
                    }
                }
                #expect(kept == plan.keptCount && plan.insertedCount == new.count - kept)
                // Items that stay put keep their relative order.
                let stationary = new.indices.filter { plan.oldIndex(ofNew: $0) != nil && !plan.isMoved(new: $0) }
                let sources = stationary.map { plan.oldIndex(ofNew: $0)! }
                #expect(sources == sources.sorted())
            }
        }
    }
}
