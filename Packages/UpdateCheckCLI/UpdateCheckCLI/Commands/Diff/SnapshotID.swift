import UpdateCheckDiff
import UpdateCheckPlatform
import UpdateCheckSupport

/// One ID of a snapshot file: a view of its UTF-8 bytes where the
/// ``DiffSnapshotFile`` that read it keeps them (in the file's own bytes, or
/// in its ``IDArena`` when the ID was unescaped).
///
/// IDs are equal exactly when their texts are equal as Swift strings
/// (canonical equivalence: `"é"` written precomposed or as `e` plus an
/// accent is one ID). An ASCII ID (most IDs) is compared byte for byte and
/// hashed straight from its bytes, with no allocation and no reference
/// counting, so a diff of a million IDs copies 16-byte values; other IDs
/// are compared as strings and hashed from their normalized (NFC) bytes,
/// which are an ASCII ID's own bytes when the two are equal (the Kelvin
/// sign and `K`).
///
/// Hashing is UpdateCheckDiff's `UTF8Hash`, the one the diff uses for
/// `String` IDs: a few multiplications per 16 bytes with keys drawn at
/// random once per process, instead of SipHash through `Hasher`, so that
/// IDs crafted to collide in one run do not collide in another; equality is
/// always decided by the bytes.
///
/// A view is valid only while the snapshot that read it is alive: keep the
/// ``DiffSnapshotFile`` (`withExtendedLifetime`) as long as its IDs, or the
/// changes between two snapshots, are used.
package struct SnapshotID: Hashable, @unchecked Sendable, CustomStringConvertible {
    /// The first byte.
    private let start: UnsafePointer<UInt8>
    /// The length in bytes (at most ``DiffSnapshotFile/maxIDBytes``).
    private let length: UInt32
    /// Whether every byte is ASCII.
    private let isASCII: Bool

    /// A view of `bytes`, valid UTF-8 of at most `UInt32.max` bytes, which
    /// must outlive it; `isASCII` tells whether every byte is below 0x80.
    package init(viewing bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool) {
        // An empty view still needs an address; it is never read.
        start = bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!
        length = UInt32(bytes.count)
        self.isASCII = isASCII
    }

    /// The ID's UTF-8 bytes.
    package var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: start, count: Int(length)) }

    /// The ID as a string.
    package var description: String { String(decoding: bytes, as: UTF8.self) }

    /// Appends the ID as JSON text to `out`: as it is written when it is a
    /// JSON integer (`isNumber`), else quoted.
    package func appendJSON(to out: inout [UInt8], isNumber: Bool) {
        if isNumber {
            out.append(contentsOf: bytes)
        } else {
            JSONText.appendQuoted(bytes: bytes, to: &out)
        }
    }

    /// Whether the two IDs are the same text (canonically equivalent).
    ///
    /// - Complexity: O(length); a `String` comparison only when the bytes
    ///   differ and one of the IDs is not ASCII.
    package static func == (lhs: SnapshotID, rhs: SnapshotID) -> Bool {
        if lhs.length == rhs.length, lhs.start == rhs.start || sameBytes(lhs.start, rhs.start, Int(lhs.length)) {
            return true
        }
        if lhs.isASCII && rhs.isASCII { return false }
        return lhs.description == rhs.description
    }

    /// Whether the `count` bytes at `left` and `right` are equal: IDs of up
    /// to 64 bytes (most) eight bytes at a time in line, longer ones by `memcmp`.
    @inline(__always)
    private static func sameBytes(_ left: UnsafePointer<UInt8>, _ right: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        let left = UnsafeRawPointer(left)
        let right = UnsafeRawPointer(right)
        if count >= 8 {
            guard count <= 64 else { return Memory.equal(left, right, count: count) }
            var offset = 0
            while count - offset > 8 {
                if left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    != right.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                {
                    return false
                }
                offset += 8
            }
            // The last eight bytes, overlapping the previous word when the count is not a multiple of eight.
            return left.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
                == right.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        }
        if count >= 4 {
            return left.loadUnaligned(as: UInt32.self) == right.loadUnaligned(as: UInt32.self)
                && left.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
                    == right.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
        }
        for offset in 0..<count
        where left.load(fromByteOffset: offset, as: UInt8.self)
            != right.load(fromByteOffset: offset, as: UInt8.self)
        {
            return false
        }
        return true
    }

    /// Feeds `hasher` the ID's `UTF8Hash` (for an ID inside another
    /// hashed value).
    package func hash(into hasher: inout Hasher) {
        hasher.combine(fastHash(seed: 0))
    }

    /// The hash `Set`, `Dictionary` and `hashValue` use (the standard
    /// library's hook for types with a hash of their own): `UTF8Hash`
    /// of the ID's bytes, or of its normalized bytes when it is not ASCII,
    /// so that equal IDs hash alike.
    ///
    /// - Complexity: O(length), a few instructions a byte; one allocation
    ///   for an ID that is not ASCII.
    package func _rawHashValue(seed: Int) -> Int {
        Int(truncatingIfNeeded: fastHash(seed: UInt64(UInt(bitPattern: seed))))
    }

    /// `UTF8Hash` of the ID's bytes (normalized when not ASCII).
    @inline(__always)
    private func fastHash(seed: UInt64) -> UInt64 {
        let keys = UTF8Hash.Keys.perProcess.seeded(seed)
        return isASCII ? UTF8Hash.hash(bytes, keys: keys) : UTF8Hash.hash(description, keys: keys)
    }
}

/// The bytes of IDs that are not found as they are in their file (IDs with
/// escapes, IDs of objects, snapshots built in memory), one after another,
/// in one block allocated once at the largest size they can take (the
/// file's size: an ID is never longer than its JSON text), so views never
/// move. Only the pages written become resident.
package final class IDArena: @unchecked Sendable {
    private let start: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    /// The bytes used.
    package private(set) var count = 0

    /// An arena for up to `capacity` bytes of IDs.
    package init(capacity: Int) {
        self.capacity = max(capacity, 1)
        start = .allocate(capacity: self.capacity)
    }

    deinit { start.deallocate() }

    /// Copies `bytes` (valid UTF-8) into the arena and returns its view.
    ///
    /// - Precondition: the arena has room for them.
    package func append(_ bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> SnapshotID {
        precondition(bytes.count <= capacity - count, "the ID arena is sized for the whole file")
        let target = start + count
        if let source = bytes.baseAddress { target.initialize(from: source, count: bytes.count) }
        count += bytes.count
        return SnapshotID(viewing: UnsafeBufferPointer(start: target, count: bytes.count), isASCII: isASCII)
    }

    /// Copies `text` into the arena and returns its view.
    package func append(_ text: String) -> SnapshotID {
        var text = text
        return text.withUTF8 { bytes in append(bytes, isASCII: bytes.allSatisfy { $0 < 0x80 }) }
    }
}

extension ListChanges<SnapshotID> {
    /// The bytes a report of these changes takes when each change adds
    /// `perChange` bytes to its ID (reserved once, so that a report of
    /// a million changes is written without growing its buffer).
    package func renderedSize(perChange: Int) -> Int {
        var size = 256
        for deletion in structure.deletions { size += deletion.id.bytes.count + perChange }
        for insertion in structure.insertions { size += insertion.id.bytes.count + perChange }
        for move in structure.moves { size += move.id.bytes.count + perChange }
        for update in contentUpdates { size += update.id.bytes.count + perChange }
        return size
    }
}
