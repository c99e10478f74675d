import ListDiff

/// The human-readable output of `updatecheck diff OLD NEW`.
package enum DiffTextReport {
    /// Renders the changes: counts, then one section per kind of change
    /// (empty sections are left out), then a summary line.
    ///
    ///     old.json: 3 IDs; new.json: 3 IDs
    ///     Deleted (old offset):
    ///       1  "b"
    ///     Inserted (new offset):
    ///       2  "d"
    ///     Moved (old offset -> new offset):
    ///       2 -> 0  "c"
    ///     1 deleted, 1 inserted, 1 moved, 0 content updated; 1 stays put.
    package static func render(_ changes: ListChanges<String>, old: DiffSnapshotFile, new: DiffSnapshotFile) -> String {
        let structure = changes.structure
        var lines = ["\(old.displayName): \(count(old.ids.count)); \(new.displayName): \(count(new.ids.count))"]
        if !structure.deletions.isEmpty {
            lines.append("Deleted (old offset):")
            lines += structure.deletions.map { "  \($0.offset)  \(JSONText.quote($0.id))" }
        }
        if !structure.insertions.isEmpty {
            lines.append("Inserted (new offset):")
            lines += structure.insertions.map { "  \($0.offset)  \(JSONText.quote($0.id))" }
        }
        if !structure.moves.isEmpty {
            lines.append("Moved (old offset -> new offset):")
            lines += structure.moves.map { "  \($0.from) -> \($0.to)  \(JSONText.quote($0.id))" }
        }
        if !changes.contentUpdates.isEmpty {
            lines.append("Content updated (old offset -> new offset):")
            lines += changes.contentUpdates.map { "  \($0.oldOffset) -> \($0.newOffset)  \(JSONText.quote($0.id))" }
        }
        let staying = structure.keptCount - structure.moves.count
        lines.append(
            "\(structure.deletions.count) deleted, \(structure.insertions.count) inserted, "
                + "\(structure.moves.count) moved, \(changes.contentUpdates.count) content updated; "
                + "\(staying) \(staying == 1 ? "stays" : "stay") put.")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func count(_ number: Int) -> String {
        number == 1 ? "1 ID" : "\(number) IDs"
    }
}
