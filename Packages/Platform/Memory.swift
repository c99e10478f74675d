import UpdateCheckCPlatform

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Memory from the system: mappings (zeroed anonymous memory, files mapped
/// read-only) and allocations that can grow, with Linux's huge pages and
/// prefaulting applied where they exist and left out elsewhere.
package enum Memory {
    /// The size of a huge page (2 MiB), the alignment of large blocks.
    package static var hugePage: Int { 2 << 20 }

    /// A mapping to give back with ``unmap(_:)``: where it starts and its length.
    package struct Mapping: @unchecked Sendable {
        /// The first byte of the mapping.
        package let start: UnsafeMutableRawPointer
        /// Its length in bytes.
        package let length: Int
        /// Its slot in the table of mapped files a bus error is looked up
        /// in, or -1 (anonymous memory, or a full table).
        var faultSlot: Int32 = -1
    }

    /// At least `bytes` zero-filled bytes (pages are zeroed by the system as
    /// they are first touched), starting at a ``hugePage`` boundary and, on
    /// Linux, offered transparent huge pages; `nil` when the system refuses.
    ///
    /// - Returns: the aligned start and the mapping to unmap.
    package static func mapZeroed(_ bytes: Int) -> (aligned: UnsafeMutableRawPointer, mapping: Mapping)? {
        let length = bytes + hugePage
        guard let start = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            start != MAP_FAILED
        else { return nil }
        let skip = (hugePage - Int(bitPattern: start) % hugePage) % hugePage
        let aligned = start + skip
        adviseHugePages(aligned, length - skip)
        return (aligned, Mapping(start: start, length: length))
    }

    /// The first `count` bytes of the open regular file `descriptor` (named
    /// `path` in messages), mapped read-only and advised as read once, in
    /// order (the system reads ahead); `nil` when the system refuses.
    ///
    /// Pages become present as they are first read, never all at once: a
    /// reader that stops at an error near the start of a huge (or sparse)
    /// file touches only the pages before it. A page past the end of a file
    /// that another program shortened meanwhile faults (SIGBUS): the
    /// mapping is registered, so that the handler of
    /// ``Signals/handleMappedFileFaults(with:)`` names `path` and ends the
    /// process cleanly.
    package static func mapReadOnly(_ descriptor: Int32, count: Int, path: String) -> Mapping? {
        guard let start = mmap(nil, count, PROT_READ, MAP_PRIVATE, descriptor, 0), start != MAP_FAILED else {
            return nil
        }
        _ = madvise(start, count, MADV_SEQUENTIAL)
        var mapping = Mapping(start: start, length: count)
        mapping.faultSlot = updatecheck_add_mapping(start, count, path)
        return mapping
    }

    /// Gives a mapping back (taking a file's out of the table of mapped files first).
    package static func unmap(_ mapping: Mapping) {
        updatecheck_remove_mapping(mapping.faultSlot)
        munmap(mapping.start, mapping.length)
    }

    /// `bytes` bytes, not initialised, to grow with ``reallocate(_:to:)``
    /// and free with ``free(_:)``; a block of two huge pages or more starts
    /// at a huge-page boundary and is offered huge pages on Linux (a fault
    /// per 2 MiB instead of per 4 KiB); `nil` when memory is exhausted.
    package static func allocate(_ bytes: Int) -> UnsafeMutableRawPointer? {
        guard bytes >= 2 * hugePage else { return malloc(Swift.max(bytes, 1)) }
        var memory: UnsafeMutableRawPointer?
        guard posix_memalign(&memory, hugePage, bytes) == 0, let memory else { return nil }
        adviseHugePages(memory, bytes)
        return memory
    }

    /// Moves `memory` to a block of `bytes`; `nil` (and `memory` kept) when exhausted.
    package static func reallocate(_ memory: UnsafeMutableRawPointer, to bytes: Int) -> UnsafeMutableRawPointer? {
        realloc(memory, bytes)
    }

    /// Frees a block from ``allocate(_:)`` or ``reallocate(_:to:)``.
    package static func free(_ memory: UnsafeMutableRawPointer) { cFree(memory) }

    /// The offset of the first `byte` in `buffer`, or `nil` (`memchr`).
    package static func firstOffset(of byte: UInt8, in buffer: UnsafeRawBufferPointer) -> Int? {
        guard let base = buffer.baseAddress, !buffer.isEmpty, let hit = memchr(base, Int32(byte), buffer.count) else {
            return nil
        }
        return base.distance(to: UnsafeRawPointer(hit))
    }

    /// Whether the `count` bytes at `left` and `right` are equal (`memcmp`).
    package static func equal(_ left: UnsafeRawPointer, _ right: UnsafeRawPointer, count: Int) -> Bool {
        memcmp(left, right, count) == 0
    }

    /// The length of the NUL-terminated string at `string`, reading at
    /// most `bound` bytes (`strnlen`): `bound` when no NUL comes before.
    package static func length(ofCString string: UnsafeRawPointer, upTo bound: Int) -> Int {
        strnlen(string.assumingMemoryBound(to: CChar.self), bound)
    }

    /// Whether the NUL-terminated strings at `left` and `right` are equal (`strcmp`).
    package static func equalCStrings(_ left: UnsafeRawPointer, _ right: UnsafeRawPointer) -> Bool {
        strcmp(left.assumingMemoryBound(to: CChar.self), right.assumingMemoryBound(to: CChar.self)) == 0
    }

    /// Asks Linux for transparent huge pages over the block (nothing elsewhere).
    private static func adviseHugePages(_ start: UnsafeMutableRawPointer, _ length: Int) {
        #if os(Linux) && canImport(Glibc)
            _ = madvise(start, length, MADV_HUGEPAGE)
        #endif
    }
}

@inline(__always) private func cFree(_ memory: UnsafeMutableRawPointer) { free(memory) }
