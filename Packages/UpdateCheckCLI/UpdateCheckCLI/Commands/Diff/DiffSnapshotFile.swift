/// One snapshot read from a JSON file for `updatecheck diff`: an array whose
/// elements are string IDs, or objects with a string `id` whose other
/// members are the row's content.
package struct DiffSnapshotFile: Sendable, Equatable {
    /// The file the snapshot came from, as given on the command line.
    package var path: String
    /// The IDs, in order.
    package var ids: [String]
    /// Each element's content in a canonical text form (members other than
    /// `id`, keys sorted); empty for a plain string ID.
    package var contents: [String]

    /// Creates a snapshot from its parts.
    package init(path: String, ids: [String], contents: [String]) {
        self.path = path
        self.ids = ids
        self.contents = contents
    }

    /// Reads and checks the snapshot at `path`.
    ///
    /// - Throws: exit 66 when the file is missing; exit 65 naming the file,
    ///   line, column and offset when the JSON is malformed, not an array,
    ///   or an element is not a string ID or an object with a string `id`.
    package static func read(at path: String) throws(CLIError) -> DiffSnapshotFile {
        let root = try InputFile.json(at: path)
        guard let elements = root.arrayValue else {
            throw .dataError(
                "\(path):\(root.line):\(root.column): expected an array of IDs, got \(root.kindDescription).")
        }
        var ids: [String] = []
        var contents: [String] = []
        ids.reserveCapacity(elements.count)
        contents.reserveCapacity(elements.count)
        for (offset, element) in elements.enumerated() {
            let place = "\(path):\(element.line):\(element.column): offset \(offset)"
            if let id = element.stringValue {
                ids.append(id)
                contents.append("")
            } else if let members = element.objectValue {
                guard let idNode = element["id"] else {
                    throw .dataError("\(place): the object has no \"id\" member.")
                }
                guard let id = idNode.stringValue else {
                    throw .dataError("\(place): the \"id\" must be a string, got \(idNode.kindDescription).")
                }
                ids.append(id)
                let content = members.filter { $0.key != "id" }.sorted { $0.key < $1.key }
                contents.append(
                    content.map { JSONText.quote($0.key) + ":" + $0.value.canonicalText }.joined(separator: ","))
            } else {
                throw .dataError(
                    "\(place): an ID must be a string or an object with an \"id\", got \(element.kindDescription).")
            }
        }
        return DiffSnapshotFile(path: path, ids: ids, contents: contents)
    }
}
