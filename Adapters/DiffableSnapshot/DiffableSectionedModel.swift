import BatchUpdate
import UpdateCheckDiff

/// A model of a diffable data source with sections
/// (`UICollectionViewDiffableDataSource`, `UITableViewDiffableDataSource`,
/// `NSCollectionViewDiffableDataSource`): each batch edits a copy of the
/// current snapshot (``DiffableSectionedCall``) and applies it.
///
/// The snapshot's rules, each with UIKit's message
/// (``DiffableDataSourceError``):
/// - a list of section or item identifiers given to one edit must not
///   repeat an identifier (`Fatal: supplied section identifiers are not
///   unique`);
/// - appending or inserting a section the snapshot already holds is an error
///   (`Diffable data source detected an attempt to insert or append …`);
///   appending or inserting an item it already holds moves the item there;
/// - appending items needs a section (`There are currently no sections in
///   the data source. Please add a section first.`); naming a section or
///   item the snapshot does not hold as a target, a source or a place is an
///   error (`Invalid parameter not satisfying: section != NSNotFound`),
///   except in `deleteSections` and `deleteItems`, which ignore it;
/// - reloading or reconfiguring an identifier the snapshot does not hold is
///   an error (`Attempted to reload section identifier that does not exist
///   in the snapshot`);
/// - moving a section or item before or after itself, or inserting before
///   or after one of the inserted identifiers, is an error.
///
/// Applying diffs the snapshot against the current one by identifier: a
/// section or item in both keeps its state and cell wherever it moves
/// (across sections too); new ones are created (refreshed); reloaded
/// sections are created anew with new cells for all their items; reloaded
/// items get new cells, reconfigured ones keep theirs and are refreshed.
/// The snapshot is the data source: `UpdateBatch.dataSource` is not
/// consulted.
public struct DiffableSectionedModel<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>:
    ToolkitModel
{
    /// The sections shown after the last application.
    public var displayed: [DisplayedSection<SectionID, ItemID>] { shown }
    /// Storage of ``displayed``.
    @usableFromInline var shown: [DisplayedSection<SectionID, ItemID>]
    /// The data source's snapshot.
    public var snapshot: SectionedSnapshot<SectionID, ItemID> { applied }
    /// Storage of ``snapshot``.
    @usableFromInline var applied: SectionedSnapshot<SectionID, ItemID>
    /// The number the next new cell gets.
    @usableFromInline var nextCell: Int

    /// A data source showing `snapshot`.
    @inlinable
    public init(showing snapshot: SectionedSnapshot<SectionID, ItemID>) {
        shown = DisplayedSection.initial(showing: snapshot)
        applied = snapshot
        nextCell = snapshot.itemCount
    }

    /// Edits a copy of the current snapshot with `batch.calls`, then applies it.
    ///
    /// - Throws: the ``DiffableDataSourceError`` UIKit would raise; nothing
    ///   is applied then.
    /// - Complexity: O(*n*) per edit for *n* sections and items. Inlinable,
    ///   so that the conformance kit's replays are specialised for its IDs.
    @inlinable
    public mutating func perform(
        _ batch: UpdateBatch<SectionedSnapshot<SectionID, ItemID>, DiffableSectionedCall<SectionID, ItemID>>
    ) throws(DiffableDataSourceError) {
        var editing = EditedSnapshot(applied)
        for call in batch.calls { try editing.edit(call) }
        apply(editing)
    }

    /// Shows the edited snapshot, diffed by identifier against the current one.
    @inlinable
    mutating func apply(_ edited: EditedSnapshot<SectionID, ItemID>) {
        var rowOfItem: [ItemID: DisplayedRow<ItemID>] = [:]
        var refreshedOfSection: [SectionID: Bool] = [:]
        for section in shown {
            refreshedOfSection[section.id] = section.isRefreshed
            for row in section.rows { rowOfItem[row.id] = row }
        }
        var next: [DisplayedSection<SectionID, ItemID>] = []
        next.reserveCapacity(edited.ids.count)
        for (id, items) in zip(edited.ids, edited.items) {
            let reloaded = edited.reloadedSections.contains(id)
            var rows: [DisplayedRow<ItemID>] = []
            rows.reserveCapacity(items.count)
            for item in items {
                if !reloaded, !edited.reloadedItems.contains(item), var row = rowOfItem[item] {
                    if edited.reconfiguredItems.contains(item) { row.isRefreshed = true }
                    rows.append(row)
                } else {
                    rows.append(DisplayedRow(id: item, cell: nextCell, isRefreshed: true))
                    nextCell += 1
                }
            }
            let refreshed = reloaded || (refreshedOfSection[id] ?? true)
            next.append(DisplayedSection(id: id, rows: rows, isRefreshed: refreshed))
        }
        shown = next
        applied = SectionedSnapshot(zip(edited.ids, edited.items).map { .init(id: $0.0, items: $0.1) })
    }
}

