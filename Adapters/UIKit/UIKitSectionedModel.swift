import BatchUpdate
import UpdateCheckDiff

/// A model of a sectioned `UICollectionView` / `UITableView`, replaying batch
/// updates with sections the way UIKit documents them and enforcing its
/// section rules (``UIKitSectionViolation``).
///
/// Within one batch:
/// - section deletes, reloads and move sources are offsets before the
///   update; section inserts and move destinations are offsets after it;
///   sections that are neither deleted nor moved fill the remaining new
///   offsets in their old order;
/// - item deletes, reloads, reconfigures and move sources are index paths
///   before the update, item inserts and move destinations after it;
/// - a deleted section takes its items with it: deleting, reloading,
///   reconfiguring or moving an item out of it is an error; so is inserting
///   or moving an item into an inserted section (its items arrive with it);
/// - a moved section carries its items unchanged: any item call on it in the
///   same batch is an error (UIKit corrupts its state: an insert into a
///   moved section is the classic crash);
/// - a reloaded section is created anew with every cell: any item call on it
///   in the same batch is an error;
/// - counts: sections after = before − deleted + inserted, and for every
///   section kept in place or moved, items after = before + inserted −
///   deleted + moved in − moved out (UIKit's own message);
/// - an item reload is a delete plus an insert with a new cell, as in
///   ``UIKitBatchModel``: the insert lands at the item's old offset shifted
///   by its section's deletes and inserts, moves not taken into account, so
///   a reload and a move in one batch can collide
///   (``UIKitBatchError/reloadInsertHitsMove(reloaded:at:)``); a
///   reconfigure keeps the cell; moved items keep their cells.
///
/// Item calls are checked by the same code as in ``UIKitBatchModel``, with
/// the same errors in the same order: on one section both raise the same
/// error for every batch they refuse and show the same rows in the same
/// cells for every batch they accept.
public struct UIKitSectionedModel<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: ToolkitModel {
    /// The sections shown now.
    public var displayed: [DisplayedSection<SectionID, ItemID>] { shown }
    /// Storage of ``displayed``.
    @usableFromInline var shown: [DisplayedSection<SectionID, ItemID>]
    /// The number the next new cell gets.
    @usableFromInline var nextCell: Int

    /// A collection view showing `snapshot`.
    @inlinable
    public init(showing snapshot: SectionedSnapshot<SectionID, ItemID>) {
        shown = DisplayedSection.initial(showing: snapshot)
        nextCell = snapshot.itemCount
    }

    /// Replays one `performBatchUpdates` block whose data source holds `batch.dataSource` afterwards.
    ///
    /// - Throws: ``UIKitBatchError/sections(_:)`` with the section rule
    ///   broken, or the item rule's own ``UIKitBatchError``.
    /// - Complexity: O(*n* + calls) expected, for *n* sections and items.
    ///   Inlinable, so that the conformance kit's replays are specialised
    ///   for its IDs.
    @inlinable
    public mutating func perform(
        _ batch: UpdateBatch<SectionedSnapshot<SectionID, ItemID>, UIKitSectionedCall>
    ) throws(UIKitBatchError) {
        try replay(batch)
    }

