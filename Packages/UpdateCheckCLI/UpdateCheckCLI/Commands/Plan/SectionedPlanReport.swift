import BatchUpdate
import ListDiff
import UpdateCheckSupport

/// `updatecheck plan` on sectioned snapshot files: the verified sectioned
/// plan, and the text and JSON reports of a sectioned adapter's batches.
package enum SectionedPlanReport {
    /// The sectioned plan of two sectioned files: the verified diff, items
    /// whose content differs and sections whose own members differ.
    ///
    /// - Throws: exit 65 for a flat file against a sectioned one or
    ///   duplicate IDs (naming file and lines); exit 1 when the diff fails
    ///   its verification.
    package static func plan(from old: DiffSnapshotFile, to new: DiffSnapshotFile) throws(CLIError)
        -> SectionedUpdatePlan<String, String>
    {
        try DiffCommand.requireSameShape(old, new)
        let changes = try SectionedDiffReport.changes(from: old, to: new)
        do {
            return try SectionedUpdatePlan(
                old: SectionedDiffReport.snapshot(of: old, ids: old.idStrings),
                new: SectionedDiffReport.snapshot(of: new, ids: new.idStrings),
                changedItems: Set(changes.itemUpdates.map { $0.id }),
                changedSections: Set(changes.sectionUpdates.map { $0.id }))
        } catch {
            throw CLIError(.checkFailed, "\(old.displayName) -> \(new.displayName): \(error)")
        }
    }

    /// The counts of a sectioned plan, sections then items.
    struct Counts {
        var sections: (old: Int, new: Int, deleted: Int, inserted: Int, moved: Int, changed: Int)
        var items: (old: Int, new: Int, deleted: Int, inserted: Int, moved: Int, changed: Int)

        init(_ plan: SectionedUpdatePlan<String, String>) {
            let diff = plan.diff
            sections = (
                plan.old.sections.count, plan.new.sections.count, diff.sections.deletions.count,
                diff.sections.insertions.count, diff.sections.moves.count, plan.changedSections.count
            )
            items = (
                plan.old.itemCount, plan.new.itemCount, diff.itemDeletions.count, diff.itemInsertions.count,
                diff.itemMoves.count, plan.changedItems.count
            )
        }
    }

    /// The counts, each batch's calls with the sections the data source
    /// holds after it, and the model replay's verdict:
    ///
    ///     uikit-sections: sections 1 deleted, 0 inserted, 1 moved, 0 changed (3 → 2);
    ///       items 1 deleted, 1 inserted, 1 moved, 1 changed (4 → 4)
    ///     batch 1 (→ [T: c a | S: b]):
    ///       deleteSections([2])
    ///       …
    ///     Replayed on the uikit-sections model: shows the new sections and items, …
    package static func text(
        _ calls: SectionedPlannedCalls, plan: SectionedUpdatePlan<String, String>, adapter: SectionedAdapterEntry
    ) -> String {
        let counts = Counts(plan)
        let s = counts.sections
        let i = counts.items
        var lines = [
            "\(adapter.name): sections \(s.deleted) deleted, \(s.inserted) inserted, \(s.moved) moved, "
                + "\(s.changed) changed (\(s.old) → \(s.new)); items \(i.deleted) deleted, \(i.inserted) inserted, "
                + "\(i.moved) moved, \(i.changed) changed (\(i.old) → \(i.new))"
        ]
        if calls.batches.isEmpty { lines.append("no calls: nothing changed") }
        for (index, batch) in calls.batches.enumerated() {
            lines.append("batch \(index + 1) (→ \(calls.sections[index])):")
            lines += batch.map { "  \($0)" }
        }
        if let problem = calls.problem {
            lines.append("Replayed on the \(adapter.name) model: FAILED: \(problem.message)")
        } else {
            lines.append(
                "Replayed on the \(adapter.name) model: shows the new sections and items, refreshes every changed "
                    + "section and item and keeps every cell its policy keeps (\(adapter.policy)).")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One JSON object, members in a fixed order, one call per line: as
    /// ``PlanJSONReport`` with `counts` split into `sections` and `items`,
    /// and each batch's resulting sections in `after`:
    ///
    ///     {
    ///       "adapter": "uikit-sections",
    ///       "policy": {"movedAndChanged": "move-then-refresh", "refresh": "reconfigure"},
    ///       "counts": {"sections": {"old": 3, …}, "items": {"old": 4, …}},
    ///       "batches": [
    ///         [
    ///           {"method": "deleteSections", "arguments": {"sections": [2]}},
    ///           …
    ///         ]
    ///       ],
    ///       "after": ["[T: c a | S: b]"],
    ///       "verified": true,
    ///       "problem": null
    ///     }
    package static func json(
        _ calls: SectionedPlannedCalls, plan: SectionedUpdatePlan<String, String>, adapter: SectionedAdapterEntry
    ) -> String {
        let counts = Counts(plan)
        func object(_ c: (old: Int, new: Int, deleted: Int, inserted: Int, moved: Int, changed: Int)) -> String {
            "{\"old\": \(c.old), \"new\": \(c.new), \"deleted\": \(c.deleted), \"inserted\": \(c.inserted), "
                + "\"moved\": \(c.moved), \"changed\": \(c.changed)}"
        }
        var out = "{\n"
        out += "  \"adapter\": \(JSONText.quote(adapter.name)),\n"
        out +=
            "  \"policy\": {\"movedAndChanged\": \(JSONText.quote(adapter.policy.movedAndChanged.rawValue)), "
            + "\"refresh\": \(JSONText.quote(adapter.policy.refresh.rawValue))},\n"
        out += "  \"counts\": {\"sections\": \(object(counts.sections)), \"items\": \(object(counts.items))},\n"
        if calls.batches.isEmpty {
            out += "  \"batches\": [],\n"
        } else {
            let batches = calls.batches.map { batch in
                "    [\n      " + batch.map(\.jsonText).joined(separator: ",\n      ") + "\n    ]"
            }
            out += "  \"batches\": [\n" + batches.joined(separator: ",\n") + "\n  ],\n"
        }
        out += "  \"after\": [" + calls.sections.map(JSONText.quote).joined(separator: ", ") + "],\n"
        out += "  \"verified\": \(calls.problem == nil),\n"
        out += "  \"problem\": \(calls.problem.map { JSONText.quote($0.description) } ?? "null")\n"
        return out + "}\n"
    }
}
