import Testing
import UpdateCheckDiff

@testable import BatchUpdate

@Suite struct SequentialStepsTests {
    /// Replays steps on an array, each position in the list left by the
    /// steps before it, and checks that only the plan's moved items move,
    /// each once. Returns the list (inserted slots filled from `new`) and the
    /// refreshed positions.
    func replay(_ plan: UpdatePlan<Int>, _ steps: [SequentialStep]) -> (list: [Int], refreshed: [Int]) {
        var list: [Int?] = plan.old
        var moved: [Int] = []
        var refreshed: [Int] = []
        for step in steps {
            switch step {
            case .remove(let position, let count): list.removeSubrange(position..<position + count)
            case .insert(let position, let count):
                list.insert(contentsOf: [Int?](repeating: nil, count: count), at: position)
            case .move(let from, let to):
                let item = list.remove(at: from)
                if let item { moved.append(item) }
                list.insert(item, at: to)
            case .change(let position, let count): refreshed += Array(position..<position + count)
            }
        }
        let expectedMoves = plan.new.indices.filter { plan.isMoved(new: $0) }.map { plan.new[$0] }
        #expect(moved.sorted() == expectedMoves.sorted(), "\(plan.old) → \(plan.new): \(steps)")
        let filled = list.enumerated().map { $0.element ?? plan.new[$0.offset] }
        return (filled, refreshed)
    }

    @Test func theArticlePair() throws {
        let plan = try UpdatePlan(from: ["a", "b", "c"], to: ["c", "a", "d"], changed: ["a"])
        #expect(
            plan.sequentialSteps() == [
                .remove(position: 1, count: 1), .move(from: 1, to: 0), .insert(position: 2, count: 1),
                .change(position: 1, count: 1),
            ])
        #expect(
            plan.sequentialSteps().map(\.description) == [
                "remove 1 (count 1)", "move 1 → 0", "insert 2 (count 1)", "change 1 (count 1)",
            ])
    }

    @Test func runsBecomeRanges() throws {
        let plan = try UpdatePlan(from: [1, 2, 3, 4, 5, 6], to: [1, 7, 8, 4, 6], changed: [1, 4, 6])
        #expect(
            plan.sequentialSteps() == [
                .remove(position: 4, count: 1), .remove(position: 1, count: 2), .insert(position: 1, count: 2),
                .change(position: 0, count: 1), .change(position: 3, count: 2),
            ])
    }

    @Test func deleteAndInsertReplacesMovedChangedItems() throws {
        let plan = try UpdatePlan(from: ["a", "b"], to: ["b", "a"], changed: ["a", "b"])
        let moved = plan.new.indices.first { plan.isMoved(new: $0) }!
        let steps = plan.sequentialSteps(movedAndChanged: .deleteAndInsert)
        #expect(!steps.contains { if case .move = $0 { true } else { false } })
        #expect(steps.contains(.insert(position: moved, count: 1)))
        #expect(steps.last == .change(position: 1 - moved, count: 1))
    }

    @Test func everyPairOverFiveIDsReachesNew() throws {
        let snapshots = orderedSelections(of: Array(0..<5))
        for old in snapshots {
            for new in snapshots {
                let changed = new.filter { old.contains($0) && $0 % 2 == 0 }
                let plan = try UpdatePlan(from: old, to: new, changed: changed)
                let (list, refreshed) = replay(plan, plan.sequentialSteps())
                #expect(list == new)
                #expect(refreshed == new.indices.filter { plan.isChanged(new: $0) })
            }
        }
    }

    @Test func randomLargePairsReachNew() {
        for index in 0..<200 {
            let pair = RandomPairs.pair(index, seed: 99, maxItems: 600)
            let plan = ConformanceKit.plan(pair)
            let (list, refreshed) = replay(plan, plan.sequentialSteps())
            #expect(list == pair.new, "random pair \(index)")
            #expect(refreshed == pair.new.indices.filter { plan.isChanged(new: $0) })
        }
    }
}
