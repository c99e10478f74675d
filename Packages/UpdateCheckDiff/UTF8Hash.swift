/// UpdateCheck's one hash of text IDs: a keyed multiply-fold over their
/// UTF-8 bytes, 16 at a time, in the manner of the fast non-cryptographic
/// hashes of hash tables, several times faster than `String`'s SipHash.
///
/// Each step multiplies two 64-bit words, each mixed with a key, to 128 bits
/// and folds the halves together; the running state enters the next step,
/// so every byte and its position count, and the length is mixed in first.
///
/// **The keys are per process** (``Keys/perProcess``): drawn once from the standard library's
/// random per-process hash seed, so a set of IDs crafted to collide (hash
/// flooding, which would make a table's lookups slow, never wrong: equality
/// is always decided by the IDs themselves) cannot be prepared in advance.
/// It is not a cryptographic hash.
///
/// Text hashes agree with `String`'s `==` (canonical equivalence): an ASCII
/// text is hashed from its own bytes, any other from its normalized (NFC)
/// bytes, which are an ASCII text's own bytes when the two are equal (the
/// Kelvin sign U+212A and `K`), so equal texts always hash alike.
@usableFromInline
package enum UTF8Hash {
    /// The four keys of the hash.
    @usableFromInline
    package struct Keys: Sendable {
        @usableFromInline let first: UInt64
        @usableFromInline let second: UInt64
        @usableFromInline let third: UInt64
        @usableFromInline let fourth: UInt64

        /// Keys from four values.
        @inlinable
        init(_ first: UInt64, _ second: UInt64, _ third: UInt64, _ fourth: UInt64) {
            self.first = first
            self.second = second
            self.third = third
            self.fourth = fourth
        }

        /// The keys of this process, drawn once from the standard library's
        /// random per-process hash seed: load them once per table (or pass
        /// them along), since each load of a global checks its initialisation.
        @usableFromInline
        package static let perProcess: Keys = {
            func key(_ index: UInt64) -> UInt64 {
                var hasher = Hasher()
                hasher.combine(index)
                return UInt64(UInt(bitPattern: hasher.finalize())) | 1
            }
            return Keys(key(1), key(2), key(3), key(4))
        }()

        /// These keys with `seed` (a table's own seed) mixed into the first.
        @inlinable
        package func seeded(_ seed: UInt64) -> Keys { Keys(first ^ seed, second, third, fourth) }
    }

    /// The 128-bit product of `a` and `b`, its halves folded into 64 bits.
    @inlinable @inline(__always)
    static func fold(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let product = a.multipliedFullWidth(by: b)
        return product.high ^ product.low
    }

    /// The hash of `bytes` (at most 4 GiB) with `keys`, and the bitwise or of every byte loaded (each
    /// byte is loaded at least once), whose high bits tell whether every
    /// byte is ASCII.
    ///
    /// - Complexity: O(*n*): one multiplication per 16 bytes and two more.
    @inlinable @inline(__always)
    static func hashAndBits(_ bytes: UnsafeBufferPointer<UInt8>, keys: Keys) -> (hash: UInt64, bits: UInt64) {
        let (key1, key2, key3) = (keys.second, keys.third, keys.fourth)
        let count = bytes.count
        var state = fold(keys.first, key3 ^ UInt64(truncatingIfNeeded: count))
        guard let base = bytes.baseAddress, count > 0 else { return (fold(state, key3), 0) }
        let raw = UnsafeRawPointer(base)
        @inline(__always) func word(_ offset: Int) -> UInt64 {
            UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        }
        @inline(__always) func half(_ offset: Int) -> UInt64 {
            UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
        }
        // Whole 16-byte blocks, then the last 16 bytes (overlapping the last
        // block) or, for short texts, loads that cover every byte once or twice.
        let first: UInt64
        let second: UInt64
        var bits: UInt64 = 0
        if count > 16 {
            var offset = 0
            while count &- offset > 16 {
                let low = word(offset)
                let high = word(offset &+ 8)
                bits |= low | high
                state = fold(low ^ key1 ^ state, high ^ key2)
                offset &+= 16
            }
            first = word(count &- 16)
            second = word(count &- 8)
        } else if count >= 8 {
            first = word(0)
            second = word(count &- 8)
        } else if count >= 4 {
            first = half(0)
            second = half(count &- 4)
        } else {
            first = UInt64(base[0]) | UInt64(base[count >> 1]) << 8 | UInt64(base[count &- 1]) << 16
            second = 0
        }
        bits |= first | second
        state = fold(first ^ key1 ^ state, second ^ key2)
        return (fold(state, key3), bits)
    }

    /// The hash of `bytes` (at most 4 GiB) with `keys`, as they are: the
    /// hash of a text whose bytes are ASCII or already normalized.
    ///
    /// - Complexity: O(*n*): one multiplication per 16 bytes and two more.
    @inlinable @inline(__always)
    package static func hash(_ bytes: UnsafeBufferPointer<UInt8>, keys: Keys) -> UInt64 {
        hashAndBits(bytes, keys: keys).hash
    }

    /// Whether the bits of ``hashAndBits(_:seed:)`` are those of ASCII bytes only.
    @inlinable @inline(__always)
    static func isASCII(_ bits: UInt64) -> Bool { bits & 0x8080_8080_8080_8080 == 0 }

    /// The hash of a text with `keys`, consistent with `==`: its own bytes
    /// when they are ASCII (most IDs: no allocation), its normalized (NFC)
    /// bytes otherwise.
    ///
    /// - Complexity: O(*n*); one allocation for a text that is not ASCII.
    @inlinable
    package static func hash<Text: StringProtocol>(_ text: Text, keys: Keys) -> UInt64 {
        let ascii = text.utf8.withContiguousStorageIfAvailable { bytes -> UInt64? in
            let (hash, bits) = hashAndBits(bytes, keys: keys)
            return isASCII(bits) ? hash : nil
        }
        if let ascii, let ascii { return ascii }
        return normalizedHash(String(text), keys: keys)
    }

    /// The hash of `text`'s normalized (NFC) bytes: the slow path of
    /// ``hash(_:seed:)``, taken for text that is not ASCII.
    @usableFromInline
    static func normalizedHash(_ text: String, keys: Keys) -> UInt64 {
        text._nfcCodeUnits.withUnsafeBufferPointer { hash($0, keys: keys) }
    }
}
