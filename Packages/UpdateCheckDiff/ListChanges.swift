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

/// An ID present in both snapshots whose content differs: refresh its row
/// in place (never delete and re-insert it).
public struct ContentUpdate<ID: Hashable & Sendable>: Sendable, Equatable, Hashable {
    /// The ID whose content changed.
    public var id: ID
    /// Its offset in the old snapshot.
    public var oldOffset: Int
    /// Its offset in the new snapshot.
    public var newOffset: Int

    /// Creates a content update.
    @inlinable
    public init(id: ID, oldOffset: Int, newOffset: Int) {
        self.id = id
        self.oldOffset = oldOffset
        self.newOffset = newOffset
    }
}

/// Diffs two snapshots of elements: the structure of their IDs, and the IDs
/// present in both whose content differs by `contentEquals`.
///
/// - Parameters:
///   - old: the snapshot before the change.
///   - new: the snapshot after the change.
///   - id: the stable identity of an element (content changes never change it).
///   - contentEquals: whether two elements with the same ID look the same.
/// - Throws: ``ListDiffError/duplicateIDs(in:duplicates:)`` on duplicate IDs.
/// - Complexity: O(*n*) expected hashing plus O(*k* log *k*) for *k* kept IDs,
///   plus one `contentEquals` call per kept ID.
@inlinable
public func diff<Element, ID: Hashable & Sendable>(
    from old: [Element], to new: [Element], id: (Element) -> ID, contentEquals: (Element, Element) -> Bool
) throws(ListDiffError) -> ListChanges<ID> {
    let oldIDs = old.map(id)
    let newIDs = new.map(id)
    let matching = try IDMatching.match(old: oldIDs, new: newIDs)
    var updates: [ContentUpdate<ID>] = []
    for (newOffset, oldOffset) in matching.oldOffsetOfNew.enumerated() where oldOffset >= 0 {
        if !contentEquals(old[Int(oldOffset)], new[newOffset]) {
            updates.append(ContentUpdate(id: newIDs[newOffset], oldOffset: Int(oldOffset), newOffset: newOffset))
        }
    }
    return ListChanges(
        structure: SnapshotDiff(old: oldIDs, new: newIDs, matching: matching), contentUpdates: updates)
}

/// Diffs two snapshots of `Equatable` elements: an element whose ID is kept
/// but which is no longer equal is a content update.
///
/// - Throws: ``ListDiffError/duplicateIDs(in:duplicates:)`` on duplicate IDs.
/// - Complexity: as ``diff(from:to:id:contentEquals:)``.
@inlinable
public func diff<Element: Equatable, ID: Hashable & Sendable>(
    from old: [Element], to new: [Element], id: (Element) -> ID
) throws(ListDiffError) -> ListChanges<ID> {
    try diff(from: old, to: new, id: id, contentEquals: ==)
}
