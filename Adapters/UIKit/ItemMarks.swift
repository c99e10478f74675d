import BatchUpdate

/// UIKit's rules for the item calls of one batch update, the one home both
/// UIKit models check them in: ``UIKitBatchModel`` on its one section and
/// ``UIKitSectionedModel`` on every section, with the same errors, in the
/// same order.
///
/// Items are numbered over all sections, in scratch space the model lays
/// out: a mark per item before the update holds ``deleted``, ``reloaded``
/// and ``reconfigured``, and above ``shift`` the number of its move's
/// destination plus one; a mark per item after the update holds
/// ``inserted`` and ``taken``, and above ``shift`` its move's source plus
/// one.
@usableFromInline
struct ItemMarks {
    /// Before the update: the item is deleted.
    @usableFromInline static var deleted: Int { 1 }
    /// Before the update: the item is reloaded (a delete plus an insert).
    @usableFromInline static var reloaded: Int { 2 }
    /// Before the update: the item is reconfigured.
    @usableFromInline static var reconfigured: Int { 4 }
    /// After the update: the item is inserted.
    @usableFromInline static var inserted: Int { 1 }
    /// After the update: the slot has its row.
    @usableFromInline static var taken: Int { 2 }
    /// Where a move's other end, plus one, starts in a mark.
    @usableFromInline static var shift: Int { 3 }

    /// One mark per item before the update, all zero to begin with.
    @usableFromInline let old: UnsafeMutableBufferPointer<Int>
    /// One mark per item after the update, all zero to begin with.
    @usableFromInline let new: UnsafeMutableBufferPointer<Int>

    /// Marks over `old` and `new`, which must hold zeros.
    @inlinable
    init(old: UnsafeMutableBufferPointer<Int>, new: UnsafeMutableBufferPointer<Int>) {
        self.old = old
        self.new = new
    }

    /// What one path of an item call changed, for the model's counts.
    @usableFromInline
    enum Marked {
        /// An item deleted at this path before the update.
        case deleted(ItemPath)
        /// An item inserted at this path after the update.
        case inserted(ItemPath)
        /// An item moved from the first path to the second.
        case moved(ItemPath, ItemPath)
    }

    /// Checks each path of `call` and marks it, in the call's order.
    ///
    /// `items(path, action, afterUpdate)` checks the path's section against
    /// the sections before or after the update (throwing
    /// ``UIKitBatchError/sectionOutOfRange(_:action:sectionCount:afterUpdate:)``)
    /// and gives the numbers of that section's items; `marked` hears of
    /// every delete, insert and move (not of reloads and reconfigures).
    ///
    /// - Throws: the first path out of its section, or marked twice by the
    ///   same kind of call (two deletes, two inserts, two moves from or to it).
    /// - Complexity: O(paths).
    @inlinable
    func mark(
        _ call: UIKitBatchCall, items: (ItemPath, String, Bool) throws(UIKitBatchError) -> Range<Int>,
        marked: (Marked) -> Void
    ) throws(UIKitBatchError) {
        /// The number of the item at `path` in `section`, once it is in range.
        func number(
            _ path: ItemPath, in section: Range<Int>, outOfRange: (ItemPath, Int) -> UIKitBatchError
        ) throws(UIKitBatchError) -> Int {
            guard path.item >= 0, path.item < section.count else { throw outOfRange(path, section.count) }
            return section.lowerBound + path.item
        }
        switch call {
        case .deleteItems(let paths):
            for path in paths {
                let item = try number(
                    path, in: items(path, "delete", false), outOfRange: UIKitBatchError.deleteOutOfRange)
                guard old[item] & Self.deleted == 0 else { throw .duplicateDelete(path) }
                old[item] |= Self.deleted
                marked(.deleted(path))
            }
        case .insertItems(let paths):
            for path in paths {
                let item = try number(
                    path, in: items(path, "insert", true), outOfRange: UIKitBatchError.insertOutOfRange)
                guard new[item] & Self.inserted == 0 else { throw .duplicateInsert(path) }
                new[item] |= Self.inserted
                marked(.inserted(path))
            }
        case .reloadItems(let paths):
            for path in paths {
                old[try number(path, in: items(path, "reload", false), outOfRange: UIKitBatchError.reloadOutOfRange)] |=
                    Self.reloaded
            }
        case .reconfigureItems(let paths):
            for path in paths {
                let section = try items(path, "reconfigure", false)
                old[try number(path, in: section, outOfRange: UIKitBatchError.reconfigureOutOfRange)] |=
                    Self.reconfigured
            }
        case .moveItem(let from, let to):
            // Both sections first, then both items, as UIKit checks them.
            let sourceSection = try items(from, "move", false)
            let targetSection = try items(to, "move", true)
            let source = try number(from, in: sourceSection, outOfRange: UIKitBatchError.moveSourceOutOfRange)
            let target = try number(to, in: targetSection) { .moveDestinationOutOfRange(from: from, to: $0, count: $1) }
            guard old[source] >> Self.shift == 0 else { throw .twoMovesFrom(from) }
            guard new[target] >> Self.shift == 0 else { throw .twoMovesTo(to) }
            old[source] |= (target + 1) << Self.shift
            new[target] |= (source + 1) << Self.shift
            marked(.moved(from, to))
        }
    }

