import BatchUpdate

/// `updatecheck plan OLD NEW --adapter NAME`: reads two snapshot files,
/// plans the update, and prints the adapter's calls, replayed on its model
/// (as text, JSON, or an SVG picture of both lists and the calls).
package enum PlanRun {
    /// Runs the command.
    ///
    /// - Throws: exit 64 for a missing or unknown `--adapter` or a bad
    ///   `--format`; exit 66 for a missing file; exit 65 naming the file and
    ///   offset for malformed JSON or duplicate IDs; exit 1 when the diff
    ///   fails its verification.
    /// - Returns: 0, or 1 when the calls fail on the adapter's model.
    package static func run(_ invocation: Invocation) throws(CLIError) -> ExitCode {
        guard let name = invocation.value("adapter") else { throw .usage("Missing '--adapter <name>'.") }
        let adapter = try BuiltInAdapters.named(name, option: "adapter")
        let format = try invocation.choice("format", from: ["text", "json", "svg"]) ?? "text"
        let old = try DiffSnapshotFile.read(at: invocation.positionals[0])
        let new = try DiffSnapshotFile.read(at: invocation.positionals[1])
        let changes = try DiffPairRun.changes(from: old, to: new)
        let plan: UpdatePlan<String>
        do {
            plan = try UpdatePlan(old: old.ids, new: new.ids, changes: changes)
        } catch {
            throw CLIError(.checkFailed, "\(old.path) -> \(new.path): \(error)")
        }
        let calls = adapter.plan(plan)
        switch format {
        case "json": invocation.console.writeOut(PlanJSONReport.render(calls, plan: plan, adapter: adapter))
        case "svg":
            let picture = PlanPicture(
                title: "\(adapter.name): \(old.path) -> \(new.path)", plan: plan,
                batches: calls.batches.map { $0.map(\.description) },
                notes: calls.problem.map { ["\(adapter.name): \($0)"] } ?? [])
            invocation.console.writeOut(SVGPlanRenderer.render(picture))
        default: invocation.console.writeOut(PlanTextReport.render(calls, plan: plan, adapter: adapter))
        }
        return calls.problem == nil ? .success : .checkFailed
    }
}
