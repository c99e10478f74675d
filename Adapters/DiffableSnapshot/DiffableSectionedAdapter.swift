import BatchUpdate
import UpdateCheckDiff

/// The diffable-data-source adapter for sectioned lists: one application of
/// a snapshot built from scratch, changed sections reloaded and changed items
/// refreshed by identifier.
///
/// The batch is `deleteAllItems()`, `appendSections` of the new sections,
/// `appendItems(_:toSection:)` for each section that has items, then
/// `reloadSections` of the changed sections and `reconfigureItems` (or
/// `reloadItems`) of the changed items outside them. The data source diffs
/// it against the current snapshot by identifier, so sections and items
/// that stay — moved within or across sections included — keep their cells,
/// and no combination needs splitting: a moved and changed item is moved
/// and refreshed in the same application.
public struct DiffableSectionedAdapter<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>:
    UpdateAdapter
{
    /// The model the applications are proven on.
    public typealias Model = DiffableSectionedModel<SectionID, ItemID>

    /// How changed items are refreshed.
    public var refresh: RefreshStyle

    /// An adapter that refreshes changed items with `refresh` (by default by
    /// reconfiguring them, which keeps their cells).
    public init(refresh: RefreshStyle = .reconfigure) { self.refresh = refresh }

    /// A new snapshot with sections, applied in one go and diffed by identifier.
    public var summary: String {
        "Diffable data source with sections: the new snapshot is built (appendSections, appendItems per "
            + "section) and applied, and the toolkit diffs sections and items by identifier, across sections "
            + "too; changed sections are reloaded and changed items "
            + (refresh == .reconfigure ? "reconfigured (keep the cell)." : "reloaded (new cell).")
    }

    /// `diffable-sections`, or `diffable-reload-sections`.
    public var name: String { refresh == .reload ? "diffable-reload-sections" : "diffable-sections" }

    /// Moved+changed items are moved and refreshed in one application.
    public var policy: AdapterPolicy { AdapterPolicy(movedAndChanged: .moveThenRefresh, refresh: refresh) }

    /// One application of the new snapshot (none for an empty plan).
    ///
    /// - Complexity: O(*n*) for *n* sections and items. Inlinable, so that
    ///   the conformance kit's cases are planned specialised for its IDs.
    @inlinable
    public func batches(
        for plan: SectionedUpdatePlan<SectionID, ItemID>
    ) -> [UpdateBatch<SectionedSnapshot<SectionID, ItemID>, DiffableSectionedCall<SectionID, ItemID>>] {
        guard !plan.isEmpty else { return [] }
        var calls: [DiffableSectionedCall<SectionID, ItemID>] = [.deleteAllItems]
        if !plan.new.sections.isEmpty { calls.append(.appendSections(plan.new.sectionIDs)) }
        for section in plan.new.sections where !section.items.isEmpty {
            calls.append(.appendItems(section.items, toSection: section.id))
        }
        let reloaded = plan.new.sectionIDs.filter { plan.changedSections.contains($0) }
        if !reloaded.isEmpty { calls.append(.reloadSections(reloaded)) }
        let refreshed = plan.new.sections.filter { !plan.changedSections.contains($0.id) }.flatMap {
            $0.items.filter { plan.changedItems.contains($0) }
        }
        if !refreshed.isEmpty {
            calls.append(refresh == .reconfigure ? .reconfigureItems(refreshed) : .reloadItems(refreshed))
        }
        return [UpdateBatch(dataSource: plan.new, calls: calls)]
    }
}