/// A snapshot being edited: sections, their items, which section holds each
/// item, and the reload and reconfigure marks.
///
/// Sections are found through a table of their offsets, built when first
/// needed and kept while edits only add sections at the end, so a batch that
/// fills many sections one call at a time costs O(*n*), not O(*n*²); a short
/// list of sections is searched in place.
@usableFromInline
struct EditedSnapshot<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable> {
    @usableFromInline typealias Failure = DiffableDataSourceError

    @usableFromInline var ids: [SectionID]
    @usableFromInline var items: [[ItemID]]
    @usableFromInline var owner: [ItemID: SectionID]
    /// The offset of each section in `ids`, or `nil` after an edit that
    /// moved sections (rebuilt on the next lookup).
    @usableFromInline var offsets: [SectionID: Int]?
    @usableFromInline var reloadedSections = Set<SectionID>()
    @usableFromInline var reloadedItems = Set<ItemID>()
    @usableFromInline var reconfiguredItems = Set<ItemID>()

    /// Sections up to this count are searched linearly, without a table.
    @usableFromInline static var linearLimit: Int { 16 }

    @inlinable
    init(_ snapshot: SectionedSnapshot<SectionID, ItemID>) {
        ids = snapshot.sectionIDs
        items = snapshot.sections.map { $0.items }
        owner = [:]
        for section in snapshot.sections {
            for item in section.items { owner[item] = section.id }
        }
    }

    /// The offset of section `id` in `ids`, or `nil` if it is not held.
    ///
    /// - Complexity: O(1) expected while the table is current; O(*s*) for
    ///   *s* sections after sections moved.
    @inlinable
    mutating func offset(ofSection id: SectionID) -> Int? {
        if ids.count <= Self.linearLimit { return ids.firstIndex(of: id) }
        if let offsets { return offsets[id] }
        var table = [SectionID: Int](minimumCapacity: ids.count)
        for (offset, section) in ids.enumerated() { table[section] = offset }
        offsets = table
        return table[id]
    }

    @inlinable
    mutating func edit(_ call: DiffableSectionedCall<SectionID, ItemID>) throws(Failure) {
        switch call {
        case .deleteAllItems:
            ids = []
            items = []
            owner = [:]
            offsets = nil
        case .appendSections(let new):
            try addSections(new, at: ids.count)
        case .insertSections(let new, let placement):
            try Self.requireUnique(new, section: true)
            if new.contains(placement.anchor) { throw .anchorIsInserted("\(placement.anchor)", isSection: true) }
            guard let anchor = offset(ofSection: placement.anchor) else {
                throw .unknownSection("\(placement.anchor)", condition: "insertIndex != NSNotFound")
            }
            try addSections(new, at: Self.isBefore(placement) ? anchor : anchor + 1)
        case .deleteSections(let gone):
            try Self.requireUnique(gone, section: true)
            deleteSections(Set(gone))
        case .moveSection(let id, let placement):
            if id == placement.anchor { throw .moveOntoItself("\(id)", isSection: true) }
            guard let from = offset(ofSection: id) else {
                throw .unknownSection("\(id)", condition: "fromSection != NSNotFound")
            }
            guard var anchor = offset(ofSection: placement.anchor) else {
                throw .unknownSection("\(placement.anchor)", condition: "toSection != NSNotFound")
            }
            let moving = items.remove(at: from)
            ids.remove(at: from)
            offsets = nil
            if anchor > from { anchor -= 1 }
            let to = Self.isBefore(placement) ? anchor : anchor + 1
            ids.insert(id, at: to)
            items.insert(moving, at: to)
        case .reloadSections(let list):
            try Self.requireUnique(list, section: true)
            for id in list where offset(ofSection: id) == nil { throw .reloadUnknownSection("\(id)") }
            reloadedSections.formUnion(list)
        case .appendItems(let new, let section):
            guard !ids.isEmpty else { throw .noSections }
            try Self.requireUnique(new, section: false)
            let target = section ?? ids[ids.count - 1]
            guard let index = offset(ofSection: target) else {
                throw .unknownSection("\(target)", condition: "section != NSNotFound")
            }
            remove(new)
            items[index].append(contentsOf: new)
            for item in new { owner[item] = target }
        case .insertItems(let new, let placement):
            try Self.requireUnique(new, section: false)
            if new.contains(placement.anchor) { throw .anchorIsInserted("\(placement.anchor)", isSection: false) }
            guard owner[placement.anchor] != nil else {
                throw .unknownItem("\(placement.anchor)", condition: "section != NSNotFound")
            }
            remove(new)
            try place(new, placement)
        case .deleteItems(let gone):
            try Self.requireUnique(gone, section: false)
            remove(gone)
        case .moveItem(let id, let placement):
            if id == placement.anchor { throw .moveOntoItself("\(id)", isSection: false) }
            guard owner[id] != nil else { throw .unknownItem("\(id)", condition: "fromIndex != NSNotFound") }
            guard owner[placement.anchor] != nil else {
                throw .unknownItem("\(placement.anchor)", condition: "toIndex != NSNotFound")
            }
            remove([id])
            try place([id], placement)
        case .reconfigureItems(let list):
            try Self.requireUnique(list, section: false)
            for id in list where owner[id] == nil { throw .reconfigureUnknownItem("\(id)") }
            reconfiguredItems.formUnion(list)
        case .reloadItems(let list):
            try Self.requireUnique(list, section: false)
            for id in list where owner[id] == nil { throw .reloadUnknownItem("\(id)") }
            reloadedItems.formUnion(list)
        }
    }

