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
