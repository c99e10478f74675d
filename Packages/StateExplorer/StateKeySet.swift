/// A set of canonical state keys: open addressing with linear probing over
/// one flat array, so that a lookup costs a multiply, a shift and usually a
/// single probe.
///
/// Keys are below 2⁶³; a slot stores `key + 1`, so `0` marks an empty slot.
struct StateKeySet {
    /// The slots; the count is a power of two.
    private var slots: [UInt64]
    /// `64 - log2(slots.count)`: the shift that turns a product into a slot.
    private var shift: UInt64
    /// The number of keys held.
    private(set) var count = 0

    /// Creates an empty set with room for about `capacity` keys.
    init(capacity: Int = 1 << 12) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = [UInt64](repeating: 0, count: size)
        shift = UInt64(64 - size.trailingZeroBitCount)
    }

    /// Inserts `key`; returns whether it was new.
    ///
    /// - Complexity: O(1) expected.
    @inline(__always)
    mutating func insert(_ key: UInt64) -> Bool {
        if (count + 1) * 2 > slots.count { grow() }
        let stored = key &+ 1
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: (stored &* 0x9E37_79B9_7F4A_7C15) >> shift)
        return slots.withUnsafeMutableBufferPointer { buffer in
            while true {
                let found = buffer[slot]
                if found == stored { return false }
                if found == 0 {
                    buffer[slot] = stored
                    count += 1
                    return true
                }
                slot = (slot + 1) & mask
            }
        }
    }

    /// Whether `key` is in the set.
    ///
    /// - Complexity: O(1) expected.
    func contains(_ key: UInt64) -> Bool {
        let stored = key &+ 1
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: (stored &* 0x9E37_79B9_7F4A_7C15) >> shift)
        while true {
            let found = slots[slot]
            if found == stored { return true }
            if found == 0 { return false }
            slot = (slot + 1) & mask
        }
    }

    /// Doubles the table and re-inserts every key.
    private mutating func grow() {
        let old = slots
        slots = [UInt64](repeating: 0, count: old.count * 2)
        shift -= 1
        count = 0
        for stored in old where stored != 0 { _ = insert(stored &- 1) }
    }
}
