/// Everything that changed between two snapshots of elements: the structural
/// diff of their IDs, and, kept apart from it, the IDs whose content changed.
///
/// An unchanged ID list with one changed title gives an empty ``structure``
/// and one entry in ``contentUpdates``.
public struct ListChanges<ID: Hashable & Sendable>: Sendable, Equatable {
    /// Deletions, insertions and moves of IDs.
    public var structure: SnapshotDiff<ID>
    /// IDs present in both snapshots whose content differs, by ascending new offset.
    public var contentUpdates: [ContentUpdate<ID>]

    /// Creates a change set from its parts.
    @inlinable
    public init(structure: SnapshotDiff<ID>, contentUpdates: [ContentUpdate<ID>]) {
        self.structure = structure
        self.contentUpdates = contentUpdates
    }

    /// The IDs whose content changed, by ascending new offset.
    @inlinable
    public var updatedIDs: [ID] { contentUpdates.map(\.id) }

    /// Whether nothing changed, neither structure nor content.
    @inlinable
    public var isEmpty: Bool { structure.isEmpty && contentUpdates.isEmpty }
}

extension ListChanges: CustomStringConvertible {
    /// The structure as ``SnapshotDiff`` describes it, then the content
    /// updates: `no changes; updated [a]`.
    public var description: String {
        "\(structure); updated [\(updatedIDs.map { "\($0)" }.joined(separator: ", "))]"
    }
}
