/// A record ID in anonymised form: a salted hash that is stable within one
/// trace (same salt) and reveals nothing of the ID without the salt.
public struct AnonymousRecord: Hashable, Sendable, CustomStringConvertible {
    /// The 64-bit salted hash.
    public var hash: UInt64

    /// Wraps a hash.
    @inlinable
    public init(hash: UInt64) { self.hash = hash }

    /// Anonymises `record` under `salt`: SipHash-2-4 of the UTF-8 of
    /// `String(describing: record)`, keyed by the salt.
    ///
    /// The description must be stable for the ID type (it is for strings,
    /// integers and UUIDs); give other ID types a stable
    /// `CustomStringConvertible` conformance.
    @inlinable
    public init(_ record: some Hashable, salt: UInt64) {
        hash = SipHash.hash(String(describing: record).utf8, key0: salt, key1: ~salt)
    }

    /// `r:` and 12 hex digits (48 bits of the hash), e.g. `r:3fa9c0d1e2b4`.
    public var description: String {
        let digits = String(hash >> 16, radix: 16)
        return "r:" + String(repeating: "0", count: 12 - digits.count) + digits
    }
}

/// SipHash-2-4: a keyed 64-bit hash, written here so that OptimisticState
/// needs neither Foundation nor the per-process random seed of `Hasher`.
///
/// Used to anonymise record IDs in traces: the same ID and key give the same
/// hash on every machine and every run.
@usableFromInline
package struct SipHash: Sendable {
    @usableFromInline var v0: UInt64
    @usableFromInline var v1: UInt64
    @usableFromInline var v2: UInt64
    @usableFromInline var v3: UInt64
    @usableFromInline var tail: UInt64 = 0
    @usableFromInline var count: Int = 0

    /// Starts a hash keyed by the two 64-bit halves of a 128-bit key.
    @inlinable
    package init(key0: UInt64, key1: UInt64) {
        v0 = key0 ^ 0x736f_6d65_7073_6575
        v1 = key1 ^ 0x646f_7261_6e64_6f6d
        v2 = key0 ^ 0x6c79_6765_6e65_7261
        v3 = key1 ^ 0x7465_6462_7974_6573
    }

    /// The hash of `bytes` under the key (`key0`, `key1`).
    ///
    /// - Complexity: O(n) in the number of bytes.
    @inlinable
    package static func hash(_ bytes: some Sequence<UInt8>, key0: UInt64, key1: UInt64) -> UInt64 {
        var hasher = SipHash(key0: key0, key1: key1)
        for byte in bytes { hasher.append(byte) }
        return hasher.finalize()
    }

    /// Feeds one byte.
    @inlinable
    package mutating func append(_ byte: UInt8) {
        tail |= UInt64(byte) << (UInt64(count & 7) * 8)
        count += 1
        if count & 7 == 0 {
            compress(tail)
            tail = 0
        }
    }

    /// The hash of every byte fed so far.
    @inlinable
    package func finalize() -> UInt64 {
        var copy = self
        copy.compress(copy.tail | UInt64(truncatingIfNeeded: count) << 56)
        copy.v2 ^= 0xff
        for _ in 0..<4 { copy.round() }
        return copy.v0 ^ copy.v1 ^ copy.v2 ^ copy.v3
    }

    @inlinable
    mutating func compress(_ word: UInt64) {
        v3 ^= word
        round()
        round()
        v0 ^= word
    }

    @inlinable
    mutating func round() {
        v0 &+= v1
        v1 = v1.rotatedLeft(13)
        v1 ^= v0
        v0 = v0.rotatedLeft(32)
        v2 &+= v3
        v3 = v3.rotatedLeft(16)
        v3 ^= v2
        v0 &+= v3
        v3 = v3.rotatedLeft(21)
        v3 ^= v0
        v2 &+= v1
        v1 = v1.rotatedLeft(17)
        v1 ^= v2
        v2 = v2.rotatedLeft(32)
    }
}

extension UInt64 {
    /// The bits rotated left by `amount` (0 < amount < 64).
    @inlinable
    func rotatedLeft(_ amount: UInt64) -> UInt64 { self << amount | self >> (64 - amount) }
}
