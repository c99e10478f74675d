import UpdateCheckDiff
import UpdateCheckSupport

/// What `updatecheck diff` prints: the changes between two snapshot files,
/// as text or as JSON, flat or sectioned.
///
/// A flat diff is laid out by offsets; a diff of sections adds the
/// sections' own changes and places items at `[section, item]` positions.
/// Both layouts are written by one ``Writer``: a heading over one line per
/// change in text, an array member with one change per line in JSON, all
/// into one buffer of bytes with no allocation per line.
package enum DiffReport: Sendable {
    /// The changes of two flat files, whose IDs are views into the files.
    case flat(ListChanges<SnapshotID>, old: DiffSnapshotFile, new: DiffSnapshotFile)
    /// The changes of two sectioned files.
    case sectioned(SectionedChanges<String, String>, old: DiffSnapshotFile, new: DiffSnapshotFile)

    /// The report in `format`: `json`, or text for any other.
    package func rendered(as format: String) -> String {
        format == "json" ? json : text
    }

    /// The human-readable report: counts, then each kind of change (empty
    /// kinds left out), then a summary line.
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
    /// or, sectioned:
    ///
    ///     old.json: 2 sections, 3 items; new.json: 2 sections, 3 items
    ///     Items moved (old [section, item] -> new):
    ///       [0, 0] -> [1, 0]  "a"
    ///     0 sections deleted, 0 inserted, 0 moved, 0 updated; 0 items deleted, 0 inserted, 1 moved, 0 updated.
    ///
    /// - Complexity: O(changes + total ID length).
    package var text: String {
        switch self {
        case .flat(let changes, let old, let new): Self.text(changes, old: old, new: new)
        case .sectioned(let changes, let old, let new): Self.text(changes, old: old, new: new)
        }
    }

    /// The machine-readable report: one JSON object, members in a fixed
    /// order, one change per line. Offsets and positions are old for
    /// deletions and move sources, new for insertions and move destinations.
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
    /// or, sectioned (section offsets, and item positions `[section, item]`):
    ///
    ///     {
    ///       "oldSectionCount": 2, "newSectionCount": 2, "oldCount": 3, "newCount": 3,
    ///       "sectionDeletions": [], "sectionInsertions": [], "sectionMoves": [],
    ///       "deletions": [], "insertions": [],
    ///       "moves": [
    ///         {"id": "a", "from": [0, 0], "to": [1, 0]}
    ///       ],
    ///       "sectionContentUpdates": [], "contentUpdates": []
    ///     }
    ///
    /// Integer IDs of flat files are written as they are, other IDs quoted.
    ///
    /// - Complexity: O(changes + total ID length).
    package var json: String {
        switch self {
        case .flat(let changes, let old, let new): Self.json(changes, numbers: old.idsAreNumbers || new.idsAreNumbers)
        case .sectioned(let changes, let old, let new): Self.json(changes, old: old, new: new)
        }
    }

    /// The text layout of a flat diff.
    private static func text(
        _ changes: ListChanges<SnapshotID>, old: DiffSnapshotFile, new: DiffSnapshotFile
    ) -> String {
        let structure = changes.structure
        func count(_ number: Int) -> String { number == 1 ? "1 ID" : "\(number) IDs" }
        var out = Writer(
            capacity: changes.renderedSize(perChange: 32), numbers: old.idsAreNumbers || new.idsAreNumbers)
        out.write("\(old.displayName): \(count(old.ids.count)); \(new.displayName): \(count(new.ids.count))\n")
        out.lines("Deleted (old offset):", structure.deletions) {
            $0.row($1.offset, id: $1.id)
        }
        out.lines("Inserted (new offset):", structure.insertions) {
            $0.row($1.offset, id: $1.id)
        }
        out.lines("Moved (old offset -> new offset):", structure.moves) {
            $0.row($1.from, $1.to, id: $1.id)
        }
        out.lines("Content updated (old offset -> new offset):", changes.contentUpdates) {
            $0.row($1.oldOffset, $1.newOffset, id: $1.id)
        }
        let staying = structure.keptCount - structure.moves.count
        out.write(
            "\(structure.deletions.count) deleted, \(structure.insertions.count) inserted, "
                + "\(structure.moves.count) moved, \(changes.contentUpdates.count) content updated; "
                + "\(staying) \(staying == 1 ? "stays" : "stay") put.\n")
        return out.string
    }

    /// The JSON layout of a flat diff, integer IDs written as they are when
    /// `numbers`.
    private static func json(_ changes: ListChanges<SnapshotID>, numbers: Bool) -> String {
        let structure = changes.structure
        var out = Writer(capacity: changes.renderedSize(perChange: 48), numbers: numbers)
        out.write("{\n  \"oldCount\": ")
        out.write(json: structure.oldCount)
        out.write(",\n  \"newCount\": ")
        out.write(json: structure.newCount)
        out.write(",\n")
        out.array("deletions", structure.deletions) { $0.object("offset", $1.offset, id: $1.id) }
        out.array("insertions", structure.insertions) { $0.object("offset", $1.offset, id: $1.id) }
        out.array("moves", structure.moves) { $0.object(id: $1.id, "from", $1.from, "to", $1.to) }
        out.array("contentUpdates", changes.contentUpdates, last: true) {
            $0.object(id: $1.id, "oldOffset", $1.oldOffset, "newOffset", $1.newOffset)
        }
        out.write("}\n")
        return out.string
    }

    /// The text layout of a diff of sections.
    private static func text(
        _ changes: SectionedChanges<String, String>, old: DiffSnapshotFile, new: DiffSnapshotFile
    ) -> String {
        let diff = changes.structure
        func counts(_ file: DiffSnapshotFile) -> String {
            let sections = file.sections?.count ?? 0
            return "\(file.displayName): \(sections) section\(sections == 1 ? "" : "s"), "
                + "\(file.ids.count) item\(file.ids.count == 1 ? "" : "s")"
        }
        var out = Writer(capacity: 256)
        out.write(counts(old) + "; " + counts(new) + "\n")
        out.lines("Sections deleted (old offset):", diff.sections.deletions) { $0.row($1.offset, id: $1.id) }
        out.lines("Sections inserted (new offset):", diff.sections.insertions) { $0.row($1.offset, id: $1.id) }
        out.lines("Sections moved (old offset -> new offset):", diff.sections.moves) {
            $0.row($1.from, $1.to, id: $1.id)
        }
        out.lines("Sections updated (old offset -> new offset):", changes.sectionUpdates) {
            $0.row($1.oldOffset, $1.newOffset, id: $1.id)
        }
        out.lines("Items deleted (old [section, item]):", diff.itemDeletions) { $0.row($1.position, id: $1.id) }
        out.lines("Items inserted (new [section, item]):", diff.itemInsertions) { $0.row($1.position, id: $1.id) }
        out.lines("Items moved (old [section, item] -> new):", diff.itemMoves) { $0.row($1.from, $1.to, id: $1.id) }
        out.lines("Items updated (old [section, item] -> new):", changes.itemUpdates) {
            $0.row($1.oldPosition, $1.newPosition, id: $1.id)
        }
        out.write(
            "\(diff.sections.deletions.count) sections deleted, \(diff.sections.insertions.count) inserted, "
                + "\(diff.sections.moves.count) moved, \(changes.sectionUpdates.count) updated; "
                + "\(diff.itemDeletions.count) items deleted, \(diff.itemInsertions.count) inserted, "
                + "\(diff.itemMoves.count) moved, \(changes.itemUpdates.count) updated.\n")
        return out.string
    }

    /// The JSON layout of a diff of sections.
    private static func json(
        _ changes: SectionedChanges<String, String>, old: DiffSnapshotFile, new: DiffSnapshotFile
    ) -> String {
        let diff = changes.structure
        var out = Writer(capacity: 256)
        out.write(
            "{\n  \"oldSectionCount\": \(old.sections?.count ?? 0),\n  \"newSectionCount\": \(new.sections?.count ?? 0),\n"
        )
        out.write("  \"oldCount\": \(old.ids.count),\n  \"newCount\": \(new.ids.count),\n")
        out.array("sectionDeletions", diff.sections.deletions) { $0.object("offset", $1.offset, id: $1.id) }
        out.array("sectionInsertions", diff.sections.insertions) { $0.object("offset", $1.offset, id: $1.id) }
        out.array("sectionMoves", diff.sections.moves) { $0.object(id: $1.id, "from", $1.from, "to", $1.to) }
        out.array("deletions", diff.itemDeletions) { $0.object("position", $1.position, id: $1.id) }
        out.array("insertions", diff.itemInsertions) { $0.object("position", $1.position, id: $1.id) }
        out.array("moves", diff.itemMoves) { $0.object(id: $1.id, "from", $1.from, "to", $1.to) }
        out.array("sectionContentUpdates", changes.sectionUpdates) {
            $0.object(id: $1.id, "oldOffset", $1.oldOffset, "newOffset", $1.newOffset)
        }
        out.array("contentUpdates", changes.itemUpdates, last: true) {
            $0.object(id: $1.id, "oldPosition", $1.oldPosition, "newPosition", $1.newPosition)
        }
        out.write("}\n")
        return out.string
    }
}

