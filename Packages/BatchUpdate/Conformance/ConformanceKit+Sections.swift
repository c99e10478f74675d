import UpdateCheckDiff
import UpdateCheckSupport

/// The kit on a sectioned adapter: every pair of a `ExhaustiveCheck(sectionCount:idCount:)`
/// bound.
///
/// Each pair is checked three times: with no content change, with every
/// kept item changed, and with every kept section changed. Replaying the
/// adapter's batches on its model must not trip a toolkit error and must
/// show exactly the new sections and items; every changed item and section
/// must be refreshed; every kept item that is not changed and whose section
/// is not changed must keep its cell (unless the adapter moves it and its
/// moves replace cells), and changed items keep theirs as the policy says.
/// The cases of one old snapshot form a group (one CI test case); each group
/// keeps the smallest failing case of each kind (fewest items, then fewest
/// sections), with the toolkit's message.
extension ConformanceKit {
    /// Checks `adapter` on every pair of up to ``ConformanceOptions/sections``
    /// sections and ``ConformanceOptions/sectionedIDs`` items (see
    /// `ExhaustiveCheck(sectionCount:idCount:)` for the counts), or on the old snapshots
    /// the options' ``ConformanceOptions/shard`` selects; groups run in
    /// parallel on every core unless ``ConformanceOptions/runsInParallel``
    /// is off; then, when ``ConformanceOptions/randomPairs`` is above 0, on
    /// that many ``RandomPairs/sectionedPair(_:seed:maxItems:)`` of up to
    /// ``ConformanceOptions/maxRandomItems`` items (at most 255) in up to 8
    /// sections, from ``ConformanceOptions/seed``, in groups of
    /// ``ConformanceOptions/randomGroupSize``. The options' changed subsets
    /// are a flat list's and do not apply.
    ///
    /// ```swift
    /// let report = ConformanceKit.check(
    ///     UIKitSectionedAdapter<ExhaustiveSectionID, ExhaustiveID>(), options: ConformanceOptions(sections: 2, sectionedIDs: 3))
    /// #expect(report.passed, "\(report.failures)")
    /// ```
    ///
    /// - Complexity: one diff per pair, verified by a `SectionedPairVerifier`
    ///   (the four properties of `SectionedDiff.verify(from:to:)`), and one
    ///   model replay per case; 17,161 pairs (48,633 cases) for 2 sections
    ///   and 3 items.
    @inlinable
    public static func check<Adapter: UpdateAdapter>(
        _ adapter: Adapter, options: ConformanceOptions = ConformanceOptions()
    ) -> ConformanceReport where Adapter.Plan == SectionedUpdatePlan<ExhaustiveSectionID, ExhaustiveID> {
        let watch = Stopwatch()
        let snapshots = ExhaustiveCheck(sectionCount: options.sections, idCount: options.sectionedIDs)
            .snapshots
        let olds = options.oldSnapshotsUpToRenaming ? snapshots.filter(isNamedInPoolOrder) : snapshots
        let size = max(1, options.randomGroupSize)
        let randomGroups = (max(0, options.randomPairs) + size - 1) / size
        let positions = Array(options.shard.positions(among: olds.count + randomGroups))
        let groups = ParallelLoop.map(count: positions.count, inParallel: options.runsInParallel) { index in
            let position = positions[index]
            if position < olds.count { return group(adapter, old: olds[position], snapshots: snapshots) }
            let first = (position - olds.count) * size
            return randomGroup(adapter, pairs: first..<min(first + size, options.randomPairs), options: options)
        }
        return ConformanceReport(
            adapter: adapter.name, policy: adapter.policy, options: options, isSectioned: true, groups: groups,
            seconds: watch.seconds)
    }

    /// The number of groups of an unsharded sectioned run of up to
    /// `sectionCount` sections and `idCount` items: one per old snapshot
    /// (one per renaming when `upToRenaming`, see
    /// ``sectionedOldSnapshots(options:)``), then one per `groupSize` of the
    /// `randomPairs` random pairs.
    public static func groupCount(
        sectionCount: Int, idCount: Int, randomPairs: Int = 0, groupSize: Int = 100, upToRenaming: Bool = false
    ) -> Int {
        let size = max(1, groupSize)
        return oldSnapshotCount(sectionCount: sectionCount, idCount: idCount, upToRenaming: upToRenaming)
            + (max(0, randomPairs) + size - 1) / size
    }

