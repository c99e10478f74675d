/// Keeps the few smallest of many failing cases by an ordering key, without
/// building a report entry for the others.
@usableFromInline
struct SmallestFailures<Case> {
    @usableFromInline var entries: [(key: [Int], order: Int, value: Case)] = []
    @usableFromInline var offered = 0
    @usableFromInline let capacity: Int

    /// Keeps at most `capacity` cases.
    @inlinable
    init(capacity: Int) { self.capacity = max(0, capacity) }

    /// Offers a failing case; earlier cases win ties.
    @inlinable
    mutating func offer(_ value: Case, key: [Int]) {
        defer { offered += 1 }
        guard capacity > 0 else { return }
        if entries.count == capacity {
            guard let last = entries.last, key.lexicographicallyPrecedes(last.key) else { return }
            entries.removeLast()
        }
        let position =
            entries.firstIndex { key.lexicographicallyPrecedes($0.key) } ?? entries.endIndex
        entries.insert((key, offered, value), at: position)
    }

    /// The kept cases, smallest first.
    @inlinable
    var sorted: [Case] { entries.map(\.value) }
}
