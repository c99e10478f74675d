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
