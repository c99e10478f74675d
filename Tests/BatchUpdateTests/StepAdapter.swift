import BatchUpdate

/// Toy adapters on ``StepModel``: one correct, and the classic mistakes.
struct StepAdapter: UpdateAdapter {
    typealias Model = StepModel

    enum Flaw: Sendable {
        /// None: the plan's own sequential steps.
        case none
        /// The article's mistake: insert at new offsets, then delete at old offsets.
        case insertAtNewThenDeleteAtOld
        /// Content changes are never refreshed.
        case forgetsRefresh
        /// Every kept item is refreshed.
        case refreshesEverything
        /// Refreshes stop after the first `limit` positions.
        case refreshesOnlyBelow(Int)
    }

    var flaw: Flaw = .none
    var name: String { "steps" }
    var summary: String { "Toy sequential toolkit." }
    var policy: AdapterPolicy { AdapterPolicy(movedAndChanged: .moveThenRefresh, refresh: .reconfigure) }

    func batches(for plan: UpdatePlan<Int>) -> [UpdateBatch<[Int], SequentialStep>] {
        var steps: [SequentialStep]
        switch flaw {
        case .none:
            steps = plan.sequentialSteps()
        case .insertAtNewThenDeleteAtOld:
            steps = plan.new.indices.filter { plan.oldIndex(ofNew: $0) == nil || plan.isMoved(new: $0) }
                .map { .insert(position: $0, count: 1) }
            steps += plan.old.indices.reversed()
                .filter { plan.newIndex(ofOld: $0) == nil || plan.isMoved(new: plan.newIndex(ofOld: $0)!) }
                .map { .remove(position: $0, count: 1) }
        case .forgetsRefresh:
            steps = plan.sequentialSteps().filter { if case .change = $0 { false } else { true } }
        case .refreshesEverything:
            steps = plan.sequentialSteps().filter { if case .change = $0 { false } else { true } }
            steps += plan.new.indices.filter { plan.oldIndex(ofNew: $0) != nil }.map { .change(position: $0, count: 1) }
        case .refreshesOnlyBelow(let limit):
            steps = plan.sequentialSteps().filter { if case .change = $0 { false } else { true } }
            steps += plan.new.indices.filter { plan.isChanged(new: $0) && $0 < limit }.map {
                .change(position: $0, count: 1)
            }
        }
        return steps.isEmpty ? [] : [UpdateBatch(dataSource: plan.new, calls: steps)]
    }
}
