import UpdateCheckDiff
import UpdateCheckSupport

/// The machine-readable output of `updatecheck diff OLD NEW --format json`.
package enum DiffJSONReport {
    /// Renders the changes as one JSON object, members in a fixed order and
    /// one change per line:
    ///
    ///     {
    ///       "oldCount": 3,
    ///       "newCount": 3,
    ///       "deletions": [
    ///         {"offset": 1, "id": "b"}
    ///       ],
    ///       "insertions": [ … ],
    ///       "moves": [
    ///         {"id": "c", "from": 2, "to": 0}
    ///       ],
    ///       "contentUpdates": []
    ///     }
    ///
    /// Deletion offsets are old offsets, insertion offsets new offsets.
    ///
    /// - Complexity: O(changes + total ID length), written as bytes in one
    ///   buffer with no allocation per line.
    ///
    /// - Parameter numbers: whether the IDs are JSON integers, written as
    ///   they are instead of quoted.
    package static func render(_ changes: ListChanges<SnapshotID>, numbers: Bool = false) -> String {
        let structure = changes.structure
        var out: [UInt8] = []
        out.reserveCapacity(changes.renderedSize(perChange: 48))
        func text(_ string: StaticString) {
            out.append(contentsOf: UnsafeBufferPointer(start: string.utf8Start, count: string.utf8CodeUnitCount))
        }
        func number(_ value: Int) { JSONText.appendDecimal(value, to: &out) }
        func quoted(_ value: SnapshotID) {
            if numbers {
                out.append(contentsOf: value.bytes)
            } else {
                JSONText.appendQuoted(bytes: value.bytes, to: &out)
            }
        }
        // `"name": [` one item per line `]`, each item written by `item`.
        func list<Item>(_ name: StaticString, _ items: [Item], last: Bool = false, _ item: (Item) -> Void) {
            text("  \"")
            text(name)
            text("\": [")
            for (index, element) in items.enumerated() {
                text(index == 0 ? "\n    " : ",\n    ")
                item(element)
            }
            if !items.isEmpty { text("\n  ") }
            text(last ? "]\n" : "],\n")
        }
        text("{\n  \"oldCount\": ")
        number(structure.oldCount)
        text(",\n  \"newCount\": ")
        number(structure.newCount)
        text(",\n")
        list("deletions", structure.deletions) { deletion in
            text("{\"offset\": ")
            number(deletion.offset)
            text(", \"id\": ")
            quoted(deletion.id)
            text("}")
        }
        list("insertions", structure.insertions) { insertion in
            text("{\"offset\": ")
            number(insertion.offset)
            text(", \"id\": ")
            quoted(insertion.id)
            text("}")
        }
        list("moves", structure.moves) { move in
            text("{\"id\": ")
            quoted(move.id)
            text(", \"from\": ")
            number(move.from)
            text(", \"to\": ")
            number(move.to)
            text("}")
        }
        list("contentUpdates", changes.contentUpdates, last: true) { update in
            text("{\"id\": ")
            quoted(update.id)
            text(", \"oldOffset\": ")
            number(update.oldOffset)
            text(", \"newOffset\": ")
            number(update.newOffset)
            text("}")
        }
        text("}\n")
        return String(decoding: out, as: UTF8.self)
    }
}