    /// The replay: flags per section and marks per item before and after
    /// the update, in scratch arrays indexed by offset (items by their
    /// offset over all sections), checked in one order, so that a batch
    /// breaking several rules names the same one whatever its calls' order:
    /// each call's sections and paths, in call order; conflicting section
    /// calls; item calls on deleted, moved or reloaded sections, inserts
    /// and moves into or out of them; the section count; item calls against
    /// each other, as on one section (`ItemMarks`); every kept section's
    /// item count; then the new state, where a reload's insert may hit a move.
    @inlinable
    mutating func replay(
        _ batch: UpdateBatch<SectionedSnapshot<SectionID, ItemID>, UIKitSectionedCall>
    ) throws(UIKitBatchError) {
        let data = batch.dataSource.sections
        let before = shown.count
        let after = data.count
        let oldItemCount = shown.reduce(0) { $0 + $1.rows.count }
        let words = 4 * before + 5 * after + 2 + oldItemCount + batch.dataSource.itemCount
        // Every flag and count in one scratch allocation, on the stack when small.
        try withUnsafeTemporaryAllocation(of: Int.self, capacity: words) { (scratch) throws(UIKitBatchError) in
            scratch.initialize(repeating: 0)
            var used = 0
            func take(_ count: Int) -> UnsafeMutableBufferPointer<Int> {
                defer { used += count }
                return UnsafeMutableBufferPointer(rebasing: scratch[used..<(used + count)])
            }
            let oldStart = take(before + 1)
            for section in 0..<before { oldStart[section + 1] = oldStart[section] + shown[section].rows.count }
            let newStart = take(after + 1)
            for section in 0..<after { newStart[section + 1] = newStart[section] + data[section].items.count }
            let oldSections = take(before)
            let newSections = take(after)
            let oldItems = take(oldStart[before])
            let newItems = take(newStart[after])
            // Per old section: items deleted and moved out; per new section: inserted and moved in.
            let deletedFrom = take(before)
            let movedOutOf = take(before)
            let insertedInto = take(after)
            let movedInto = take(after)
            let sourceOfNew = take(after)
            try replay(
                batch, oldStart: oldStart, newStart: newStart, oldSections: oldSections, newSections: newSections,
                oldItems: oldItems, newItems: newItems, deletedFrom: deletedFrom, movedOutOf: movedOutOf,
                insertedInto: insertedInto, movedInto: movedInto, sourceOfNew: sourceOfNew)
        }
    }

