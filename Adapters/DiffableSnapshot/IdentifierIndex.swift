/// Finds the offset of an identifier in a list: by linear search for short
/// lists (no allocation), by hashing for long ones; records the identifiers
/// that occur more than once.
@usableFromInline
struct IdentifierIndex<ID: Hashable & Sendable> {
    /// Lists up to this length are searched linearly.
    @usableFromInline static var linearLimit: Int { 16 }

    @usableFromInline let ids: [ID]
    @usableFromInline var table: [ID: Int]?
    /// Identifiers found more than once, in order of their first repeat.
    @usableFromInline var repeated: [ID] = []

    /// Indexes `ids`, noting repeats.
    @inlinable
    init(_ ids: [ID]) {
        self.ids = ids
        if ids.count > Self.linearLimit {
            var table = [ID: Int](minimumCapacity: ids.count)
            for (offset, id) in ids.enumerated() where table.updateValue(offset, forKey: id) != nil {
                if !repeated.contains(id) { repeated.append(id) }
            }
            self.table = table
        } else {
            for index in ids.indices where ids[..<index].contains(ids[index]) {
                if !repeated.contains(ids[index]) { repeated.append(ids[index]) }
            }
        }
    }

    /// The offset of `id` (the last one, if repeated), or `nil`.
    @inlinable
    func offset(of id: ID) -> Int? {
        if let table { return table[id] }
        return ids.lastIndex(of: id)
    }
}
