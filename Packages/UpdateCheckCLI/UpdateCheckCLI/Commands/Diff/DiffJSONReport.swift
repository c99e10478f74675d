import ListDiff

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
    package static func render(_ changes: ListChanges<String>) -> String {
        let structure = changes.structure
        func list(_ name: String, _ items: [String], last: Bool = false) -> String {
            let comma = last ? "" : ","
            if items.isEmpty { return "  \(JSONText.quote(name)): []\(comma)\n" }
            return "  \(JSONText.quote(name)): [\n    " + items.joined(separator: ",\n    ") + "\n  ]\(comma)\n"
        }
        var out = "{\n"
        out += "  \"oldCount\": \(structure.oldCount),\n"
        out += "  \"newCount\": \(structure.newCount),\n"
        out += list(
            "deletions", structure.deletions.map { "{\"offset\": \($0.offset), \"id\": \(JSONText.quote($0.id))}" })
        out += list(
            "insertions", structure.insertions.map { "{\"offset\": \($0.offset), \"id\": \(JSONText.quote($0.id))}" })
        out += list(
            "moves",
            structure.moves.map { "{\"id\": \(JSONText.quote($0.id)), \"from\": \($0.from), \"to\": \($0.to)}" })
        out += list(
            "contentUpdates",
            changes.contentUpdates.map {
                "{\"id\": \(JSONText.quote($0.id)), \"oldOffset\": \($0.oldOffset), \"newOffset\": \($0.newOffset)}"
            }, last: true)
        return out + "}\n"
    }
}
