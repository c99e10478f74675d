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