extension DiffReport {
    /// A report being written: UTF-8 bytes in one buffer, a line or JSON
    /// object per change, with no allocation per line.
    fileprivate struct Writer {
        /// The bytes written so far.
        var bytes: [UInt8] = []
        /// Whether the IDs of a flat diff are JSON integers, written as they are.
        let numbers: Bool

        /// An empty report with room for `capacity` bytes, its flat IDs
        /// integers when `numbers`.
        init(capacity: Int, numbers: Bool = false) {
            bytes.reserveCapacity(capacity)
            self.numbers = numbers
        }

        /// The report as a string.
        var string: String { String(decoding: bytes, as: UTF8.self) }

        /// Writes `text` as it is.
        mutating func write(_ text: String) { bytes.append(contentsOf: text.utf8) }

        /// Writes `value` as JSON: an offset, a position or an ID.
        mutating func write(json value: some ReportValue) { value.write(to: &self) }

        /// Text: `heading`, then the line of each of `changes` as `row`
        /// writes it; nothing when there are none.
        mutating func lines<Changes: Collection>(
            _ heading: String, _ changes: Changes, _ row: (inout Self, Changes.Element) -> Void
        ) {
            guard !changes.isEmpty else { return }
            write(heading)
            write("\n")
            for change in changes { row(&self, change) }
        }

        /// Text: `  at  id`, the line of a deletion or insertion, or
        /// `  at -> to  id`, that of a move or update.
        mutating func row<Place: ReportValue>(_ at: Place, _ to: Place? = nil, id: some ReportValue) {
            write("  ")
            write(json: at)
            if let to {
                write(" -> ")
                write(json: to)
            }
            write("  ")
            write(json: id)
            write("\n")
        }

        /// JSON: the member `name`, an array of `changes` one per line as
        /// `item` writes them, followed by a comma unless it is the `last`.
        mutating func array<Changes: Collection>(
            _ name: String, _ changes: Changes, last: Bool = false, _ item: (inout Self, Changes.Element) -> Void
        ) {
            write("  \"")
            write(name)
            write("\": [")
            var first = true
            for change in changes {
                write(first ? "\n    " : ",\n    ")
                first = false
                item(&self, change)
            }
            if !first { write("\n  ") }
            write(last ? "]\n" : "],\n")
        }

        /// JSON: `{"key": at, "id": id}`, a deletion or insertion.
        mutating func object(_ key: String, _ at: some ReportValue, id: some ReportValue) {
            write("{\"")
            write(key)
            write("\": ")
            write(json: at)
            write(", \"id\": ")
            write(json: id)
            write("}")
        }

        /// JSON: `{"id": id, "fromKey": from, "toKey": to}`, a move or update.
        mutating func object<Place: ReportValue>(
            id: some ReportValue, _ fromKey: String, _ from: Place, _ toKey: String, _ to: Place
        ) {
            write("{\"id\": ")
            write(json: id)
            write(", \"")
            write(fromKey)
            write("\": ")
            write(json: from)
            write(", \"")
            write(toKey)
            write("\": ")
            write(json: to)
            write("}")
        }
    }
}

/// What a diff report places in a line or a JSON object: an offset, an
/// item position or an ID, written as JSON.
private protocol ReportValue {
    /// Appends the value as JSON text to `out`.
    func write(to out: inout DiffReport.Writer)
}

extension Int: ReportValue {
    /// The offset in decimal.
    fileprivate func write(to out: inout DiffReport.Writer) { JSONText.appendDecimal(self, to: &out.bytes) }
}

extension ItemPosition: ReportValue {
    /// The position as `[section, item]`.
    fileprivate func write(to out: inout DiffReport.Writer) {
        out.write("[")
        out.write(json: section)
        out.write(", ")
        out.write(json: item)
        out.write("]")
    }
}

extension String: ReportValue {
    /// The ID of a sectioned file, quoted.
    fileprivate func write(to out: inout DiffReport.Writer) { JSONText.appendQuoted(self, to: &out.bytes) }
}

extension SnapshotID: ReportValue {
    /// The ID of a flat file: quoted, or as it is written when the IDs are integers.
    fileprivate func write(to out: inout DiffReport.Writer) { appendJSON(to: &out.bytes, isNumber: out.numbers) }
}
