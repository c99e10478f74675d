import ListDiff
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
            JSONText.appendQuoted(bytes: value.bytes, to: &out)
            out.append(UInt8(ascii: "\n"))
        }
        text("\(old.displayName): \(count(old.ids.count)); \(new.displayName): \(count(new.ids.count))\n")
        if !structure.deletions.isEmpty {
            text("Deleted (old offset):\n")
            for deletion in structure.deletions {
                text("  ")
                number(deletion.offset)
                id(deletion.id)
            }
        }
        if !structure.insertions.isEmpty {
            text("Inserted (new offset):\n")
            for insertion in structure.insertions {
                text("  ")
                number(insertion.offset)
                id(insertion.id)
            }
        }
        if !structure.moves.isEmpty {
            text("Moved (old offset -> new offset):\n")
            for move in structure.moves {
                text("  ")
                number(move.from)
                text(" -> ")
                number(move.to)
                id(move.id)
            }
        }
        if !changes.contentUpdates.isEmpty {
            text("Content updated (old offset -> new offset):\n")
            for update in changes.contentUpdates {
                text("  ")
                number(update.oldOffset)
                text(" -> ")
                number(update.newOffset)
                id(update.id)
            }
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
