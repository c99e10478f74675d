import UpdateCheckDiff
import UpdateCheckSupport

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
    ///
    /// - Complexity: O(changes + total ID length), written as bytes in one
    ///   buffer with no allocation per line.
    package static func render(
        _ changes: ListChanges<SnapshotID>, old: DiffSnapshotFile, new: DiffSnapshotFile
    ) -> String {
        let structure = changes.structure
        var out: [UInt8] = []
        out.reserveCapacity(changes.renderedSize(perChange: 32))
        func text(_ string: String) { out.append(contentsOf: string.utf8) }
        func number(_ value: Int) { JSONText.appendDecimal(value, to: &out) }
        func id(_ value: SnapshotID) {
            text("  ")
            (old.idsAreNumbers ? old : new).appendJSON(value, to: &out)
            out.append(UInt8(ascii: "\n"))
        }
        text("\(old.displayName): \(count(old.ids.count)); \(new.displayName): \(count(new.ids.count))\n")
        // One list per kind of change: a heading, then a line per change
        // with its offset (or offsets) and ID.
        func list<Changes: Collection>(
            _ heading: String, _ changes: Changes, _ row: (Changes.Element) -> (Int, Int?, SnapshotID)
        ) {
            guard !changes.isEmpty else { return }
            text(heading)
            for change in changes {
                let (first, second, changed) = row(change)
                text("  ")
                number(first)
                if let second {
                    text(" -> ")
                    number(second)
                }
                id(changed)
            }
        }
        list("Deleted (old offset):\n", structure.deletions) { ($0.offset, nil, $0.id) }
        list("Inserted (new offset):\n", structure.insertions) { ($0.offset, nil, $0.id) }
        list("Moved (old offset -> new offset):\n", structure.moves) { ($0.from, $0.to, $0.id) }
        list("Content updated (old offset -> new offset):\n", changes.contentUpdates) {
            ($0.oldOffset, $0.newOffset, $0.id)
        }
        let staying = structure.keptCount - structure.moves.count
        text(
            "\(structure.deletions.count) deleted, \(structure.insertions.count) inserted, "
                + "\(structure.moves.count) moved, \(changes.contentUpdates.count) content updated; "
                + "\(staying) \(staying == 1 ? "stays" : "stay") put.\n")
        return String(decoding: out, as: UTF8.self)
    }

    private static func count(_ number: Int) -> String {
        number == 1 ? "1 ID" : "\(number) IDs"
    }
}
