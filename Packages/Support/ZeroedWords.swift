import UpdateCheckPlatform

/// Zero-filled memory for a number of 64-bit words, freed with the object:
/// the slots of a hash table that are read and written at random.
///
/// A large block (``mappedThreshold`` bytes or more) is mapped from the
/// system, which hands out zeroed pages as they are first touched (no
/// zeroing pass), aligned to 2 MiB and, on Linux, offered transparent huge
/// pages: random accesses over many megabytes then miss the TLB far less
/// (one entry covers 2 MiB instead of 4 KiB). A small block is allocated
/// and zeroed.
@usableFromInline
package final class ZeroedWords: @unchecked Sendable {
    /// The first word.
    @usableFromInline let base: UnsafeMutablePointer<UInt64>
    /// The number of words.
    @usableFromInline package let count: Int
    /// The mapping to unmap, or nil for allocated memory.
    private let mapping: Memory.Mapping?

    /// The smallest block, in bytes, that is mapped rather than allocated: 4 MiB.
    package static var mappedThreshold: Int { 4 << 20 }

    /// `count` zeroed words.
    @usableFromInline
    package init(count: Int) {
        self.count = count
        let bytes = count &* MemoryLayout<UInt64>.stride
        if bytes >= Self.mappedThreshold, let (aligned, mapping) = Memory.mapZeroed(bytes) {
            self.mapping = mapping
            base = aligned.bindMemory(to: UInt64.self, capacity: count)
            return
        }
        mapping = nil
        base = .allocate(capacity: max(count, 1))
        base.initialize(repeating: 0, count: count)
    }

    deinit {
        if let mapping {
            Memory.unmap(mapping)
        } else {
            base.deallocate()
        }
    }

    /// Calls `body` with the words, to read and write.
    @inlinable
    package func withUnsafeMutableBufferPointer<Result>(
        _ body: (UnsafeMutableBufferPointer<UInt64>) throws -> Result
    ) rethrows -> Result {
        try body(UnsafeMutableBufferPointer(start: base, count: count))
    }

    /// Calls `body` with the words, to read.
    @inlinable
    package func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<UInt64>) throws -> Result) rethrows
        -> Result
    {
        try body(UnsafeBufferPointer(start: base, count: count))
    }
}
