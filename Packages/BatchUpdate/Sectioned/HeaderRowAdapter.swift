import UpdateCheckDiff

/// A sectioned adapter for a toolkit without sections (NSTableView,
/// RecyclerView, an `AnimatedList`): each section becomes a header row
/// followed by its items, and the flat adapter `Base` makes the calls.
///
/// The list is flattened with `SectionedSnapshot.flattened` (a section is
/// its `SectionedEntry.section` marker row, an item its
/// `SectionedEntry.item` row), diffed with the flat engine, and handed to
/// `Base` as an ``UpdatePlan`` whose changed IDs are the changed items and
/// the headers of the changed sections. So:
/// - a deleted section is its header row and its rows removed, an inserted
///   one its header and rows inserted;
/// - a moved section is the fewest row moves the flat engine finds (the
///   header and its rows, or the rows around it), each move keeping or
///   replacing its cell as `Base`'s ``AdapterPolicy/moves`` declares — a
///   toolkit without a move primitive deletes and inserts them;
/// - an item moving to another section is one row move;
/// - a changed section is a refresh of its header row.
///
/// ``HeaderRowModel`` replays the calls on `Base`'s own flat model and reads
/// the sections back from the header rows, so the sectioned kit proves the
/// flattened calls on the toolkit's sequential model.
public struct HeaderRowAdapter<Base: UpdateAdapter, SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>:
    UpdateAdapter
where Base.Plan == UpdatePlan<SectionedEntry<SectionID, ItemID>> {
    /// The flat toolkit model, reading sections from header rows.
    public typealias Model = HeaderRowModel<Base.Model, SectionID, ItemID>
    /// The flat toolkit's calls.
    public typealias Call = Base.Call

    /// The flat adapter that makes the calls.
    public var base: Base

    /// An adapter flattening sections into header rows for `base`.
    @inlinable
    public init(_ base: Base) { self.base = base }

    /// The base adapter's name followed by `-sections` (`appkit-sections`).
    public var name: String { base.name + "-sections" }

    /// Each section as a header row followed by its item rows, updated by
    /// the base adapter's calls (its summary follows).
    public var summary: String {
        "Sections as header rows, each followed by its items, diffed as one flat list: a section move is row "
            + "moves of its header and rows. " + base.summary
    }

    /// The base adapter's policy: header rows are rows like any other.
    public var policy: AdapterPolicy { base.policy }

    /// The base adapter's batches for the flattened plan, each holding the
    /// sections its flat data source shows.
    ///
    /// - Complexity: that of `Base` on *n* + *s* rows, for *n* items and *s* sections.
    @inlinable
    public func batches(
        for plan: SectionedUpdatePlan<SectionID, ItemID>
    ) -> [UpdateBatch<SectionedSnapshot<SectionID, ItemID>, Base.Call>] {
        base.batches(for: Self.flatPlan(plan)).map { batch in
            UpdateBatch(dataSource: Self.sections(of: batch.dataSource), calls: batch.calls)
        }
    }

    /// The items the flat diff moves: their cells follow the base policy's move style.
    @inlinable
    public func movedItems(for plan: SectionedUpdatePlan<SectionID, ItemID>) -> Set<ItemID> {
        let flat = Self.flatPlan(plan)
        var moved = Set<ItemID>()
        for (offset, entry) in flat.new.enumerated() where flat.isMoved(new: offset) {
            if case .item(let id) = entry { moved.insert(id) }
        }
        return moved
    }

    /// The flat plan: header and item rows, changed items and changed sections' headers.
    @inlinable
    static func flatPlan(
        _ plan: SectionedUpdatePlan<SectionID, ItemID>
    ) -> UpdatePlan<SectionedEntry<SectionID, ItemID>> {
        let changed =
            plan.changedSections.map { SectionedEntry<SectionID, ItemID>.section($0) }
            + plan.changedItems.map { .item($0) }
        do {
            return try UpdatePlan(from: plan.old.flattened, to: plan.new.flattened, changed: changed)
        } catch {
            preconditionFailure("a verified sectioned plan flattens to unique rows: \(error)")
        }
    }

    /// The sections of a flat list of header and item rows.
    @inlinable
    static func sections(of rows: [SectionedEntry<SectionID, ItemID>]) -> SectionedSnapshot<SectionID, ItemID> {
        guard let sections = SectionedSnapshot(headerRows: rows) else {
            preconditionFailure("\(Base.self) showed item rows above the first header row")
        }
        return sections
    }
}

