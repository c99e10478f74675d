/// Which of the two snapshots of a diff something refers to.
public enum SnapshotSide: String, Sendable, Equatable, Hashable, CaseIterable {
    /// The snapshot before the change (deletions and move sources refer to it).
    case old
    /// The snapshot after the change (insertions and move destinations refer to it).
    case new
}