    /// The first pair of calls on one item that UIKit refuses, in its
    /// order: delete and reload, delete and reconfigure, delete and move,
    /// reload and move, reconfigure and move (each at the first item before
    /// the update), then insert and move (at the first item after it).
    /// `oldPath` and `newPath` give an item's path from its number.
    ///
    /// - Complexity: O(*n* + *m*) for *n* items before the update and *m* after.
    @inlinable
    func firstConflict(oldPath: (Int) -> ItemPath, newPath: (Int) -> ItemPath) -> UIKitBatchError? {
        var first: (conflict: Conflict, item: Int)?
        for item in old.indices where old[item] != 0 {
            // The first item of the earliest conflict: a later item replaces it only with an earlier one.
            guard let conflict = Conflict(old[item]), first.map({ conflict < $0.conflict }) ?? true else { continue }
            first = (conflict, item)
        }
        if let first { return first.conflict.error(at: oldPath(first.item)) }
        for item in new.indices where new[item] & Self.inserted != 0 && new[item] >> Self.shift != 0 {
            return .insertAndMove(newPath(item))
        }
        return nil
    }

    /// The conflicts of calls on one item before the update, in the order
    /// UIKit reports them.
    @usableFromInline
    enum Conflict: Int, Comparable {
        case deleteAndReload, deleteAndReconfigure, deleteAndMove, reloadAndMove, reconfigureAndMove

        /// The first conflict `mark` holds, or `nil`.
        @inlinable
        init?(_ mark: Int) {
            let reloaded = mark & ItemMarks.reloaded != 0
            let reconfigured = mark & ItemMarks.reconfigured != 0
            switch (deleted: mark & ItemMarks.deleted != 0, moved: mark >> ItemMarks.shift != 0) {
            case (true, _) where reloaded: self = .deleteAndReload
            case (true, _) where reconfigured: self = .deleteAndReconfigure
            case (true, true): self = .deleteAndMove
            case (false, true) where reloaded: self = .reloadAndMove
            case (false, true) where reconfigured: self = .reconfigureAndMove
            default: return nil
            }
        }

        @inlinable
        static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

        /// UIKit's error for this conflict at `path`.
        @inlinable
        func error(at path: ItemPath) -> UIKitBatchError {
            switch self {
            case .deleteAndReload: .deleteAndReload(path)
            case .deleteAndReconfigure: .deleteAndReconfigure(path)
            case .deleteAndMove: .deleteAndMove(path)
            case .reloadAndMove: .reloadAndMove(path)
            case .reconfigureAndMove: .reconfigureAndMove(path)
            }
        }
    }

    /// Fills one section's rows after the update, once every rule held.
    ///
    /// `rows` holds the section's new items, each in no cell (-1) and
    /// refreshed; its slots are the items `slots` numbers after the update,
    /// and `oldRows` the rows of the section it was before the update,
    /// numbered `items`. In UIKit's order:
    /// - a moved item keeps its row (`moved` gives the row of an item
    ///   number before the update); an inserted one gets a new cell;
    /// - a reloaded item is deleted and inserted with a new cell: the k-th
    ///   item not deleted lands on the k-th slot not inserted, moves not
    ///   taken into account;
    /// - every other item keeps its cell and what it showed (a
    ///   reconfigured one its cell only) and fills the free slots in its
    ///   old order.
    ///
    /// - Throws: ``UIKitBatchError/reloadInsertHitsMove(reloaded:at:)`` when
    ///   a reload's insert lands on a move's destination, and
    ///   ``UIKitBatchError/insertOutOfRange(_:count:)`` when it lands past
    ///   the section (items moved out leave fewer slots than items).
    /// - Complexity: O(*n* + *m*) for the section's items before and after.
    @inlinable
    func fill<ID>(
        _ rows: inout [DisplayedRow<ID>], slots: Range<Int>, section: Int, from oldRows: [DisplayedRow<ID>],
        items: Range<Int>, oldSection: Int, moved: (Int) -> DisplayedRow<ID>, newCell: () -> Int
    ) throws(UIKitBatchError) {
        for slot in rows.indices {
            let mark = new[slots.lowerBound + slot]
            if mark >> Self.shift != 0 {
                rows[slot] = moved(mark >> Self.shift - 1)
            } else if mark & Self.inserted != 0 {
                rows[slot].cell = newCell()
            } else {
                continue
            }
            new[slots.lowerBound + slot] |= Self.taken
        }
        var slot = 0
        for offset in oldRows.indices where old[items.lowerBound + offset] & Self.deleted == 0 {
            while slot < rows.count && new[slots.lowerBound + slot] & Self.inserted != 0 { slot += 1 }
            if old[items.lowerBound + offset] & Self.reloaded != 0 {
                let at = ItemPath(section: section, item: slot)
                guard slot < rows.count else { throw .insertOutOfRange(at, count: rows.count) }
                guard new[slots.lowerBound + slot] >> Self.shift == 0 else {
                    throw .reloadInsertHitsMove(reloaded: ItemPath(section: oldSection, item: offset), at: at)
                }
                rows[slot].cell = newCell()
                new[slots.lowerBound + slot] |= Self.taken
            }
            slot += 1
        }
        slot = 0
        for (offset, row) in oldRows.enumerated() {
            let mark = old[items.lowerBound + offset]
            if mark & (Self.deleted | Self.reloaded) != 0 || mark >> Self.shift != 0 { continue }
            while new[slots.lowerBound + slot] & Self.taken != 0 { slot += 1 }
            if mark & Self.reconfigured != 0 {
                rows[slot].cell = row.cell
            } else {
                rows[slot] = row
            }
            slot += 1
        }
    }
}
