import BatchUpdate
import UpdateCheckIO
import UpdateCheckSupport

/// `updatecheck plan`: turn the diff of two snapshot files into the ordered
/// calls of one UI toolkit, replayed on that toolkit's model.
package enum PlanCommand {
    /// The `plan` command.
    package static let command = Command(
        name: "plan",
        abstract: "Turn a diff into the ordered calls of a UI toolkit.",
        discussion: """
            Each file holds a JSON array of string or integer IDs, or of objects with an "id";
            an object's other members are its content, and kept IDs whose content differs
            are refreshed. The calls are grouped in batches (one performBatchUpdates block,
            one beginUpdates/endUpdates pair, one dispatch, one apply) and replayed on the
            adapter's toolkit model. 'updatecheck adapters' lists the adapters. With
            --format svg it draws both lists side by side, kept items joined, and the calls.
            Sectioned files (as 'updatecheck diff' reads them) take a sectioned adapter
            (uikit-sections, appkit-sections, ...): the report counts sections and items, each
            batch names the sections it leaves, and the picture draws each section as a band
            holding its items, sections deleted, inserted and moved coloured.
            Exit codes: 0 done; 1 the calls fail on the model; 64 missing or unknown
            --adapter, or one of the other shape; 65 bad JSON, duplicate IDs (naming file and
            offset or lines) or a flat file against a sectioned one; 66 a file is missing.
            """,
        arguments: DiffCommand.snapshotArguments,
        options: [
            adapter.spec, format.spec,
        ],
        action: { invocation throws(CLIError) in try run(invocation) })

    /// `--adapter <name>`: the adapter whose calls are planned.
    static let adapter = Options.text(
        "adapter", name: "name",
        help: "The adapter: uikit, appkit, recyclerview, diffable, a variant, or a sectioned one.")

    /// `--format <format>`: text, JSON or a picture.
    static let format = Options.choice(
        "format", name: "format", from: ["text", "json", "svg"],
        help: "Output format: text (default), json, or svg (a picture).")

    /// Runs the command.
    ///
    /// - Throws: exit 64 for a missing or unknown `--adapter` or a bad
    ///   `--format`; exit 66 for a missing file; exit 65 naming the file and
    ///   offset for malformed JSON or duplicate IDs; exit 1 when the diff
    ///   fails its verification.
    /// - Returns: 0, or 1 when the calls fail on the adapter's model.
    package static func run(_ invocation: Invocation) throws(CLIError) -> ExitCode {
        guard let name = try adapter.value(in: invocation) else { throw .usage("Missing '--adapter <name>'.") }
        let catalog = AdapterCatalog(added: invocation.adapters)
        let sectioned = catalog.sectioned.first { $0.name == name }
        guard sectioned != nil || catalog.all.contains(where: { $0.name == name }) else {
            let names = (catalog.all.map(\.name) + catalog.sectioned.map(\.name)).joined(separator: ", ")
            throw .usage("Unknown value \(quoted: name) for '--adapter': expected one of \(names).")
        }
        let flat = sectioned == nil ? try catalog.named(name, option: "adapter") : nil
        let format = try Self.format.value(in: invocation) ?? "text"
        try CLIError.mapping { () throws(IOError) in try InputFile.checkStreamsReadOnce(invocation.positionals) }
        let (old, new) = try DiffSnapshotFile.readPair(invocation.positionals[0], invocation.positionals[1])
        let filesAreSectioned = old.sections != nil || new.sections != nil
        // An empty array is an empty list of either shape: no items, or no sections.
        let filesAreEmpty = old.sections == nil && old.ids.isEmpty && new.sections == nil && new.ids.isEmpty
        if let sectioned, filesAreSectioned || filesAreEmpty {
            let plan = try sectionedPlan(from: old, to: new)
            guard case .sectioned(let planCalls)? = sectioned.planner else { throw cannotPlan(sectioned) }
            let report = PlanReport(planCalls(plan), plan: plan, adapter: sectioned)
            return write(report, format: format, old: old, new: new, to: invocation.console) {
                PlanPicture(title: $0, plan: plan, batches: $1, notes: $2)
            }
        }
        if filesAreSectioned {
            try DiffCommand.requireSameShape(old, new)
            throw .usage(
                "\(quoted: name) plans flat lists, and the files hold sections: '--adapter' takes a sectioned adapter, "
                    + "one of \(catalog.sectioned.map(\.name).joined(separator: ", ")).")
        }
        guard let adapter = flat else {
            throw .usage(
                "\(quoted: name) plans sectioned lists, and the files are flat: give section objects or a flat adapter."
            )
        }
        let plan = try flatPlan(from: old, to: new)
        guard case .flat(let planCalls)? = adapter.planner else { throw cannotPlan(adapter) }
        let report = PlanReport(planCalls(plan), plan: plan, adapter: adapter)
        return write(report, format: format, old: old, new: new, to: invocation.console) {
            PlanPicture(title: $0, plan: plan, batches: $1, notes: $2)
        }
    }

    /// The error for an adapter that has no plans of string IDs (an adapter program).
    static func cannotPlan(_ adapter: AdapterEntry) -> CLIError {
        .usage("The adapter \(quoted: adapter.name) cannot plan files.")
    }

    /// Writes `report`, of a flat or a sectioned plan of `old` -> `new`, in
    /// `format`; for `svg`, the picture `draw` makes of the plan from its
    /// title, the calls batch by batch and what went wrong.
    ///
    /// - Returns: 1 when the calls failed on the adapter's model, else 0.
    static func write(
        _ report: PlanReport, format: String, old: DiffSnapshotFile, new: DiffSnapshotFile, to console: Console,
        _ draw: (_ title: String, _ batches: [[String]], _ notes: [String]) -> PlanPicture
    ) -> ExitCode {
        switch format {
        case "json": console.writeOut(report.json)
        case "svg":
            let title = "\(report.adapter): \(old.path) -> \(new.path)"
            let notes = report.problem.map { ["\(report.adapter): \($0.summary)"] } ?? []
            console.writeOut(SVGPlanRenderer.render(draw(title, report.batches.map { $0.map(\.description) }, notes)))
        default: console.writeOut(report.text)
        }
        return report.problem == nil ? .success : .checkFailed
    }

    /// The plan of two flat files: the verified diff, and the items whose
    /// content differs.
    ///
    /// - Throws: exit 65 for duplicate IDs (naming file and offsets); exit 1
    ///   when the diff fails its verification.
    static func flatPlan(from old: DiffSnapshotFile, to new: DiffSnapshotFile) throws(CLIError) -> UpdatePlan<String> {
        let oldIDs = old.idStrings
        let newIDs = new.idStrings
        let changes = try DiffCommand.changes(from: old, oldIDs: oldIDs, to: new, newIDs: newIDs)
        do {
            return try UpdatePlan(old: oldIDs, new: newIDs, changes: changes)
        } catch {
            throw CLIError(.checkFailed, "\(old.path) -> \(new.path): \(error)")
        }
    }

    /// The sectioned plan of two sectioned files: the verified diff, items
    /// whose content differs and sections whose own members differ.
    ///
    /// - Throws: exit 65 for a flat file against a sectioned one or
    ///   duplicate IDs (naming file and lines); exit 1 when the diff fails
    ///   its verification.
    static func sectionedPlan(from old: DiffSnapshotFile, to new: DiffSnapshotFile) throws(CLIError)
        -> SectionedUpdatePlan<String, String>
    {
        try DiffCommand.requireSameShape(old, new)
        let changes = try DiffCommand.changes(from: old, to: new)
        do {
            return try SectionedUpdatePlan(
                old: old.sectionedSnapshot(ids: old.idStrings), new: new.sectionedSnapshot(ids: new.idStrings),
                changedItems: Set(changes.itemUpdates.map { $0.id }),
                changedSections: Set(changes.sectionUpdates.map { $0.id }))
        } catch {
            throw CLIError(.checkFailed, "\(old.displayName) -> \(new.displayName): \(error)")
        }
    }
}
