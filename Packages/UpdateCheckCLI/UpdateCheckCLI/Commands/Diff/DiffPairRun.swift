import ListDiff

/// `updatecheck diff OLD NEW`: reads two snapshot files, diffs them, verifies
/// the diff and prints it.
package enum DiffPairRun {
    /// Runs the command.
    ///
    /// - Throws: exit 66 for a missing file; exit 65 naming the file and
    ///   offset for malformed JSON, non-string IDs or duplicate IDs; exit 1
    ///   when the diff fails its verification.
    package static func run(_ invocation: Invocation) throws(CLIError) -> ExitCode {
        let format = try invocation.choice("format", from: ["text", "json"]) ?? "text"
        let old = try DiffSnapshotFile.read(at: invocation.positionals[0])
        let new = try DiffSnapshotFile.read(at: invocation.positionals[1])
        let changes = try changes(from: old, to: new)
        invocation.console.writeOut(
            format == "json" ? DiffJSONReport.render(changes) : DiffTextReport.render(changes, old: old, new: new))
        return .success
    }

    /// The verified changes between two snapshot files.
    ///
    /// - Throws: exit 65 naming the file for duplicate IDs; exit 1 when the
    ///   diff fails its verification.
    package static func changes(from old: DiffSnapshotFile, to new: DiffSnapshotFile) throws(CLIError)
        -> ListChanges<String>
    {
        let oldRows = Array(zip(old.ids, old.contents))
        let newRows = Array(zip(new.ids, new.contents))
        let changes: ListChanges<String>
        do {
            changes = try diff(from: oldRows, to: newRows, id: { $0.0 }, contentEquals: { $0.1 == $1.1 })
            try changes.structure.verify(from: old.ids, to: new.ids)
        } catch {
            switch error {
            case .duplicateIDs(let side, let duplicates):
                let noun = duplicates.count == 1 ? "duplicate ID" : "duplicate IDs"
                throw .dataError(
                    "\(side == .old ? old.path : new.path): \(noun) "
                        + duplicates.map { "\(JSONText.quote($0.id)) at offsets \(offsetList($0.offsets))" }
                        .joined(separator: "; ") + ".")
            default:
                throw CLIError(.checkFailed, "\(old.path) -> \(new.path): \(error)")
            }
        }
        return changes
    }

    private static func offsetList(_ offsets: [Int]) -> String {
        offsets.map(String.init).joined(separator: ", ")
    }
}