    /// The random sectioned pairs `pairs` of the options' seed
    /// (``RandomPairs/sectionedPair(_:seed:maxItems:)``), of up to ``ConformanceOptions/maxRandomItems``
    /// items, as one group: every case is asked of the adapter at once, and
    /// the group keeps the smallest failing case of each kind, named by its
    /// pair number and seed.
    @inlinable
    static func randomGroup<Adapter: UpdateAdapter>(
        _ adapter: Adapter, pairs: Range<Int>, options: ConformanceOptions
    ) -> ConformanceGroup where Adapter.Plan == SectionedUpdatePlan<ExhaustiveSectionID, ExhaustiveID> {
        let watch = Stopwatch()
        let plans = pairs.map { index in
            let pair = RandomPairs.sectionedPair(index, seed: options.seed, maxItems: options.maxRandomItems)
            do {
                return try SectionedUpdatePlan(
                    old: pair.old, new: pair.new, changedItems: pair.changedItems,
                    changedSections: pair.changedSections)
            } catch {
                preconditionFailure("random sectioned pairs have unique IDs and kept changes: \(error)")
            }
        }
        var count = 0
        var smallest: [String: ConformanceFailure] = [:]
        for ((index, plan), batches) in zip(zip(pairs, plans), adapter.batches(forEach: plans)) {
            guard var failure = problem(of: adapter, plan: plan, batches: batches) else { continue }
            count += 1
            failure.origin = "random sectioned pair \(index) of seed \(options.seed)"
            failure.sizeKey = [
                plan.old.itemCount + plan.new.itemCount, plan.old.sections.count + plan.new.sections.count,
            ]
            if let current = smallest[failure.kind], !ConformanceFailure.smallerFirst(failure, current) { continue }
            smallest[failure.kind] = failure
        }
        return ConformanceGroup(
            kind: .random(first: pairs.lowerBound, count: pairs.count), casesChecked: plans.count, failureCount: count,
            failures: smallest.values.sorted(by: ConformanceFailure.smallerFirst), seconds: watch.seconds)
    }

    /// Every case from `old`: each new snapshot, with nothing, every kept
    /// item, and every kept section changed.
    @inlinable
    static func group<Adapter: UpdateAdapter, SectionID, ItemID>(
        _ adapter: Adapter, old: SectionedSnapshot<SectionID, ItemID>, snapshots: [SectionedSnapshot<SectionID, ItemID>]
    ) -> ConformanceGroup where Adapter.Plan == SectionedUpdatePlan<SectionID, ItemID> {
        let watch = Stopwatch()
        var checked = 0
        var count = 0
        var smallest: [String: ConformanceFailure] = [:]
        let oldItems = Set(old.sections.flatMap { $0.items })
        let oldSections = Set(old.sectionIDs)
        var plans: [SectionedUpdatePlan<SectionID, ItemID>] = []
        var variants: [Int] = []
        // The diff engines are proved apart (`diff exhaustive`); here the diff only has to be right.
        var verifier = SectionedPairVerifier<SectionID, ItemID>(crossChecksFlatEngine: false)
        for new in snapshots {
            do {
                try verifier.verify(from: old, to: new)
            } catch {
                preconditionFailure("exhaustive snapshots have unique IDs and verified diffs: \(error)")
            }
            let diff = verifier.diff
            let keptItems = oldItems.intersection(new.sections.lazy.flatMap { $0.items })
            let keptSections = oldSections.intersection(new.sectionIDs)
            for variant in 0..<3 {
                let items = variant == 1 ? keptItems : []
                let sections = variant == 2 ? keptSections : []
                if variant > 0 && items.isEmpty && sections.isEmpty { continue }
                checked += 1
                plans.append(
                    SectionedUpdatePlan(
                        old: old, new: new, verified: diff, changedItems: items, changedSections: sections))
                variants.append(variant)
            }
        }
        // All the group's cases at once: an adapter program gets them pipelined.
        for ((plan, variant), batches) in zip(zip(plans, variants), adapter.batches(forEach: plans)) {
            guard var failure = problem(of: adapter, plan: plan, batches: batches) else { continue }
            count += 1
            failure.sizeKey = [
                old.itemCount + plan.new.itemCount, old.sections.count + plan.new.sections.count, variant,
            ]
            if let current = smallest[failure.kind], !ConformanceFailure.smallerFirst(failure, current) { continue }
            smallest[failure.kind] = failure
        }
        return ConformanceGroup(
            kind: .sections(old: old.description), casesChecked: checked, failureCount: count,
            failures: smallest.values.sorted(by: ConformanceFailure.smallerFirst), seconds: watch.seconds)
    }

    /// Replays one case; `nil` when it passes.
    ///
    /// - Precondition: `old` and `new` have unique IDs, and `items` and
    ///   `sections` are kept in both (as in every exhaustive case).
    public static func problem<Adapter: UpdateAdapter, SectionID, ItemID>(
        of adapter: Adapter, old: SectionedSnapshot<SectionID, ItemID>, new: SectionedSnapshot<SectionID, ItemID>,
        items: Set<ItemID>, sections: Set<SectionID>
    ) -> ConformanceFailure? where Adapter.Plan == SectionedUpdatePlan<SectionID, ItemID> {
        do {
            return problem(
                of: adapter,
                plan: try SectionedUpdatePlan(old: old, new: new, changedItems: items, changedSections: sections))
        } catch {
            preconditionFailure("a conformance case has unique IDs and kept changes: \(error)")
        }
    }

