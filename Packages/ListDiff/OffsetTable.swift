/// An open-addressing hash table from IDs to their offsets in one snapshot,
/// flat and compact: one 64-bit slot per entry, holding 32 bits of the ID's
/// hash and the offset plus one (0 marks an empty slot). IDs themselves stay
/// in the snapshot array and are compared only when the hash bits agree.
///
/// Half the memory of a `Dictionary<ID, Int32>` and no rehashing: lookups
/// only read, so they can run in parallel.
@usableFromInline
struct OffsetTable {
    /// The slots; the capacity is a power of two at least twice the entry count.
    @usableFromInline var slots: [UInt64]
    /// `slots.count - 1`.
    @usableFromInline let mask: Int

    /// Creates an empty table for up to `count` entries.
    @inlinable
    init(count: Int) {
        var capacity = 16
        while capacity < 2 * count { capacity <<= 1 }
        slots = [UInt64](repeating: 0, count: capacity)
        mask = capacity - 1
    }

    /// The ID's hash, mixed so that poorly spread `hashValue`s still spread
    /// over the slots (the SplitMix64 finaliser).
    @inlinable
    static func hash<ID: Hashable>(_ id: borrowing ID) -> UInt64 {
        var z = UInt64(bitPattern: Int64(id.hashValue)) &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z &>> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z &>> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z &>> 31)
    }

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
