import UpdateCheckSupport

/// An open-addressing hash table from IDs to their offsets in one snapshot,
/// flat and compact: one 64-bit slot per entry, holding 32 bits of the ID's
/// hash and the offset plus one (0 marks an empty slot). IDs themselves stay
/// in the snapshot array and are compared only when the hash bits agree.
///
/// Half the memory of a `Dictionary<ID, Int32>` and no rehashing: lookups
/// only read, so they can run in parallel.
@usableFromInline
struct OffsetTable {
    /// The slots; the capacity is a power of two at least twice the entry
    /// count (huge pages for large tables, see `ZeroedWords`).
    @usableFromInline var slots: ZeroedWords
    /// `slots.count - 1`.
    @usableFromInline let mask: Int

    /// Creates an empty table for up to `count` entries.
    @inlinable
    init(count: Int) {
        var capacity = 16
        while capacity < 2 * count { capacity <<= 1 }
        slots = ZeroedWords(count: capacity)
        mask = capacity - 1
    }

    /// The ID's hash: for integer IDs a seeded multiply-fold of the value
    /// itself (a few instructions); for `String` and `Substring` IDs
    /// ``UTF8Hash`` of their bytes (keyed per process, consistent with
    /// `String`'s `==`, several times faster than `hashValue`); for others
    /// `hashValue`, mixed so that poorly spread values still spread over the
    /// slots (the SplitMix64 finaliser).
    ///
    /// - Parameter seed: ``seed``, loaded once by the caller.
    @inlinable
    static func hash<ID: Hashable>(_ id: ID, seed: UTF8Hash.Keys) -> UInt64 {
        if let bits = integerBits(id) {
            // Multiply the seeded value by an odd constant to 128 bits and fold
            // the halves, so every bit of the value reaches the low bits that
            // pick the slot and the high bits of the tag.
            let product = (bits ^ seed.first).multipliedFullWidth(by: 0x9E37_79B9_7F4A_7C15)
            return product.high ^ product.low
        }
        if ID.self == String.self { return UTF8Hash.hash(unsafeBitCast(id, to: String.self), keys: seed) }
        if ID.self == Substring.self { return UTF8Hash.hash(unsafeBitCast(id, to: Substring.self), keys: seed) }
        var z = UInt64(bitPattern: Int64(id.hashValue)) &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z &>> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z &>> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z &>> 31)
    }

    /// The bits of an ID of a standard fixed-width integer type, or `nil` for
    /// any other type (decided per specialisation, at compile time).
    @inlinable
    static func integerBits<ID>(_ id: ID) -> UInt64? {
        if ID.self == Int.self { return UInt64(bitPattern: Int64(unsafeBitCast(id, to: Int.self))) }
        if ID.self == UInt.self { return UInt64(unsafeBitCast(id, to: UInt.self)) }
        if ID.self == Int64.self { return UInt64(bitPattern: unsafeBitCast(id, to: Int64.self)) }
        if ID.self == UInt64.self { return unsafeBitCast(id, to: UInt64.self) }
        if ID.self == Int32.self { return UInt64(UInt32(bitPattern: unsafeBitCast(id, to: Int32.self))) }
        if ID.self == UInt32.self { return UInt64(unsafeBitCast(id, to: UInt32.self)) }
        return nil
    }

    /// Whether IDs of this type hash in a few instructions (see
    /// ``hash(_:seed:)``), so hashing them twice costs less than storing the hashes.
    @inlinable
    static func hashesCheaply<ID>(_ type: ID.Type) -> Bool {
        type == Int.self || type == UInt.self || type == Int64.self || type == UInt64.self || type == Int32.self
            || type == UInt32.self
    }

    /// Per-process random keys: the first is mixed into integer hashes,
    /// all four key ``UTF8Hash`` for text IDs (the standard library's own
    /// hashes are seeded per process too), so that inputs crafted to collide
    /// in one process do not collide in another. Callers load it once per table.
    @inlinable
    static var seed: UTF8Hash.Keys { UTF8Hash.Keys.perProcess }

    /// Inserts `offset` for the ID `ids[offset]` with precomputed `hash`.
    ///
    /// - Returns: the offset of an equal ID already in the table (the ID is
    ///   then not inserted), or `-1`.
    @inlinable
    static func insert<ID: Equatable>(
        _ offset: Int, hash: UInt64, slots: UnsafeMutableBufferPointer<UInt64>, mask: Int,
        in ids: UnsafeBufferPointer<ID>
    ) -> Int {
        let tag = hash & 0xFFFF_FFFF_0000_0000
        var position = Int(truncatingIfNeeded: hash) & mask
        while true {
            let slot = slots[position]
            if slot == 0 {
                slots[position] = tag | UInt64(truncatingIfNeeded: offset &+ 1)
                return -1
            }
            if slot & 0xFFFF_FFFF_0000_0000 == tag {
                let existing = Int(truncatingIfNeeded: slot & 0xFFFF_FFFF) &- 1
                if ids[existing] == ids[offset] { return existing }
            }
            position = (position &+ 1) & mask
        }
    }

    /// The offset in `ids` of an ID equal to `id` (with precomputed `hash`), or `-1`.
    @inlinable
    static func find<ID: Equatable>(
        _ id: borrowing ID, hash: UInt64, slots: UnsafeBufferPointer<UInt64>, mask: Int,
        in ids: UnsafeBufferPointer<ID>
    ) -> Int {
        let tag = hash & 0xFFFF_FFFF_0000_0000
        var position = Int(truncatingIfNeeded: hash) & mask
        while true {
            let slot = slots[position]
            if slot == 0 { return -1 }
            if slot & 0xFFFF_FFFF_0000_0000 == tag {
                let existing = Int(truncatingIfNeeded: slot & 0xFFFF_FFFF) &- 1
                if ids[existing] == id { return existing }
            }
            position = (position &+ 1) & mask
        }
    }
}
