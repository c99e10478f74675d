import Testing
import UpdateCheckDiff

@testable import BatchUpdate

/// A toy toolkit without a move primitive: the plan's sequential steps with
/// every moved item removed and inserted again.
struct MovelessStepAdapter: UpdateAdapter {
    typealias Model = StepModel

    var policy = AdapterPolicy(movedAndChanged: .deleteAndInsert, refresh: .reconfigure, moves: .replacesCell)
    var name: String { "moveless-steps" }
    var summary: String { "Toy sequential toolkit without moves." }

    func batches(for plan: UpdatePlan<Int>) -> [UpdateBatch<[Int], SequentialStep>] {
        let steps = plan.sequentialSteps(movedAndChanged: .deleteAndInsert, moves: .replacesCell)
        return steps.isEmpty ? [] : [UpdateBatch(dataSource: plan.new, calls: steps)]
    }
}

@Suite struct AdapterPolicyTests {
    @Test func aMoveThatReplacesTheCellExpectsAFreshCell() {
        let moveless = AdapterPolicy(movedAndChanged: .deleteAndInsert, refresh: .reconfigure, moves: .replacesCell)
        for changed in [false, true] {
            #expect(
                moveless.expectation(isMoved: true, isChanged: changed)
                    == RowExpectation(keepsCell: false, isRefreshed: true))
        }
        #expect(
            moveless.expectation(isMoved: false, isChanged: false)
                == RowExpectation(keepsCell: true, isRefreshed: false))
        #expect(
            moveless.expectation(isMoved: false, isChanged: true) == RowExpectation(keepsCell: true, isRefreshed: true))
        #expect(moveless.description == "moved+changed: delete-and-insert, refresh: reconfigure, moves: replaces-cell")
        #expect(AdapterPolicy(movedAndChanged: .moveThenRefresh, refresh: .reload).moves == .keepsCell)
    }

    @Test func refreshThenMoveExpectsWhatMoveThenRefreshExpects() {
        for refresh in RefreshStyle.allCases {
            let staged = AdapterPolicy(movedAndChanged: .refreshThenMove, refresh: refresh)
            let plain = AdapterPolicy(movedAndChanged: .moveThenRefresh, refresh: refresh)
            for (moved, changed) in [(false, false), (false, true), (true, false), (true, true)] {
                #expect(
                    staged.expectation(isMoved: moved, isChanged: changed)
                        == plain.expectation(isMoved: moved, isChanged: changed))
            }
        }
        #expect(MovedAndChangedPolicy(rawValue: "refresh-then-move") == .refreshThenMove)
    }

    @Test func stepsWithoutMovesRemoveAndInsertEveryMovedItem() throws {
        let plan = try UpdatePlan(from: [0, 1, 2, 3], to: [3, 0, 1, 2], changed: [1])
        #expect(plan.sequentialSteps().contains(.move(from: 3, to: 0)))
        let steps = plan.sequentialSteps(moves: .replacesCell)
        #expect(
            steps == [.remove(position: 3, count: 1), .insert(position: 0, count: 1), .change(position: 2, count: 1)])
    }

    @Test func aMovelessToolkitPassesWithItsPolicy() {
        let report = ConformanceKit.check(
            MovelessStepAdapter(), options: ConformanceOptions(ids: 4, randomPairs: 200, maxRandomItems: 300, seed: 11))
        #expect(report.passed, "\(report)")
        #expect(report.exhaustiveCasesChecked == 26_669 && report.randomCasesChecked == 200)
    }

    @Test func theSameCallsFailUnderTheDefaultPolicy() throws {
        var adapter = MovelessStepAdapter()
        adapter.policy = AdapterPolicy(movedAndChanged: .moveThenRefresh, refresh: .reconfigure)
        let failure = try #require(try ConformanceKit.check(adapter, old: [0, 1], new: [1, 0]))
        #expect(failure.problem == .refreshedWithoutChange(id: "1", row: 0))
        let report = ConformanceKit.check(adapter, options: ConformanceOptions(ids: 2))
        #expect(report.smallestFailure?.pair == "[a, b] → [b, a], changed []")
    }
}

@Suite struct RecordedCallsTests {
    let policy = AdapterPolicy(movedAndChanged: .moveThenRefresh, refresh: .reconfigure)

    @Test func aCorrectLogPasses() throws {
        let log = [
            UpdateBatch(
                dataSource: [2, 0, 3],
                calls: [
                    SequentialStep.remove(position: 1, count: 1), .move(from: 1, to: 0), .insert(position: 2, count: 1),
                    .change(position: 1, count: 1),
                ])
        ]
        #expect(
            try ConformanceKit.check(
                log, on: StepModel.self, policy: policy, old: [0, 1, 2], new: [2, 0, 3], changed: [0]) == nil)
        let plan = try UpdatePlan(from: [0, 1, 2], to: [2, 0, 3], changed: [0])
        #expect(ConformanceKit.verify(log, on: StepModel.self, policy: policy, plan: plan) == nil)
    }

    @Test func aWrongLogFailsWithItsCalls() throws {
        // The change is logged at the item's old position, after the move:
        // it refreshes the item that moved into that position instead.
        let log = [
            UpdateBatch(
                dataSource: [1, 0], calls: [SequentialStep.move(from: 1, to: 0), .change(position: 0, count: 1)])
        ]
        let failure = try #require(
            try ConformanceKit.check(log, on: StepModel.self, policy: policy, old: [0, 1], new: [1, 0], changed: [0]))
        #expect(failure.problem == .refreshedWithoutChange(id: "1", row: 0))
        #expect(failure.calls == [["move 1 → 0", "change 0 (count 1)"]])
        let thrown = #expect(throws: BatchUpdateError.self) {
            try ConformanceKit.check(log, on: StepModel.self, policy: policy, old: [0, 1], new: [1, 0], changed: [7])
        }
        #expect(thrown == .changedIDNotKept(id: "7"))
    }

    @Test func theKitsRandomCasesCanBeReplayedOneByOne() throws {
        let pair = RandomPairs.pair(17, seed: 42, maxItems: 50)
        let plan = try UpdatePlan(from: pair.old, to: pair.new, changed: pair.changed)
        let batches = StepAdapter().batches(for: plan)
        #expect(ConformanceKit.verify(batches, on: StepModel.self, policy: policy, plan: plan) == nil)
        #expect(
            try ConformanceKit.check(
                StepAdapter(flaw: .forgetsRefresh), old: pair.old, new: pair.new, changed: pair.changed) != nil
                || pair.changed.isEmpty)
    }
}
