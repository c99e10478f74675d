import UpdateCheckDiff
import UpdateCheckSupport

/// The sectioned side of `updatecheck diff`: the verified changes between
/// two sectioned snapshot files, and their text and JSON reports.
package enum SectionedDiffReport {
    /// The changes between two sectioned files, of type `UpdateCheckDiff.SectionedChanges`.
    package typealias Changes = SectionedChanges<String, String>

    /// The snapshot a file holds, its IDs as `ids` (the file's
    /// ``DiffSnapshotFile/idStrings``); a flat empty file is zero sections.
    static func snapshot(of file: DiffSnapshotFile, ids: [String]) -> SectionedSnapshot<String, String> {
        SectionedSnapshot(
            (file.sections ?? []).map { .init(id: $0.id, items: Array(ids[$0.start..<$0.start + $0.count])) })
    }

    /// Diffs and verifies two sectioned files, content included.
    ///
    /// - Throws: exit 65 naming the file and the lines of every duplicate
    ///   section or item ID; exit 1 when the diff fails its verification.
    package static func changes(from old: DiffSnapshotFile, to new: DiffSnapshotFile) throws(CLIError) -> Changes {
        // The IDs as strings, made once for the diff and the snapshots it is verified on.
        let oldIDs = old.idStrings
        let newIDs = new.idStrings
        let oldSnapshot = snapshot(of: old, ids: oldIDs)
        let newSnapshot = snapshot(of: new, ids: newIDs)
        let oldSections = old.sections ?? []
        let newSections = new.sections ?? []
        // Old sections and items are offsets; new ones are encoded as -1 - offset.
        func sectionID(_ section: Int) -> String {
            section >= 0 ? oldSections[section].id : newSections[-1 - section].id
        }
        func items(_ section: Int) -> [Int] {
            if section >= 0 {
                let part = oldSections[section]
                return Array(part.start..<part.start + part.count)
            }
            let part = newSections[-1 - section]
            return (part.start..<part.start + part.count).map { -1 - $0 }
        }
        func itemID(_ item: Int) -> String { item >= 0 ? oldIDs[item] : newIDs[-1 - item] }
        func sectionsEqual(_ a: Int, _ b: Int) -> Bool { oldSections[a].content == newSections[-1 - b].content }
        func itemsEqual(_ a: Int, _ b: Int) -> Bool { old.content(at: a) == new.content(at: -1 - b) }
        let oldOffsets: [Int] = Array(oldSections.indices)
        let newOffsets: [Int] = newSections.indices.map { -1 - $0 }
        do throws(ListDiffError) {
            let changes: Changes = try diff(
                from: oldOffsets, to: newOffsets, sectionID: sectionID, items: items, itemID: itemID,
                sectionContentEquals: sectionsEqual, itemContentEquals: itemsEqual)
            try changes.structure.verify(from: oldSnapshot, to: newSnapshot)
            return changes
        } catch {
            switch error {
            case .duplicateSectionIDs(let side, let duplicates):
                let file = side == .old ? old : new
                let sections = file.sections ?? []
                throw .dataError(
                    "\(file.displayName): "
                        + duplicates.map { duplicate in
                            "duplicate section ID \(JSONText.quote(duplicate.id)) at sections "
                                + duplicate.offsets.map { "\($0) (line \(sections[$0].line))" }.joined(separator: ", ")
                        }.joined(separator: "; ") + ".")
            case .duplicateItemIDs(let side, let duplicates):
                let file = side == .old ? old : new
                let sections = file.sections ?? []
                throw .dataError(
                    "\(file.displayName): "
                        + duplicates.map { duplicate in
                            "duplicate item ID \(JSONText.quote(duplicate.id)) at "
                                + duplicate.positions.map { position in
                                    let line = file.line(at: sections[position.section].start + position.item)
                                    return "[\(position.section), \(position.item)]"
                                        + (line.map { " (line \($0))" } ?? "")
                                }.joined(separator: ", ")
                        }.joined(separator: "; ") + ".")
            default:
                throw CLIError(.checkFailed, "\(old.displayName) -> \(new.displayName): \(error)")
            }
        }
    }

    /// The human-readable report: counts, then each kind of change (empty
    /// kinds left out), then a summary line.
    ///
    ///     old.json: 2 sections, 3 items; new.json: 2 sections, 3 items
    ///     Items moved (old [section, item] -> new):
    ///       [0, 0] -> [1, 0]  "a"
    ///     0 sections deleted, 0 inserted, 0 moved, 0 updated; 0 items deleted, 0 inserted, 1 moved, 0 updated.
    package static func text(_ changes: Changes, old: DiffSnapshotFile, new: DiffSnapshotFile) -> String {
        let diff = changes.structure
        var out = ""
        func line(_ text: String) { out += text + "\n" }
        func path(_ position: ItemPosition) -> String { "[\(position.section), \(position.item)]" }
        func counts(_ file: DiffSnapshotFile) -> String {
            let sections = file.sections?.count ?? 0
            return "\(file.displayName): \(sections) section\(sections == 1 ? "" : "s"), "
                + "\(file.ids.count) item\(file.ids.count == 1 ? "" : "s")"
        }
        func block<Element>(_ title: String, _ elements: [Element], _ row: (Element) -> String) {
            guard !elements.isEmpty else { return }
            line(title)
            for element in elements { line("  " + row(element)) }
        }
        line(counts(old) + "; " + counts(new))
        block("Sections deleted (old offset):", diff.sections.deletions) { "\($0.offset)  \(JSONText.quote($0.id))" }
        block("Sections inserted (new offset):", diff.sections.insertions) {
            "\($0.offset)  \(JSONText.quote($0.id))"
        }
        block("Sections moved (old offset -> new offset):", diff.sections.moves) {
            "\($0.from) -> \($0.to)  \(JSONText.quote($0.id))"
        }
        block("Sections updated (old offset -> new offset):", changes.sectionUpdates) {
            "\($0.oldOffset) -> \($0.newOffset)  \(JSONText.quote($0.id))"
        }
        block("Items deleted (old [section, item]):", diff.itemDeletions) {
            "\(path($0.position))  \(JSONText.quote($0.id))"
        }
        block("Items inserted (new [section, item]):", diff.itemInsertions) {
            "\(path($0.position))  \(JSONText.quote($0.id))"
        }
        block("Items moved (old [section, item] -> new):", diff.itemMoves) {
            "\(path($0.from)) -> \(path($0.to))  \(JSONText.quote($0.id))"
        }
        block("Items updated (old [section, item] -> new):", changes.itemUpdates) {
            "\(path($0.oldPosition)) -> \(path($0.newPosition))  \(JSONText.quote($0.id))"
        }
        line(
            "\(diff.sections.deletions.count) sections deleted, \(diff.sections.insertions.count) inserted, "
                + "\(diff.sections.moves.count) moved, \(changes.sectionUpdates.count) updated; "
                + "\(diff.itemDeletions.count) items deleted, \(diff.itemInsertions.count) inserted, "
                + "\(diff.itemMoves.count) moved, \(changes.itemUpdates.count) updated.")
        return out
    }

    /// The machine-readable report: one JSON object, members in a fixed
    /// order, one change per line. Section offsets and item positions
    /// (`[section, item]`) are old for deletions and move sources, new for
    /// insertions and move destinations.
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
    package static func json(_ changes: Changes, old: DiffSnapshotFile, new: DiffSnapshotFile) -> String {
        let diff = changes.structure
        var out = "{\n"
        func path(_ position: ItemPosition) -> String { "[\(position.section), \(position.item)]" }
        func list(_ name: String, _ rows: [String], last: Bool = false) {
            out += "  \"\(name)\": [" + rows.map { "\n    " + $0 }.joined(separator: ",")
            out += (rows.isEmpty ? "" : "\n  ") + (last ? "]\n" : "],\n")
        }
        out +=
            "  \"oldSectionCount\": \(old.sections?.count ?? 0),\n  \"newSectionCount\": \(new.sections?.count ?? 0),\n"
        out += "  \"oldCount\": \(old.ids.count),\n  \"newCount\": \(new.ids.count),\n"
        list(
            "sectionDeletions",
            diff.sections.deletions.map { "{\"offset\": \($0.offset), \"id\": \(JSONText.quote($0.id))}" })
        list(
            "sectionInsertions",
            diff.sections.insertions.map { "{\"offset\": \($0.offset), \"id\": \(JSONText.quote($0.id))}" })
        list(
            "sectionMoves",
            diff.sections.moves.map { "{\"id\": \(JSONText.quote($0.id)), \"from\": \($0.from), \"to\": \($0.to)}" })
        list(
            "deletions",
            diff.itemDeletions.map { "{\"position\": \(path($0.position)), \"id\": \(JSONText.quote($0.id))}" })
        list(
            "insertions",
            diff.itemInsertions.map { "{\"position\": \(path($0.position)), \"id\": \(JSONText.quote($0.id))}" })
        list(
            "moves",
            diff.itemMoves.map {
                "{\"id\": \(JSONText.quote($0.id)), \"from\": \(path($0.from)), \"to\": \(path($0.to))}"
            })
        list(
            "sectionContentUpdates",
            changes.sectionUpdates.map {
                "{\"id\": \(JSONText.quote($0.id)), \"oldOffset\": \($0.oldOffset), \"newOffset\": \($0.newOffset)}"
            })
        list(
            "contentUpdates",
            changes.itemUpdates.map {
                "{\"id\": \(JSONText.quote($0.id)), \"oldPosition\": \(path($0.oldPosition)), "
                    + "\"newPosition\": \(path($0.newPosition))}"
            }, last: true)
        return out + "}\n"
    }
}