    /// The replay on scratch space laid out by ``replay(_:)``, all zero.
    @inlinable
    mutating func replay(
        _ batch: UpdateBatch<SectionedSnapshot<SectionID, ItemID>, UIKitSectionedCall>,
        oldStart: UnsafeMutableBufferPointer<Int>, newStart: UnsafeMutableBufferPointer<Int>,
        oldSections: UnsafeMutableBufferPointer<Int>, newSections: UnsafeMutableBufferPointer<Int>,
        oldItems: UnsafeMutableBufferPointer<Int>, newItems: UnsafeMutableBufferPointer<Int>,
        deletedFrom: UnsafeMutableBufferPointer<Int>, movedOutOf: UnsafeMutableBufferPointer<Int>,
        insertedInto: UnsafeMutableBufferPointer<Int>, movedInto: UnsafeMutableBufferPointer<Int>,
        sourceOfNew: UnsafeMutableBufferPointer<Int>
    ) throws(UIKitBatchError) {
        // Section flag bits, with (move target or source + 1) above `shift`:
        // per old section deleted and reloaded; per new section inserted
        // (and, once known, reloaded through its source). Items carry
        // ItemMarks' marks.
        let deleted = 1
        let reloaded = 2
        let inserted = 1
        let reloadedNew = 2
        let shift = 3
        let marks = ItemMarks(old: oldItems, new: newItems)
        let data = batch.dataSource.sections
        let before = shown.count
        let after = data.count
        var moves: [(from: ItemPath, to: ItemPath)] = []
        var deletedSectionCount = 0
        var insertedSectionCount = 0

        func oldSection(_ action: String, _ section: Int) throws(UIKitBatchError) {
            guard (0..<before).contains(section) else {
                throw .sections(.sectionOutOfRange(action: action, section: section, count: before))
            }
        }
        func newSection(_ action: String, _ section: Int) throws(UIKitBatchError) {
            guard (0..<after).contains(section) else {
                throw .sections(.sectionOutOfRangeAfter(action: action, section: section, count: after))
            }
        }
        /// The path of item number `item` over all sections laid out by `starts`.
        func path(_ item: Int, _ starts: UnsafeMutableBufferPointer<Int>) -> ItemPath {
            var low = 0
            var high = starts.count - 2
            while low < high {
                let middle = (low + high + 1) / 2
                if starts[middle] <= item { low = middle } else { high = middle - 1 }
            }
            return ItemPath(section: low, item: item - starts[low])
        }

        for call in batch.calls {
            switch call {
            case .deleteSections(let list):
                for section in list {
                    try oldSection("delete", section)
                    guard oldSections[section] & deleted == 0 else {
                        throw .sections(.duplicateSection(action: "delete", section: section))
                    }
                    oldSections[section] |= deleted
                    deletedSectionCount += 1
                }
            case .insertSections(let list):
                for section in list {
                    try newSection("insert", section)
                    guard newSections[section] & inserted == 0 else {
                        throw .sections(.duplicateSection(action: "insert", section: section))
                    }
                    newSections[section] |= inserted
                    insertedSectionCount += 1
                }
            case .reloadSections(let list):
                for section in list {
                    try oldSection("reload", section)
                    guard oldSections[section] & reloaded == 0 else {
                        throw .sections(.duplicateSection(action: "reload", section: section))
                    }
                    oldSections[section] |= reloaded
                }
            case .moveSection(let from, let to):
                try oldSection("move", from)
                try newSection("move", to)
                guard oldSections[from] >> shift == 0 else {
                    throw .sections(.duplicateSection(action: "move", section: from))
                }
                guard newSections[to] >> shift == 0 else {
                    throw .sections(.duplicateSection(action: "move", section: to))
                }
                oldSections[from] |= (to + 1) << shift
                newSections[to] |= (from + 1) << shift
            case .item(let itemCall):
                try marks.mark(itemCall) { (path, action, afterUpdate) throws(UIKitBatchError) in
                    let (starts, count) = afterUpdate ? (newStart, after) : (oldStart, before)
                    guard (0..<count).contains(path.section) else {
                        throw .sectionOutOfRange(path, action: action, sectionCount: count, afterUpdate: afterUpdate)
                    }
                    return starts[path.section]..<starts[path.section + 1]
                } marked: { marked in
                    switch marked {
                    case .deleted(let path): deletedFrom[path.section] += 1
                    case .inserted(let path): insertedInto[path.section] += 1
                    case .moved(let from, let to): moves.append((from, to))
                    }
                }
            }
        }

        // Conflicting section calls.
        for section in 0..<before where oldSections[section] & deleted != 0 {
            if oldSections[section] & reloaded != 0 {
                throw .sections(.sectionConflict(first: "delete", second: "reload", section: section))
            }
            if oldSections[section] >> shift != 0 {
                throw .sections(.sectionConflict(first: "delete", second: "move", section: section))
            }
        }
        for section in 0..<before where oldSections[section] & reloaded != 0 && oldSections[section] >> shift != 0 {
            throw .sections(.sectionConflict(first: "reload", second: "move", section: section))
        }
        for section in 0..<after where newSections[section] & inserted != 0 && newSections[section] >> shift != 0 {
            throw .sections(.sectionConflict(first: "insert", second: "move", section: section))
        }
        // Item calls against the section calls.
        var flag = ItemMarks.deleted
        while flag <= ItemMarks.reconfigured {
            defer { flag <<= 1 }
            let action = flag == ItemMarks.deleted ? "delete" : flag == ItemMarks.reloaded ? "reload" : "reconfigure"
            for section in 0..<before where oldSections[section] != 0 {
                for item in oldStart[section]..<oldStart[section + 1] where oldItems[item] & flag != 0 {
                    let path = ItemPath(section: section, item: item - oldStart[section])
                    if oldSections[section] & deleted != 0 {
                        throw .sections(.itemInDeletedSection(action: action, path: path))
                    }
                    if oldSections[section] >> shift != 0 {
                        throw .sections(.itemChangeInMovedSection(action: action, path: path, section: section))
                    }
                    throw .sections(.itemChangeInReloadedSection(action: action, path: path, section: section))
                }
            }
        }
        // Which old section fills each new offset.
        guard after == before - deletedSectionCount + insertedSectionCount else {
            throw .sections(
                .invalidSectionCount(
                    before: before, after: after, inserted: insertedSectionCount, deleted: deletedSectionCount))
        }
        for section in 0..<after { sourceOfNew[section] = -1 }
        var staying = 0
        for section in 0..<after where newSections[section] & inserted == 0 {
            if newSections[section] >> shift != 0 {
                sourceOfNew[section] = newSections[section] >> shift - 1
            } else {
                while staying < before && (oldSections[staying] & deleted != 0 || oldSections[staying] >> shift != 0) {
                    staying += 1
                }
                guard staying < before else { continue }
                sourceOfNew[section] = staying
                staying += 1
            }
            if oldSections[sourceOfNew[section]] & reloaded != 0 { newSections[section] |= reloadedNew }
        }
        for section in 0..<after where newSections[section] != 0 {
            for item in newStart[section]..<newStart[section + 1] where newItems[item] & ItemMarks.inserted != 0 {
                let path = ItemPath(section: section, item: item - newStart[section])
                if newSections[section] & inserted != 0 { throw .sections(.insertIntoInsertedSection(path)) }
                if newSections[section] >> shift != 0 {
                    throw .sections(.itemChangeInMovedSection(action: "insert", path: path, section: section))
                }
                throw .sections(.itemChangeInReloadedSection(action: "insert", path: path, section: section))
            }
        }
        // Moves against the section calls; a move between two sections
        // counts as moved out of one and into the other.
        moves.sort { $0.from < $1.from }
        for (from, to) in moves {
            let source = oldSections[from.section]
            let target = newSections[to.section]
            if source & deleted != 0 { throw .sections(.moveOutOfDeletedSection(from: from, to: to)) }
            if target & inserted != 0 { throw .sections(.moveIntoInsertedSection(from: from, to: to)) }
            if source >> shift != 0 {
                throw .sections(.itemChangeInMovedSection(action: "move", path: from, section: from.section))
            }
            if target >> shift != 0 {
                throw .sections(.itemChangeInMovedSection(action: "move", path: to, section: to.section))
            }
            if source & reloaded != 0 {
                throw .sections(.itemChangeInReloadedSection(action: "move", path: from, section: from.section))
            }
            if target & reloadedNew != 0 {
                throw .sections(.itemChangeInReloadedSection(action: "move", path: to, section: to.section))
            }
            if sourceOfNew[to.section] != from.section {
                movedOutOf[from.section] += 1
                movedInto[to.section] += 1
            }
        }
        // Item calls against each other, as on one section.
        if let conflict = marks.firstConflict(oldPath: { path($0, oldStart) }, newPath: { path($0, newStart) }) {
            throw conflict
        }
        // Per-section counts.
        for section in 0..<after where sourceOfNew[section] >= 0 && newSections[section] & reloadedNew == 0 {
            let source = sourceOfNew[section]
            let beforeCount = oldStart[source + 1] - oldStart[source]
            let afterCount = newStart[section + 1] - newStart[section]
            let (insertedCount, deletedCount) = (insertedInto[section], deletedFrom[source])
            let (movedIn, movedOut) = (movedInto[section], movedOutOf[source])
            guard afterCount == beforeCount + insertedCount - deletedCount + movedIn - movedOut else {
                throw .invalidItemCount(
                    section: section, before: beforeCount, after: afterCount, inserted: insertedCount,
                    deleted: deletedCount, movedIn: movedIn, movedOut: movedOut)
            }
        }

        // The new state: new sections with new cells; kept ones filled as
        // one section is (ItemMarks.fill), moved items from any section.
        let old = shown
        var cell = nextCell
        var next: [DisplayedSection<SectionID, ItemID>] = []
        next.reserveCapacity(after)
        for section in 0..<after {
            let source = sourceOfNew[section]
            let items = data[section].items
            if source < 0 || newSections[section] & reloadedNew != 0 {
                var rows: [DisplayedRow<ItemID>] = []
                rows.reserveCapacity(items.count)
                for item in items {
                    rows.append(DisplayedRow(id: item, cell: cell, isRefreshed: true))
                    cell += 1
                }
                next.append(DisplayedSection(id: data[section].id, rows: rows, isRefreshed: true))
                continue
            }
            var rows = items.map { DisplayedRow(id: $0, cell: -1, isRefreshed: true) }
            try marks.fill(
                &rows, slots: newStart[section]..<newStart[section + 1], section: section, from: old[source].rows,
                items: oldStart[source]..<oldStart[source + 1], oldSection: source,
                moved: { item in
                    let at = path(item, oldStart)
                    return old[at.section].rows[at.item]
                },
                newCell: {
                    defer { cell += 1 }
                    return cell
                })
            next.append(DisplayedSection(id: old[source].id, rows: rows, isRefreshed: old[source].isRefreshed))
        }
        shown = next
        nextCell = cell
    }
}