extension SectionedSnapshot {
    /// The snapshot a list of header and item rows shows, or `nil` when an
    /// item row comes before the first header row.
    ///
    /// - Complexity: O(*n*).
    @inlinable
    public init?(headerRows rows: [SectionedEntry<SectionID, ItemID>]) {
        var sections: [Section] = []
        for row in rows {
            switch row {
            case .section(let id): sections.append(Section(id: id, items: []))
            case .item(let id):
                guard !sections.isEmpty else { return nil }
                sections[sections.count - 1].items.append(id)
            }
        }
        self.init(sections)
    }
}

/// A flat toolkit model (`Base`) showing sections as header rows: the
/// model of a ``HeaderRowAdapter``.
///
/// Each batch is replayed on `Base` with the flattened sections as its data
/// source; the sections shown are read back from `Base`'s rows. A section is
/// refreshed when its header row is; an item keeps its cell exactly when its
/// row does (cells are renumbered over items only, as
/// `DisplayedSection.initial(showing:)` numbers them).
public struct HeaderRowModel<Base: ToolkitModel, SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>:
    ToolkitModel
where
    Base.Snapshot == [SectionedEntry<SectionID, ItemID>],
    Base.Displayed == [DisplayedRow<SectionedEntry<SectionID, ItemID>>]
{
    /// The flat model.
    public var base: Base { flat }
    /// The flat model, replayed on.
    @usableFromInline var flat: Base
    /// For each of the flat model's first cells, the item cell it stands for
    /// (the item's offset over all sections), or -1 for a header row's cell.
    @usableFromInline let itemCellOfFlatCell: [Int]
    /// The number of items shown at the start.
    @usableFromInline let itemCount: Int

    /// A flat model showing `snapshot` as header and item rows.
    @inlinable
    public init(showing snapshot: SectionedSnapshot<SectionID, ItemID>) {
        let rows = snapshot.flattened
        flat = Base(showing: rows)
        var item = 0
        itemCellOfFlatCell = rows.map { row in
            guard case .item = row else { return -1 }
            defer { item += 1 }
            return item
        }
        itemCount = snapshot.itemCount
    }

    /// Replays `batch.calls` on the flat model, its data source holding the
    /// flattened `batch.dataSource`.
    ///
    /// - Throws: the flat toolkit's error.
    @inlinable
    public mutating func perform(
        _ batch: UpdateBatch<SectionedSnapshot<SectionID, ItemID>, Base.Call>
    ) throws(Base.Failure) {
        try flat.perform(UpdateBatch(dataSource: batch.dataSource.flattened, calls: batch.calls))
    }

    /// The sections shown: each header row opens one; its item rows follow.
    @inlinable
    public var displayed: [DisplayedSection<SectionID, ItemID>] {
        var result: [DisplayedSection<SectionID, ItemID>] = []
        for row in flat.displayed {
            switch row.id {
            case .section(let id):
                result.append(DisplayedSection(id: id, rows: [], isRefreshed: row.isRefreshed))
            case .item(let id):
                guard !result.isEmpty else { continue }
                let initial = row.cell < itemCellOfFlatCell.count ? itemCellOfFlatCell[row.cell] : -1
                let cell = initial >= 0 ? initial : itemCount + row.cell
                result[result.count - 1].rows.append(DisplayedRow(id: id, cell: cell, isRefreshed: row.isRefreshed))
            }
        }
        return result
    }
}
