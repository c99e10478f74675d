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