    /// Adds empty sections at `index`, refusing ones already held.
    @inlinable
    mutating func addSections(_ new: [SectionID], at index: Int) throws(Failure) {
        try Self.requireUnique(new, section: true)
        var existing: [String] = []
        for id in new where offset(ofSection: id) != nil { existing.append("\(id)") }
        guard existing.isEmpty else { throw .sectionsAlreadyExist(existing) }
        if index == ids.count, offsets != nil {
            for (offset, id) in new.enumerated() { offsets![id] = index + offset }
        } else {
            offsets = nil
        }
        ids.insert(contentsOf: new, at: index)
        items.insert(contentsOf: [[ItemID]](repeating: [], count: new.count), at: index)
    }

    /// Deletes the sections of `gone` that are held, with their items, in
    /// one pass; the others are ignored, as UIKit does.
    @inlinable
    mutating func deleteSections(_ gone: Set<SectionID>) {
        guard !gone.isEmpty else { return }
        var kept = 0
        for index in ids.indices {
            if gone.contains(ids[index]) {
                for item in items[index] { owner[item] = nil }
            } else {
                ids.swapAt(kept, index)
                items.swapAt(kept, index)
                kept += 1
            }
        }
        guard kept < ids.count else { return }
        ids.removeSubrange(kept...)
        items.removeSubrange(kept...)
        offsets = nil
    }

    /// Removes the items held, wherever they are, touching only the
    /// sections that hold them.
    @inlinable
    mutating func remove(_ gone: [ItemID]) {
        var held = Set<ItemID>()
        var holders = Set<SectionID>()
        for item in gone {
            guard let section = owner.removeValue(forKey: item) else { continue }
            held.insert(item)
            holders.insert(section)
        }
        for section in holders {
            guard let index = offset(ofSection: section) else { continue }
            items[index].removeAll { held.contains($0) }
        }
    }

    /// Puts `new` (held nowhere) before or after the placement's anchor item.
    @inlinable
    mutating func place(_ new: [ItemID], _ placement: SnapshotPlacement<ItemID>) throws(Failure) {
        // The anchor is held; it is missing from its section only in a model
        // shown a snapshot with a repeated section ID, which UIKit refuses.
        guard let section = owner[placement.anchor], let index = offset(ofSection: section),
            let anchor = items[index].firstIndex(of: placement.anchor)
        else { throw .unknownItem("\(placement.anchor)", condition: "section != NSNotFound") }
        items[index].insert(contentsOf: new, at: Self.isBefore(placement) ? anchor : anchor + 1)
        for item in new { owner[item] = section }
    }

    @inlinable
    static func isBefore<ID>(_ placement: SnapshotPlacement<ID>) -> Bool {
        if case .before = placement { return true }
        return false
    }

    /// Throws for an identifier repeated within one edit's list.
    @inlinable
    static func requireUnique<ID: Hashable>(_ list: [ID], section: Bool) throws(Failure) {
        var seen = Set<ID>()
        var repeated: [String] = []
        for id in list where !seen.insert(id).inserted {
            if !repeated.contains("\(id)") { repeated.append("\(id)") }
        }
        guard repeated.isEmpty else {
            throw section ? .duplicateSectionIdentifiers(repeated) : .duplicateIdentifiers(repeated)
        }
    }
}
