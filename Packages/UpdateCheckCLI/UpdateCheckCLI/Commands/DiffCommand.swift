import ListDiff

/// `updatecheck diff`: diff two snapshots of unique IDs, or verify every pair
/// of small snapshots exhaustively.
package enum DiffCommand {
    /// The `diff` command.
    package static let command = Command(
        name: "diff",
        abstract: "Diff two snapshots of unique IDs.",
        discussion: """
            Each file holds a JSON array of string IDs, or of objects with a string "id";
            an object's other members are its content. Deletions use old offsets, insertions
            new offsets; moves are minimal. Content changes of kept IDs are listed apart.
            Exit codes: 0 done; 1 the diff failed its verification; 65 bad JSON, a non-string
            ID or duplicate IDs (naming file and offset); 66 a file is missing.
            """,
        arguments: [
            ArgumentSpec("old", help: "The snapshot before the change (JSON file)."),
            ArgumentSpec("new", help: "The snapshot after the change (JSON file)."),
        ],
        options: [
            format.spec
        ],
        subcommands: [DiffExhaustiveCommand.command],
        action: { invocation throws(CLIError) in try run(invocation) })

    /// `--format <format>`: text or JSON.
    static let format = Options.choice(
        "format", name: "format", from: ["text", "json"], help: "Output format: text (default) or json.")

    /// Runs the command.
    ///
    /// - Throws: exit 66 for a missing file; exit 65 naming the file and
    ///   offset for malformed JSON, non-string IDs or duplicate IDs; exit 1
    ///   when the diff fails its verification.
    package static func run(_ invocation: Invocation) throws(CLIError) -> ExitCode {
        let format = try Self.format.value(in: invocation) ?? "text"
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
