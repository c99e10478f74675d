import BatchUpdate
import UpdateCheckDiff

/// The UIKit adapter for sectioned lists: `performBatchUpdates` with section
/// and item calls, split into batches wherever one batch would break a
/// section rule of ``UIKitSectionedModel``.
///
/// When no item moves out of a deleted section, no item is moved or inserted
/// into an inserted section, and no moved section has item changes, the
/// structure goes in one batch. Otherwise it goes in up to three, as staged
/// diffs do:
/// 1. `insertSections` of the new sections, empty, after the old ones;
/// 2. every item call (deletes, inserts, moves within and across sections),
///    with every section still in place, so items leave sections that will
///    be deleted and enter sections that were just inserted;
/// 3. `deleteSections` of the now empty sections and `moveSection` of the
///    moved ones, which carry their items unchanged.
///
/// Content changes always go in a last batch on the new state: changed
/// sections are reloaded (`reloadSections`, new cells for their items), and
/// changed items outside them are reconfigured (keeping the cell) or
/// reloaded, as the policy says. A moved and changed item is moved first,
/// then refreshed (`MovedAndChangedPolicy.moveThenRefresh`).
public struct UIKitSectionedAdapter<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>:
    UpdateAdapter
{
    /// The model the calls are proven on.
    public typealias Model = UIKitSectionedModel<SectionID, ItemID>

    /// Moved+changed items are moved, then refreshed; `refresh` as given.
    public var policy: AdapterPolicy

    /// Creates the adapter; `refresh` chooses `reconfigureItems` (keeps cells)
    /// or `reloadItems` (new cells) for changed items.
    public init(refresh: RefreshStyle = .reconfigure) {
        policy = AdapterPolicy(movedAndChanged: .moveThenRefresh, refresh: refresh)
    }

    /// `uikit-sections`, or `uikit-sections-reload`.
    public var name: String { "uikit-sections" + (policy.refresh == .reload ? "-reload" : "") }

    /// UIKit's sectioned batch updates, split where one batch would break a section rule.
    public var summary: String {
        "performBatchUpdates with deleteSections, insertSections, moveSection and item calls in index paths; "
            + "one batch when no section rule is at stake, else up to three (insert sections empty, move every "
            + "item, delete and move sections). Changed sections are reloaded and changed items "
            + (policy.refresh == .reconfigure ? "reconfigured (keep the cell)" : "reloaded (new cell)")
            + " in a last batch."
    }

    /// The structural batches, then the refresh batch.
    @inlinable
    public func batches(
        for plan: SectionedUpdatePlan<SectionID, ItemID>
    ) -> [UpdateBatch<SectionedSnapshot<SectionID, ItemID>, UIKitSectionedCall>] {
        var result = Self.isSafeInOneBatch(plan.diff) ? Self.oneBatch(plan) : Self.stagedBatches(plan)
        if let refresh = refreshBatch(plan) { result.append(refresh) }
        return result
    }

    /// Whether the whole structure can go in one batch without breaking a section rule.
    @inlinable
    public static func isSafeInOneBatch(_ diff: SectionedDiff<SectionID, ItemID>) -> Bool {
        let deleted = Set(diff.sections.deletions.map { $0.offset })
        let inserted = Set(diff.sections.insertions.map { $0.offset })
        let movedFrom = Set(diff.sections.moves.map { $0.from })
        let movedTo = Set(diff.sections.moves.map { $0.to })
        if diff.itemDeletions.contains(where: { movedFrom.contains($0.position.section) }) { return false }
        if diff.itemInsertions.contains(where: { movedTo.contains($0.position.section) }) { return false }
        return !diff.itemMoves.contains {
            deleted.contains($0.from.section) || inserted.contains($0.to.section)
                || movedFrom.contains($0.from.section) || movedTo.contains($0.to.section)
        }
    }

    /// Every section and item call of the diff in one batch; items of
    /// deleted sections go with them, items of inserted sections arrive with them.
    @inlinable
    static func oneBatch(
        _ plan: SectionedUpdatePlan<SectionID, ItemID>
    ) -> [UpdateBatch<SectionedSnapshot<SectionID, ItemID>, UIKitSectionedCall>] {
        let calls = calls(for: plan.diff)
        return calls.isEmpty ? [] : [UpdateBatch(dataSource: plan.new, calls: calls)]
    }

    /// The calls of a diff, as one batch would make them.
    @inlinable
    static func calls(for diff: SectionedDiff<SectionID, ItemID>) -> [UIKitSectionedCall] {
        let deleted = Set(diff.sections.deletions.map { $0.offset })
        let inserted = Set(diff.sections.insertions.map { $0.offset })
        var calls: [UIKitSectionedCall] = []
        if !diff.sections.deletions.isEmpty { calls.append(.deleteSections(diff.sections.deletions.map { $0.offset })) }
        if !diff.sections.insertions.isEmpty {
            calls.append(.insertSections(diff.sections.insertions.map { $0.offset }))
        }
        for move in diff.sections.moves { calls.append(.moveSection(move.from, to: move.to)) }
        let deletions = diff.itemDeletions.filter { !deleted.contains($0.position.section) }
        if !deletions.isEmpty {
            calls.append(
                .item(.deleteItems(deletions.map { SectionedUpdatePlan<SectionID, ItemID>.path($0.position) })))
        }
        let insertions = diff.itemInsertions.filter { !inserted.contains($0.position.section) }
        if !insertions.isEmpty {
            calls.append(
                .item(.insertItems(insertions.map { SectionedUpdatePlan<SectionID, ItemID>.path($0.position) })))
        }
        for move in diff.itemMoves {
            calls.append(
                .item(
                    .moveItem(
                        at: SectionedUpdatePlan<SectionID, ItemID>.path(move.from),
                        to: SectionedUpdatePlan<SectionID, ItemID>.path(move.to))))
        }
        return calls
    }

    /// Insert the new sections empty, move every item, then delete and move sections.
    @inlinable
    static func stagedBatches(
        _ plan: SectionedUpdatePlan<SectionID, ItemID>
    ) -> [UpdateBatch<SectionedSnapshot<SectionID, ItemID>, UIKitSectionedCall>] {
        typealias Snapshot = SectionedSnapshot<SectionID, ItemID>
        let oldIDs = Set(plan.old.sectionIDs)
        let newItems = Dictionary(uniqueKeysWithValues: plan.new.sections.map { ($0.id, $0.items) })
        let added = plan.new.sections.filter { !oldIDs.contains($0.id) }.map { Snapshot.Section(id: $0.id, items: []) }
        let withNewSections = Snapshot(plan.old.sections + added)
        let itemsInPlace = Snapshot(withNewSections.sections.map { .init(id: $0.id, items: newItems[$0.id] ?? []) })
        var result: [UpdateBatch<SectionedSnapshot<SectionID, ItemID>, UIKitSectionedCall>] = []
        if !added.isEmpty {
            let start = plan.old.sections.count
            result.append(
                UpdateBatch(
                    dataSource: withNewSections, calls: [.insertSections(Array(start..<(start + added.count)))]))
        }
        for (from, to) in [(withNewSections, itemsInPlace), (itemsInPlace, plan.new)] {
            do {
                let calls = calls(for: try SectionedDiff(from: from, to: to))
                if !calls.isEmpty { result.append(UpdateBatch(dataSource: to, calls: calls)) }
            } catch {
                preconditionFailure("a verified plan's snapshots have unique IDs: \(error)")
            }
        }
        return result
    }

    /// `reloadSections` for changed sections and `reconfigureItems` or
    /// `reloadItems` for changed items outside them, on the new state.
    @inlinable
    func refreshBatch(
        _ plan: SectionedUpdatePlan<SectionID, ItemID>
    ) -> UpdateBatch<SectionedSnapshot<SectionID, ItemID>, UIKitSectionedCall>? {
        var reloaded: [Int] = []
        var paths: [ItemPath] = []
        for (sectionOffset, section) in plan.new.sections.enumerated() {
            if plan.changedSections.contains(section.id) {
                reloaded.append(sectionOffset)
                continue
            }
            for (itemOffset, item) in section.items.enumerated() where plan.changedItems.contains(item) {
                paths.append(ItemPath(section: sectionOffset, item: itemOffset))
            }
        }
        var calls: [UIKitSectionedCall] = []
        if !reloaded.isEmpty { calls.append(.reloadSections(reloaded)) }
        if !paths.isEmpty {
            calls.append(.item(policy.refresh == .reconfigure ? .reconfigureItems(paths) : .reloadItems(paths)))
        }
        return calls.isEmpty ? nil : UpdateBatch(dataSource: plan.new, calls: calls)
    }
}
