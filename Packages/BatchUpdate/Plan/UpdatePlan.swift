/// What happens to every item when a list goes from `old` to `new`: each
/// item is deleted (at its old index), inserted (at its new index) or kept
/// (old index → new index, moved or not, content changed or not).
///
/// A plan is built from a diff that belongs to the pair (see
/// ``init(old:new:diff:changed:)``) and is what an ``UpdateAdapter`` turns
/// into the ordered calls of one toolkit. Kept items that the diff does not
/// move keep their relative order in both snapshots (they are the longest
/// increasing run); only the diff's moves are moves.
///
/// Positions are exposed as ``ItemPath``s in section 0, and as plain offsets
/// through the index lookups.
public struct UpdatePlan<ID: Hashable & Sendable>: Sendable {
    /// A snapshot of a flat list.
    public typealias Snapshot = [ID]
    /// The item identifier.
    public typealias ItemID = ID
    /// What a model shows: its rows.
    public typealias Displayed = [DisplayedRow<ID>]

    /// The snapshot before the update.
    public let old: [ID]
    /// The snapshot after the update.
    public let new: [ID]
    /// For each new offset, the old offset of the same item, or -1 when inserted.
    @usableFromInline let sourceOfNew: [Int]
    /// For each old offset, the new offset of the same item, or -1 when deleted.
    @usableFromInline let targetOfOld: [Int]
    /// For each new offset, ``movedFlag`` and ``changedFlag`` bits.
    @usableFromInline var flagsOfNew: [UInt8]
    /// The number of deleted items.
    public let deletedCount: Int
    /// The number of inserted items.
    public let insertedCount: Int
    /// The number of kept items the diff moves.
    public let movedCount: Int
    /// The number of kept items whose content changed.
    public var changedCount: Int { storedChangedCount }
    /// Backing storage of ``changedCount``.
    @usableFromInline var storedChangedCount: Int

    /// The bit of ``flagsOfNew`` for a moved item.
    @usableFromInline static var movedFlag: UInt8 { 1 }
    /// The bit of ``flagsOfNew`` for a content-changed item.
    @usableFromInline static var changedFlag: UInt8 { 2 }

    /// Creates a plan from parts already known to be consistent.
    ///
    /// `sourceOfNew` maps each new offset to its old offset (or -1), `moved`
    /// and `changed` flag new offsets of kept items.
    @inlinable
    package init(unchecked old: [ID], new: [ID], sourceOfNew: [Int], moved: [Bool], changed: [Bool]) {
        var targetOfOld = [Int](repeating: -1, count: old.count)
        var flags = [UInt8](repeating: 0, count: new.count)
        var inserted = 0
        var movedCount = 0
        var changedCount = 0
        for index in new.indices {
            let source = sourceOfNew[index]
            if source < 0 {
                inserted += 1
                continue
            }
            targetOfOld[source] = index
            if moved[index] {
                flags[index] |= Self.movedFlag
                movedCount += 1
            }
            if changed[index] {
                flags[index] |= Self.changedFlag
                changedCount += 1
            }
        }
        self.old = old
        self.new = new
        self.sourceOfNew = sourceOfNew
        self.targetOfOld = targetOfOld
        self.flagsOfNew = flags
        self.deletedCount = old.count - (new.count - inserted)
        self.insertedCount = inserted
        self.movedCount = movedCount
        self.storedChangedCount = changedCount
    }

    /// The number of items present in both snapshots.
    @inlinable
    public var keptCount: Int { old.count - deletedCount }

    /// Whether nothing changes: no deletion, insertion, move or content change.
    @inlinable
    public var isEmpty: Bool { deletedCount == 0 && insertedCount == 0 && movedCount == 0 && changedCount == 0 }

    /// The new offset of the item at `oldIndex`, or `nil` when it is deleted.
    ///
    /// - Precondition: `oldIndex` is an offset of ``old``, as for an array's
    ///   subscript.
    @inlinable
    public func newIndex(ofOld oldIndex: Int) -> Int? {
        let target = targetOfOld[oldIndex]
        return target < 0 ? nil : target
    }

    /// The old offset of the item at `newIndex`, or `nil` when it is inserted.
    ///
    /// - Precondition: `newIndex` is an offset of ``new``.
    @inlinable
    public func oldIndex(ofNew newIndex: Int) -> Int? {
        let source = sourceOfNew[newIndex]
        return source < 0 ? nil : source
    }

    /// Whether the kept item at `newIndex` is one of the diff's moves.
    ///
    /// - Precondition: `newIndex` is an offset of ``new``.
    @inlinable
    public func isMoved(new newIndex: Int) -> Bool { flagsOfNew[newIndex] & Self.movedFlag != 0 }

    /// Whether the kept item at `newIndex` has changed content.
    ///
    /// - Precondition: `newIndex` is an offset of ``new``.
    @inlinable
    public func isChanged(new newIndex: Int) -> Bool { flagsOfNew[newIndex] & Self.changedFlag != 0 }

    /// The same structure with exactly the kept items at `newIndexes` marked
    /// as content-changed (the conformance kit varies this per pair).
    ///
    /// - Precondition: every offset in `newIndexes` is a kept item.
    @inlinable
    package func replacingChanged(with newIndexes: some Sequence<Int>) -> UpdatePlan {
        var copy = self
        var count = 0
        for index in copy.flagsOfNew.indices { copy.flagsOfNew[index] &= ~Self.changedFlag }
        for index in newIndexes {
            precondition(sourceOfNew[index] >= 0, "only kept items can be content-changed")
            if copy.flagsOfNew[index] & Self.changedFlag == 0 { count += 1 }
            copy.flagsOfNew[index] |= Self.changedFlag
        }
        copy.storedChangedCount = count
        return copy
    }
}

extension UpdatePlan: Equatable {
    /// Two plans are equal when they have the same snapshots and the same fate for every item.
    public static func == (lhs: UpdatePlan, rhs: UpdatePlan) -> Bool {
        lhs.old == rhs.old && lhs.new == rhs.new && lhs.sourceOfNew == rhs.sourceOfNew
            && lhs.flagsOfNew == rhs.flagsOfNew
    }
}

extension UpdatePlan: CustomStringConvertible {
    /// `[a, b, c] → [c, a, d]: delete b at [0, 1]; keep c [0, 2] → [0, 0] (moved); …`:
    /// the two snapshots, then every item's fate in ``items`` order, or
    /// `no changes`.
    ///
    /// Complexity: O(*n*) in the number of items.
    public var description: String {
        let snapshots =
            "[\(old.map { "\($0)" }.joined(separator: ", "))] → [\(new.map { "\($0)" }.joined(separator: ", "))]"
        let fates = items.filter {
            if case .kept(_, let from, let to, let isMoved, let isChanged) = $0 {
                return isMoved || isChanged || from != to
            }
            return true
        }
        if fates.isEmpty { return snapshots + ": no changes" }
        return snapshots + ": " + fates.map(\.description).joined(separator: "; ")
    }
}
