/// One of `count` deterministic parts of an exhaustive run, numbered from 1,
/// written `i/n` (for example `2/4`).
///
/// The pairs are grouped by their old snapshot; shard *i* of *n* takes the
/// old snapshots whose position (from 0) leaves remainder *i* − 1 when
/// divided by *n*, with all of their pairs. The shards of one *n* are
/// disjoint and together cover the whole set, so a CI matrix can run them in
/// parallel and merge the reports.
public struct Shard: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The shard's number, from 1 to ``count``.
    public let index: Int
    /// How many shards the run is split into.
    public let count: Int

    /// The whole run as one shard (`1/1`).
    public static let whole = Shard(uncheckedIndex: 1, count: 1)

    /// Creates shard `index` of `count`; `nil` unless `1 <= index <= count`.
    public init?(index: Int, count: Int) {
        guard count >= 1, (1...count).contains(index) else { return nil }
        self.init(uncheckedIndex: index, count: count)
    }

    /// Parses `i/n` (whole numbers, `1 <= i <= n`); `nil` for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { ("0"..."9").contains($0) } }),
            let index = Int(parts[0]), let count = Int(parts[1])
        else { return nil }
        self.init(index: index, count: count)
    }

    private init(uncheckedIndex index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// `i/n`.
    public var description: String { "\(index)/\(count)" }

    /// Whether the old snapshot at `position` (from 0) belongs to this shard.
    @inlinable
    public func contains(_ position: Int) -> Bool { position % count == index - 1 }

    /// The positions (from 0) among `total` old snapshots that belong to this shard, ascending.
    @inlinable
    public func positions(among total: Int) -> StrideTo<Int> { stride(from: index - 1, to: total, by: count) }
}