    /// Replays the case of `plan`; `nil` when it passes.
    @inlinable
    public static func problem<Adapter: UpdateAdapter, SectionID, ItemID>(
        of adapter: Adapter, plan: SectionedUpdatePlan<SectionID, ItemID>
    ) -> ConformanceFailure? where Adapter.Plan == SectionedUpdatePlan<SectionID, ItemID> {
        problem(of: adapter, plan: plan, batches: adapter.batches(for: plan))
    }

    /// Replays `batches`, the adapter's for `plan`; `nil` when they pass.
    @inlinable
    static func problem<Adapter: UpdateAdapter, SectionID, ItemID>(
        of adapter: Adapter, plan: SectionedUpdatePlan<SectionID, ItemID>,
        batches: [UpdateBatch<SectionedSnapshot<SectionID, ItemID>, Adapter.Call>]
    ) -> ConformanceFailure? where Adapter.Plan == SectionedUpdatePlan<SectionID, ItemID> {
        let old = plan.old
        let new = plan.new
        let items = plan.changedItems
        let sections = plan.changedSections
        func failure(_ problem: ConformanceProblem) -> ConformanceFailure {
            ConformanceFailure(
                old: old, new: new, changedItems: items, changedSections: sections, problem: problem,
                batches: batches)
        }
        var model = Adapter.Model(showing: old)
        for (number, batch) in batches.enumerated() {
            do {
                try model.perform(batch)
            } catch {
                return failure(
                    .sectionToolkitError(batch: number + 1, error: caseName(of: error), message: error.description))
            }
        }
        let shown = model.displayed
        guard shown.count == new.sections.count, zip(shown, new.sections).allSatisfy({ $0.id == $1.id }) else {
            return failure(
                .sectionsWrong(expected: "\(new.sectionIDs)", shown: "\(shown.map { section in section.id })"))
        }
        let sameRows = zip(shown, new.sections).allSatisfy { shownSection, newSection in
            shownSection.rows.count == newSection.items.count
                && zip(shownSection.rows, newSection.items).allSatisfy { $0.id == $1 }
        }
        guard sameRows else {
            let texts = shown.map { section in
                "\(section.id): " + section.rows.map { "\($0.id)" }.joined(separator: " ")
            }
            return failure(.sectionRowsWrong(expected: "\(new)", shown: "[\(texts.joined(separator: " | "))]"))
        }
        var initialCells: [ItemID: Int] = [:]
        initialCells.reserveCapacity(old.itemCount)
        for section in old.sections {
            for item in section.items { initialCells[item] = initialCells.count }
        }
        // What the adapter moves matters only where the policy treats moved
        // rows apart (cells replaced by moves, or moved and changed rows
        // deleted and inserted); asked once, when first needed.
        let policy = adapter.policy
        var moved: Set<ItemID>?
        func isMoved(_ item: ItemID, changed: Bool) -> Bool {
            guard policy.expectationDependsOnMoves(isChanged: changed) else { return false }
            if moved == nil { moved = adapter.movedItems(for: plan) }
            return moved.unsafelyUnwrapped.contains(item)
        }
        for section in shown {
            if sections.contains(section.id) && !section.isRefreshed {
                return failure(.sectionNotRefreshed(id: "\(section.id)"))
            }
            for row in section.rows {
                if items.contains(row.id) && !row.isRefreshed {
                    return failure(.sectionItemNotRefreshed(id: "\(row.id)"))
                }
                guard let cell = initialCells[row.id], !sections.contains(section.id) else { continue }
                let changed = items.contains(row.id)
                let keeps = policy.expectation(isMoved: isMoved(row.id, changed: changed), isChanged: changed).keepsCell
                if keeps && row.cell != cell {
                    return failure(.sectionCellLost(id: "\(row.id)", cell: cell, now: row.cell))
                }
            }
        }
        return nil
    }
}

/// The case names of an error, outer to inner, with the action where the
/// case has one (`sections.itemChangeInMovedSection(insert)`): failures are
/// grouped by it whatever the message's values.
@usableFromInline
func caseName(of value: Any) -> String {
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .enum else { return "\(type(of: value))" }
    guard let child = mirror.children.first, let label = child.label else { return "\(value)" }
    let payload = Mirror(reflecting: child.value)
    if payload.displayStyle == .enum { return label + "." + caseName(of: child.value) }
    if let action = payload.children.first(where: { $0.label == "action" }) { return "\(label)(\(action.value))" }
    return label
}
