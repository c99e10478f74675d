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
/// - an item reload gives a new cell in the item's place, a reconfigure
///   keeps the cell; moved items keep their cells.
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
    /// - Throws: ``UIKitBatchError/sections(_:)`` with the rule broken.
    /// - Complexity: O(*n* + calls) expected, for *n* sections and items.
    ///   Inlinable, so that the conformance kit's replays are specialised
    ///   for its IDs.
    @inlinable
    public mutating func perform(
        _ batch: UpdateBatch<SectionedSnapshot<SectionID, ItemID>, UIKitSectionedCall>
    ) throws(UIKitBatchError) {
        try replay(batch)
    }

    @inlinable
    mutating func replay(
        _ batch: UpdateBatch<SectionedSnapshot<SectionID, ItemID>, UIKitSectionedCall>
    ) throws(UIKitBatchError) {
        let data = batch.dataSource.sections
        let before = shown.count
        let after = data.count
        var deletedSections = Set<Int>()
        var reloadedSections = Set<Int>()
        var insertedSections = Set<Int>()
        var sectionTarget: [Int: Int] = [:]
        var sectionSource: [Int: Int] = [:]
        var deletedItems = Set<ItemPath>()
        var reloadedItems = Set<ItemPath>()
        var reconfiguredItems = Set<ItemPath>()
        var insertedItems = Set<ItemPath>()
        var itemTarget: [ItemPath: ItemPath] = [:]
        var itemSource: [ItemPath: ItemPath] = [:]

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
        func oldItem(_ action: String, _ path: ItemPath) throws(UIKitBatchError) {
            try oldSection(action, path.section)
            let count = shown[path.section].rows.count
            guard (0..<count).contains(path.item) else {
                throw .sections(.itemOutOfRange(action: action, path: path, count: count, afterUpdate: false))
            }
        }
        func newItem(_ action: String, _ path: ItemPath) throws(UIKitBatchError) {
            try newSection(action, path.section)
            let count = data[path.section].items.count
            guard (0..<count).contains(path.item) else {
                throw .sections(.itemOutOfRange(action: action, path: path, count: count, afterUpdate: true))
            }
        }

        for call in batch.calls {
            switch call {
            case .deleteSections(let list):
                for section in list {
                    try oldSection("delete", section)
                    guard deletedSections.insert(section).inserted else {
                        throw .sections(.duplicateSection(action: "delete", section: section))
                    }
                }
            case .insertSections(let list):
                for section in list {
                    try newSection("insert", section)
                    guard insertedSections.insert(section).inserted else {
                        throw .sections(.duplicateSection(action: "insert", section: section))
                    }
                }
            case .reloadSections(let list):
                for section in list {
                    try oldSection("reload", section)
                    guard reloadedSections.insert(section).inserted else {
                        throw .sections(.duplicateSection(action: "reload", section: section))
                    }
                }
            case .moveSection(let from, let to):
                try oldSection("move", from)
                try newSection("move", to)
                guard sectionTarget[from] == nil else {
                    throw .sections(.duplicateSection(action: "move", section: from))
                }
                guard sectionSource[to] == nil else { throw .sections(.duplicateSection(action: "move", section: to)) }
                sectionTarget[from] = to
                sectionSource[to] = from
            case .item(let itemCall):
                switch itemCall {
                case .deleteItems(let paths):
                    for path in paths {
                        try oldItem("delete", path)
                        guard deletedItems.insert(path).inserted else {
                            throw .sections(.duplicateItem(action: "delete", path: path))
                        }
                    }
                case .insertItems(let paths):
                    for path in paths {
                        try newItem("insert", path)
                        guard insertedItems.insert(path).inserted else {
                            throw .sections(.duplicateItem(action: "insert", path: path))
                        }
                    }
                case .reloadItems(let paths):
                    for path in paths {
                        try oldItem("reload", path)
                        reloadedItems.insert(path)
                    }
                case .reconfigureItems(let paths):
                    for path in paths {
                        try oldItem("reconfigure", path)
                        reconfiguredItems.insert(path)
                    }
                case .moveItem(let from, let to):
                    try oldItem("move", from)
                    try newItem("move", to)
                    guard itemTarget[from] == nil else { throw .sections(.duplicateItem(action: "move", path: from)) }
                    guard itemSource[to] == nil else { throw .sections(.duplicateItem(action: "move", path: to)) }
                    itemTarget[from] = to
                    itemSource[to] = from
                }
            }
        }

        // Conflicting section calls.
        for section in deletedSections.sorted() {
            if reloadedSections.contains(section) {
                throw .sections(.sectionConflict(first: "delete", second: "reload", section: section))
            }
            if sectionTarget[section] != nil {
                throw .sections(.sectionConflict(first: "delete", second: "move", section: section))
            }
        }
        for section in reloadedSections.sorted() where sectionTarget[section] != nil {
            throw .sections(.sectionConflict(first: "reload", second: "move", section: section))
        }
        for section in insertedSections.sorted() where sectionSource[section] != nil {
            throw .sections(.sectionConflict(first: "insert", second: "move", section: section))
        }
        // Item calls against the section calls, then against each other.
        let oldCalls: [(String, Set<ItemPath>)] = [
            ("delete", deletedItems), ("reload", reloadedItems), ("reconfigure", reconfiguredItems),
        ]
        for (action, paths) in oldCalls {
            for path in paths.sorted() {
                if deletedSections.contains(path.section) {
                    throw .sections(.itemInDeletedSection(action: action, path: path))
                }
                if sectionTarget[path.section] != nil {
                    throw .sections(.itemChangeInMovedSection(action: action, path: path, section: path.section))
                }
                if reloadedSections.contains(path.section) {
                    throw .sections(.itemChangeInReloadedSection(action: action, path: path, section: path.section))
                }
            }
        }
        // Which old section fills each new offset.
        var sourceOfNew = [Int](repeating: -1, count: after)
        var staying = (0..<before).filter { !deletedSections.contains($0) && sectionTarget[$0] == nil }.makeIterator()
        guard after == before - deletedSections.count + insertedSections.count else {
            throw .sections(
                .invalidSectionCount(
                    before: before, after: after, inserted: insertedSections.count, deleted: deletedSections.count))
        }
        for section in 0..<after where !insertedSections.contains(section) {
            if let source = sectionSource[section] {
                sourceOfNew[section] = source
            } else if let source = staying.next() {
                sourceOfNew[section] = source
            }
        }
        let reloadedNew = Set(
            sourceOfNew.indices.filter { sourceOfNew[$0] >= 0 && reloadedSections.contains(sourceOfNew[$0]) })
        for path in insertedItems.sorted() {
            if insertedSections.contains(path.section) { throw .sections(.insertIntoInsertedSection(path)) }
            if sectionSource[path.section] != nil {
                throw .sections(.itemChangeInMovedSection(action: "insert", path: path, section: path.section))
            }
            if reloadedNew.contains(path.section) {
                throw .sections(.itemChangeInReloadedSection(action: "insert", path: path, section: path.section))
            }
        }
        for (from, to) in itemTarget.sorted(by: { $0.key < $1.key }) {
            if deletedSections.contains(from.section) { throw .sections(.moveOutOfDeletedSection(from: from, to: to)) }
            if insertedSections.contains(to.section) { throw .sections(.moveIntoInsertedSection(from: from, to: to)) }
            if sectionTarget[from.section] != nil {
                throw .sections(.itemChangeInMovedSection(action: "move", path: from, section: from.section))
            }
            if sectionSource[to.section] != nil {
                throw .sections(.itemChangeInMovedSection(action: "move", path: to, section: to.section))
            }
            if reloadedSections.contains(from.section) {
                throw .sections(.itemChangeInReloadedSection(action: "move", path: from, section: from.section))
            }
            if reloadedNew.contains(to.section) {
                throw .sections(.itemChangeInReloadedSection(action: "move", path: to, section: to.section))
            }
            if deletedItems.contains(from) {
                throw .sections(.itemConflict(first: "delete", second: "move", path: from))
            }
            if reloadedItems.contains(from) {
                throw .sections(.itemConflict(first: "reload", second: "move", path: from))
            }
            if reconfiguredItems.contains(from) {
                throw .sections(.itemConflict(first: "reconfigure", second: "move", path: from))
            }
            if insertedItems.contains(to) { throw .sections(.itemConflict(first: "insert", second: "move", path: to)) }
        }
        for path in deletedItems.sorted() {
            if reloadedItems.contains(path) {
                throw .sections(.itemConflict(first: "delete", second: "reload", path: path))
            }
            if reconfiguredItems.contains(path) {
                throw .sections(.itemConflict(first: "delete", second: "reconfigure", path: path))
            }
        }
        // Per-section counts.
        for section in 0..<after where sourceOfNew[section] >= 0 && !reloadedNew.contains(section) {
            let source = sourceOfNew[section]
            let beforeCount = shown[source].rows.count
            let deleted = deletedItems.count { $0.section == source }
            let inserted = insertedItems.count { $0.section == section }
            let movedOut = itemTarget.keys.count { $0.section == source }
            let movedIn = itemSource.keys.count { $0.section == section }
            let afterCount = data[section].items.count
            guard afterCount == beforeCount + inserted - deleted + movedIn - movedOut else {
                throw .sections(
                    .invalidItemCount(
                        section: section, before: beforeCount, after: afterCount, inserted: inserted, deleted: deleted,
                        movedIn: movedIn, movedOut: movedOut))
            }
        }

        // The new state.
        var next: [DisplayedSection<SectionID, ItemID>] = []
        next.reserveCapacity(after)
        for section in 0..<after {
            let source = sourceOfNew[section]
            let items = data[section].items
            if source < 0 || reloadedNew.contains(section) {
                var rows: [DisplayedRow<ItemID>] = []
                for item in items {
                    rows.append(DisplayedRow(id: item, cell: nextCell, isRefreshed: true))
                    nextCell += 1
                }
                next.append(DisplayedSection(id: data[section].id, rows: rows, isRefreshed: true))
                continue
            }
            var slots = [DisplayedRow<ItemID>?](repeating: nil, count: items.count)
            for (to, from) in itemSource where to.section == section {
                slots[to.item] = shown[from.section].rows[from.item]
            }
            for path in insertedItems where path.section == section {
                slots[path.item] = DisplayedRow(id: items[path.item], cell: nextCell, isRefreshed: true)
                nextCell += 1
            }
            var slot = 0
            for (offset, row) in shown[source].rows.enumerated() {
                let path = ItemPath(section: source, item: offset)
                if deletedItems.contains(path) || itemTarget[path] != nil { continue }
                while slots[slot] != nil { slot += 1 }
                if reloadedItems.contains(path) {
                    slots[slot] = DisplayedRow(id: items[slot], cell: nextCell, isRefreshed: true)
                    nextCell += 1
                } else if reconfiguredItems.contains(path) {
                    slots[slot] = DisplayedRow(id: items[slot], cell: row.cell, isRefreshed: true)
                } else {
                    slots[slot] = row
                }
            }
            next.append(
                DisplayedSection(
                    id: shown[source].id, rows: slots.map { $0! }, isRefreshed: shown[source].isRefreshed))
        }
        shown = next
    }
}
