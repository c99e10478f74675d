/// The outcome of an exhaustive run (or one shard of it): one row per old snapshot.
public struct ExhaustiveReport: Sendable, Equatable {
    /// The number of distinct IDs, *k*.
    public var idCount: Int
    /// The shard that was run.
    public var shard: Shard
    /// The number of snapshots of the whole run (shards included or not).
    public var snapshotCount: Int
    /// One row per old snapshot of the shard, by ascending position.
    public var rows: [ExhaustiveRow]

    /// Creates a report.
    public init(idCount: Int, shard: Shard, snapshotCount: Int, rows: [ExhaustiveRow]) {
        self.idCount = idCount
        self.shard = shard
        self.snapshotCount = snapshotCount
        self.rows = rows
    }

    /// How many pairs were verified.
    public var pairCount: Int { rows.reduce(0) { $0 + $1.pairCount } }

    /// How many pairs the standard library cross-checked too.
    public var crossCheckedCount: Int { rows.reduce(0) { $0 + $1.crossCheckedCount } }

    /// Every failing pair, by old then new position.
    public var failures: [VerificationFailure] { rows.flatMap(\.failures) }

    /// Whether every pair passed.
    public var passed: Bool { rows.allSatisfy(\.failures.isEmpty) }
}
