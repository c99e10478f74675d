extension UpdatePlan {
    /// The plan as steps for a toolkit that applies each call at once, every
    /// position referring to the list left by the steps before it.
    ///
    /// Order: removals from the bottom up (consecutive ones as one range);
    /// then, by ascending new index, insertions (consecutive ones as one
    /// range) and moves — each moved item moves exactly once, items that stay
    /// put never move; then refreshes at their final positions (consecutive
    /// ones as one range).
    ///
    /// - Parameters:
    ///   - movedAndChanged: with ``MovedAndChangedPolicy/deleteAndInsert`` a
    ///     moved and changed item is removed and inserted instead of moved and
    ///     refreshed.
    ///   - moves: with ``MoveStyle/replacesCell`` (a toolkit without a move
    ///     primitive) every moved item is removed and inserted, and no step is
    ///     a move.
    /// - Complexity: O(*n* log *n*).
    @inlinable
    public func sequentialSteps(
        movedAndChanged: MovedAndChangedPolicy = .moveThenRefresh, moves: MoveStyle = .keepsCell
    ) -> [SequentialStep] {
        let replaces = movedAndChanged == .deleteAndInsert
        let replacesMoves = moves == .replacesCell
        // 0: stays put, 1: moves, 2: is inserted (or replaced: removed, then inserted).
        func kind(_ newIndex: Int) -> Int {
            if sourceOfNew[newIndex] < 0 { return 2 }
            guard isMoved(new: newIndex) else { return 0 }
            return replacesMoves || (replaces && isChanged(new: newIndex)) ? 2 : 1
        }
        func isRemoved(_ oldIndex: Int) -> Bool {
            let target = targetOfOld[oldIndex]
            return target < 0 || kind(target) == 2
        }
        var steps: [SequentialStep] = []

        // Removals, bottom up, as ranges.
        var index = old.count - 1
        while index >= 0 {
            guard isRemoved(index) else {
                index -= 1
                continue
            }
            var start = index
            while start > 0, isRemoved(start - 1) { start -= 1 }
            steps.append(.remove(position: start, count: index - start + 1))
            index = start - 1
        }

        // Slots on one line: for each gap between items that stay put, first
        // the new items placed into it (by new index), then the moved items
        // still waiting in it (by old index); then the item that stays put.
        // slots[i] is the slot of new index i; slots[new.count + o] the
        // waiting slot of a moved old index o.
        var slots = [Int](repeating: -1, count: new.count + old.count)
        var counter = SlotCounter(count: new.count + old.count)
        var slot = 0
        var newCursor = 0
        var oldCursor = 0
        while newCursor < new.count || oldCursor < old.count {
            while newCursor < new.count, kind(newCursor) != 0 {
                slots[newCursor] = slot
                slot += 1
                newCursor += 1
            }
            while oldCursor < old.count, isRemoved(oldCursor) || kind(targetOfOld[oldCursor]) != 0 {
                if !isRemoved(oldCursor) {
                    slots[new.count + oldCursor] = slot
                    counter.add(1, at: slot)
                    slot += 1
                }
                oldCursor += 1
            }
            // Both cursors now sit on the same item that stays put (or at the end).
            guard newCursor < new.count else { break }
            slots[newCursor] = slot
            counter.add(1, at: slot)
            slot += 1
            newCursor += 1
            oldCursor += 1
        }

        // Insertions and moves, by ascending new index.
        for index in new.indices {
            switch kind(index) {
            case 1:
                let waiting = slots[new.count + sourceOfNew[index]]
                let from = counter.occupied(before: waiting)
                counter.add(-1, at: waiting)
                let to = counter.occupied(before: slots[index])
                counter.add(1, at: slots[index])
                if from != to { steps.append(.move(from: from, to: to)) }
            case 2:
                let position = counter.occupied(before: slots[index])
                counter.add(1, at: slots[index])
                if case .insert(let start, let count) = steps.last, start + count == position {
                    steps[steps.count - 1] = .insert(position: start, count: count + 1)
                } else {
                    steps.append(.insert(position: position, count: 1))
                }
            default:
                continue
            }
        }

        // Refreshes at final positions, as ranges.
        var start = -1
        for index in new.indices {
            let refreshes = isChanged(new: index) && kind(index) != 2
            if refreshes, start < 0 { start = index }
            if !refreshes, start >= 0 {
                steps.append(.change(position: start, count: index - start))
                start = -1
            }
        }
        if start >= 0 { steps.append(.change(position: start, count: new.count - start)) }
        return steps
    }
}

/// A set of numbered slots, some occupied, that answers "how many occupied
/// slots come before slot *s*" in O(log *n*) (a Fenwick tree).
///
/// ``UpdatePlan/sequentialSteps(movedAndChanged:)`` lays every item out on a
/// fixed line of slots; an item's current position is the number of
/// occupied slots before its slot.
@usableFromInline
struct SlotCounter {
    @usableFromInline var tree: [Int]

    /// `count` slots, all empty.
    @inlinable
    init(count: Int) { tree = [Int](repeating: 0, count: count + 1) }

    /// Marks `slot` occupied (`delta` 1) or empty (`delta` -1).
    @inlinable
    mutating func add(_ delta: Int, at slot: Int) {
        var index = slot + 1
        while index < tree.count {
            tree[index] += delta
            index += index & -index
        }
    }

    /// The number of occupied slots before `slot`.
    @inlinable
    func occupied(before slot: Int) -> Int {
        var index = slot
        var sum = 0
        while index > 0 {
            sum += tree[index]
            index -= index & -index
        }
        return sum
    }
}

extension Array where Element == Int {
    /// The values as an index set would hold them: ascending, each once
    /// (the array itself, without copying, when it already is).
    @inlinable
    package var indexSetOrder: [Int] {
        var ascending = true
        for index in indices.dropFirst() where self[index - 1] >= self[index] {
            ascending = false
            break
        }
        return ascending ? self : Set(self).sorted()
    }
}

/// One step of an update for a toolkit that applies every call at once
/// (NSTableView, RecyclerView): each position refers to the list left by
/// the steps before it.
public enum SequentialStep: Sendable, Hashable, CustomStringConvertible {
    /// Remove `count` items starting at `position`.
    case remove(position: Int, count: Int)
    /// Insert `count` items so that they end up at `position` ..< `position + count`.
    case insert(position: Int, count: Int)
    /// Take the item at `from` out and put it back so that it ends up at `to`.
    case move(from: Int, to: Int)
    /// Refresh the `count` items starting at `position`.
    case change(position: Int, count: Int)

    /// `remove 1 (count 2)`, `move 3 → 0`.
    public var description: String {
        switch self {
        case .remove(let position, let count): "remove \(position) (count \(count))"
        case .insert(let position, let count): "insert \(position) (count \(count))"
        case .move(let from, let to): "move \(from) → \(to)"
        case .change(let position, let count): "change \(position) (count \(count))"
        }
    }
}
