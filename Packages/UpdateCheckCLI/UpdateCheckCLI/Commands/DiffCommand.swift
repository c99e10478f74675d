import UpdateCheckDiff
import UpdateCheckIO
import UpdateCheckSupport

/// `updatecheck diff`: diff two snapshots of unique IDs, or verify every pair
/// of small snapshots exhaustively.
package enum DiffCommand {
    /// The two snapshot files `diff` and `plan` read.
    static let snapshotArguments = [
        ArgumentSpec("old", help: "The snapshot before the change (JSON file)."),
        ArgumentSpec("new", help: "The snapshot after the change (JSON file)."),
    ]

    /// The `diff` command.
    package static let command = Command(
        name: "diff",
        abstract: "Diff two snapshots of unique IDs.",
        discussion: """
            Each file holds a JSON array of IDs, strings or integers (one kind in both
            files; an integer is kept as written), or of objects with an "id"; an object's
            other members are its content. Deletions use old offsets, insertions
            new offsets; moves are minimal. Content changes of kept IDs are listed apart.
            A sectioned file holds section objects instead:
            [{"section": "today", "items": ["a", {"id": "b", "title": "..."}]}, ...];
            a section's other members are its content. Item IDs are unique across sections;
            positions are [section, item].
            Exit codes: 0 done; 1 the diff failed its verification; 64 bad usage; 65 bad JSON,
            an ID that is neither a string nor an integer, string and integer IDs mixed,
            duplicate IDs (naming file and lines) or a flat file against a sectioned one; 66
            a file is missing.
            """,
        arguments: snapshotArguments,
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
        try CLIError.mapping { () throws(IOError) in try InputFile.checkStreamsReadOnce(invocation.positionals) }
        let (old, new) = try DiffSnapshotFile.readPair(invocation.positionals[0], invocation.positionals[1])
        if old.sections != nil || new.sections != nil {
            try requireSameShape(old, new)
            let changes = try Self.changes(from: old, to: new)
            invocation.console.writeOut(DiffReport.sectioned(changes, old: old, new: new).rendered(as: format))
            return .success
        }
        // The changes hold views of the snapshots' IDs: the snapshots live until they are printed.
        // The report is rendered on one core while the diff is verified on the other, and
        // written only once the verification passed.
        try withExtendedLifetime((old, new)) { () throws(CLIError) in
            let report = try changes(from: old, oldIDs: old.ids, to: new, newIDs: new.ids) { changes in
                DiffReport.flat(changes, old: old, new: new).rendered(as: format)
            }
            invocation.console.writeOut(report)
        }
        return .success
    }

    /// The verified changes between two snapshot files rendered by `render`,
    /// which runs while the diff is verified (on another core) and whose
    /// result is returned only when the verification passed.
    ///
    /// - Throws: as ``changes(from:oldIDs:to:newIDs:)``.
    package static func changes<ID: Hashable & Sendable, Rendered: Sendable>(
        from old: DiffSnapshotFile, oldIDs: [ID], to new: DiffSnapshotFile, newIDs: [ID],
        renderedWhileVerifying render: @Sendable (ListChanges<ID>) -> Rendered
    ) throws(CLIError) -> Rendered {
        let changes = try unverifiedChanges(from: old, oldIDs: oldIDs, to: new, newIDs: newIDs)
        // Task 0 verifies (a failure or nil), task 1 renders.
        let outcomes = ParallelLoop.map(count: 2) { task -> (failure: ListDiffError?, rendered: Rendered?) in
            if task == 1 { return (nil, render(changes)) }
            let verified = Result { () throws(ListDiffError) in try changes.structure.verify(from: oldIDs, to: newIDs) }
            guard case .failure(let failure) = verified else { return (nil, nil) }
            return (failure, nil)
        }
        if let failure = outcomes[0].failure { throw cliError(failure, old, new) }
        guard let rendered = outcomes[1].rendered else { preconditionFailure("task 1 renders the report") }
        return rendered
    }

    /// The verified changes between two snapshot files, with the IDs of
    /// each as `oldIDs` and `newIDs` (their ``DiffSnapshotFile/ids``, or
    /// ``DiffSnapshotFile/idStrings`` for APIs that need strings).
    ///
    /// - Throws: exit 65 naming the file for duplicate IDs; exit 1 when the
    ///   diff fails its verification.
    package static func changes<ID: Hashable & Sendable>(
        from old: DiffSnapshotFile, oldIDs: [ID], to new: DiffSnapshotFile, newIDs: [ID]
    ) throws(CLIError) -> ListChanges<ID> {
        let changes = try unverifiedChanges(from: old, oldIDs: oldIDs, to: new, newIDs: newIDs)
        do {
            try changes.structure.verify(from: oldIDs, to: newIDs)
        } catch {
            throw cliError(error, old, new)
        }
        return changes
    }

    /// The changes between two snapshot files, not yet verified.
    ///
    /// - Throws: exit 65 naming the file for duplicate IDs.
    private static func unverifiedChanges<ID: Hashable & Sendable>(
        from old: DiffSnapshotFile, oldIDs: [ID], to new: DiffSnapshotFile, newIDs: [ID]
    ) throws(CLIError) -> ListChanges<ID> {
        do {
            if old.hasContent || new.hasContent {
                // Elements are offsets, the new ones shifted past the old, so one ID function serves both.
                let shift = oldIDs.count
                return try diff(
                    from: Array(0..<shift), to: Array(shift..<shift + newIDs.count),
                    id: { $0 < shift ? oldIDs[$0] : newIDs[$0 - shift] },
                    contentEquals: { old.content(at: $0) == new.content(at: $1 - shift) })
            }
            // Plain IDs: no copies of the ID arrays.
            return ListChanges(structure: try diff(from: oldIDs, to: newIDs), contentUpdates: [])
        } catch {
            throw cliError(error, old, new)
        }
    }

    /// Diffs and verifies two sectioned files, content included.
    ///
    /// - Throws: exit 65 naming the file and the lines of every duplicate
    ///   section or item ID; exit 1 when the diff fails its verification.
    package static func changes(
        from old: DiffSnapshotFile, to new: DiffSnapshotFile
    ) throws(CLIError) -> SectionedChanges<String, String> {
        // The IDs as strings, made once for the diff and the snapshots it is verified on.
        let oldIDs = old.idStrings
        let newIDs = new.idStrings
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
            let changes: SectionedChanges<String, String> = try diff(
                from: oldOffsets, to: newOffsets, sectionID: sectionID, items: items, itemID: itemID,
                sectionContentEquals: sectionsEqual, itemContentEquals: itemsEqual)
            try changes.structure.verify(
                from: old.sectionedSnapshot(ids: oldIDs), to: new.sectionedSnapshot(ids: newIDs))
            return changes
        } catch {
            throw cliError(error, old, new)
        }
    }

    /// The CLI error for a failed diff or verification of `old` -> `new`,
    /// flat or sectioned: duplicate IDs name the file and where each
    /// duplicate lies (offsets, sections or `[section, item]` positions,
    /// with their lines).
    ///
    /// The message stays short whatever the file: it names the first
    /// ``shownDuplicates`` duplicates, each at its first ``shownDuplicates``
    /// places and by its first `MessageText.shownCharacters` characters, and counts
    /// the rest (a file of a million copies of one ID gave a 190 MB line).
    private static func cliError(_ error: ListDiffError, _ old: DiffSnapshotFile, _ new: DiffSnapshotFile) -> CLIError {
        // Exit 65: `file: ` then `heading` and each of `duplicates` as `place` words it.
        func duplicates<Duplicate>(
            in side: SnapshotSide, _ heading: String, _ duplicates: [Duplicate], more noun: String,
            _ place: (DiffSnapshotFile, Duplicate) -> String
        ) -> CLIError {
            let file = side == .old ? old : new
            return .dataError(
                "\(file.displayName): \(heading)"
                    + bounded(duplicates, more: "more \(noun)", separator: "; ") { place(file, $0) } + ".")
        }
        switch error {
        case .duplicateIDs(let side, let list):
            let noun = list.count == 1 ? "duplicate ID" : "duplicate IDs"
            return duplicates(in: side, noun + " ", list, more: "duplicate IDs") { file, duplicate in
                "\(shown(duplicate.id, file.jsonText)) at offsets "
                    + bounded(duplicate.offsets, more: "more offsets") { offset in
                        file.line(at: offset).map { "\(offset) (line \($0))" } ?? "\(offset)"
                    }
            }
        case .duplicateSectionIDs(let side, let list):
            return duplicates(in: side, "", list, more: "duplicate section IDs") { file, duplicate in
                "duplicate section ID \(shown(duplicate.id, JSONText.quote)) at sections "
                    + bounded(duplicate.offsets, more: "more sections") {
                        "\($0) (line \((file.sections ?? [])[$0].line))"
                    }
            }
        case .duplicateItemIDs(let side, let list):
            return duplicates(in: side, "", list, more: "duplicate item IDs") { file, duplicate in
                "duplicate item ID \(shown(duplicate.id, JSONText.quote)) at "
                    + bounded(duplicate.positions, more: "more positions") { position in
                        let line = file.line(at: (file.sections ?? [])[position.section].start + position.item)
                        return "[\(position.section), \(position.item)]" + (line.map { " (line \($0))" } ?? "")
                    }
            }
        default:
            return CLIError(.checkFailed, "\(old.displayName) -> \(new.displayName): \(error)")
        }
    }

    /// How many duplicates a message names, and how many places of each.
    static let shownDuplicates = 10

    /// The first ``shownDuplicates`` of `items` as `render` words them,
    /// joined by `separator`, then `, and N <more>` for the rest.
    private static func bounded<Item>(
        _ items: [Item], more: String, separator: String = ", ", _ render: (Item) -> String
    ) -> String {
        let text = items.prefix(shownDuplicates).map(render).joined(separator: separator)
        let rest = items.count - shownDuplicates
        return rest > 0 ? text + "\(separator)and \(rest) \(more)" : text
    }

    /// `id` as `quote` writes it, cut to its first
    /// `MessageText.shownCharacters` characters (then `…`) when longer, as
    /// other messages cut what they quote.
    ///
    /// - Complexity: O(`MessageText.shownCharacters`): the rest is never read.
    private static func shown(_ id: String, _ quote: (String) -> String) -> String {
        guard let end = id.index(id.startIndex, offsetBy: MessageText.shownCharacters, limitedBy: id.endIndex),
            end < id.endIndex
        else { return quote(id) }
        return quote(String(id[..<end])) + "…"
    }

    /// Throws unless both files are sectioned (an empty array counts as
    /// zero sections).
    ///
    /// - Throws: exit 65 naming the flat file.
    package static func requireSameShape(_ old: DiffSnapshotFile, _ new: DiffSnapshotFile) throws(CLIError) {
        for (file, other) in [(old, new), (new, old)] where file.sections == nil && !file.ids.isEmpty {
            throw .dataError(
                "\(file.displayName) is a flat array of IDs but \(other.displayName) holds sections: "
                    + "both snapshots must be flat or both sectioned.")
        }
    }
}
