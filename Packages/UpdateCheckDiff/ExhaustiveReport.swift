/// The outcome of an exhaustive run (or one shard of it) of an
/// ``ExhaustiveCheck``, flat or sectioned: one row per old snapshot, a
/// sectioned one's sections written `S: a b`.
public struct ExhaustiveReport: Sendable, Equatable {
    /// The number of section IDs, *s*, of a sectioned run; `nil` for a flat one.
    public var sectionCount: Int?
    /// The number of distinct IDs, *k* (item IDs in a sectioned run).
    public var idCount: Int
    /// The shard that was run.
    public var shard: Shard
    /// The number of snapshots of the whole run (shards included or not).
    public var snapshotCount: Int
    /// One row per old snapshot of the shard, by ascending position.
    public var rows: [ExhaustiveRow]

    /// Creates a report, of a flat run unless `sectionCount` is given.
    public init(sectionCount: Int? = nil, idCount: Int, shard: Shard, snapshotCount: Int, rows: [ExhaustiveRow]) {
        self.sectionCount = sectionCount
        self.idCount = idCount
        self.shard = shard
        self.snapshotCount = snapshotCount
        self.rows = rows
    }

    /// How many pairs were verified.
    public var pairCount: Int { rows.reduce(0) { $0 + $1.pairCount } }

    /// How many pairs were cross-checked too: by the standard library in a
    /// flat run, by ``SectionedDiff/verify(from:to:)`` (the flat form
    /// against the flat engine among its checks) in a sectioned one.
    public var crossCheckedCount: Int { rows.reduce(0) { $0 + $1.crossCheckedCount } }

    /// Every failing pair, by old then new position.
    public var failures: [VerificationFailure] { rows.flatMap(\.failures) }

    /// Whether every pair passed.
    public var passed: Bool { rows.allSatisfy(\.failures.isEmpty) }
}

/// The outcome of one old snapshot of an exhaustive run: every pair from it
/// to each snapshot of the run.
public struct ExhaustiveRow: Sendable, Equatable {
    /// The old snapshot's position (from 0) among all snapshots of the run.
    public var position: Int
    /// The old snapshot.
    public var old: [String]
    /// How many pairs were verified (one per snapshot of the run).
    public var pairCount: Int
    /// How many of them were also cross-checked by the standard library.
    public var crossCheckedCount: Int
    /// Every pair that failed, by ascending new position.
    public var failures: [VerificationFailure]
    /// Wall-clock seconds spent on this row (0 where no clock is available).
    public var seconds: Double

    /// Creates a row.
    public init(
        position: Int, old: [String], pairCount: Int, crossCheckedCount: Int, failures: [VerificationFailure],
        seconds: Double
    ) {
        self.position = position
        self.old = old
        self.pairCount = pairCount
        self.crossCheckedCount = crossCheckedCount
        self.failures = failures
        self.seconds = seconds
    }
}
