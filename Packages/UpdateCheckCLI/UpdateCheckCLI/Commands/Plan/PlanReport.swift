import BatchUpdate
import UpdateCheckDiff
import UpdateCheckSupport

/// What `updatecheck plan` prints, flat or sectioned: the counts, each
/// batch's calls and the model replay's verdict, as text or as JSON.
///
/// A flat and a sectioned plan differ only in their counts (items, or
/// sections then items), in the sections each batch leaves (sectioned plans
/// only) and in the wording of the verdict; ``text`` and ``json`` lay both
/// out alike, so the two reports cannot drift apart.
package struct PlanReport: Sendable, Equatable {
    /// How many items (or sections) the old and new snapshots hold, and what
    /// the plan does to them.
    package struct Counts: Sendable, Equatable {
        /// In the old snapshot.
        package var old: Int
        /// In the new snapshot.
        package var new: Int
        /// Deleted.
        package var deleted: Int
        /// Inserted.
        package var inserted: Int
        /// Moved (the diff's minimal moves).
        package var moved: Int
        /// Kept with changed content.
        package var changed: Int

        /// `1 deleted, 1 inserted, 1 moved, 1 changed`.
        var text: String { "\(deleted) deleted, \(inserted) inserted, \(moved) moved, \(changed) changed" }

        /// `{"old": 3, "new": 3, "deleted": 1, "inserted": 1, "moved": 1, "changed": 1}`.
        var json: String {
            "{\"old\": \(old), \"new\": \(new), \"deleted\": \(deleted), \"inserted\": \(inserted), "
                + "\"moved\": \(moved), \"changed\": \(changed)}"
        }
    }

    /// A failed replay: the message of the text report, and the fuller one
    /// of the JSON's `problem`.
    package struct Problem: Sendable, Equatable {
        /// The text report's message.
        package var summary: String
        /// The JSON report's `problem`.
        package var detail: String
    }

    /// The adapter's name.
    package var adapter: String
    /// The policy the adapter is held to.
    package var policy: AdapterPolicy
    /// The items' counts.
    package var items: Counts
    /// The sections' counts of a sectioned plan; `nil` for a flat one.
    package var sections: Counts?
    /// The calls, one list per batch.
    package var batches: [[CallRecord]]
    /// What the data source holds after each batch, one per batch for a
    /// sectioned plan; empty for a flat one.
    package var after: [SectionedSnapshot<String, String>]
    /// What the model replay found wrong, or `nil` when the calls are right.
    package var problem: Problem?

    /// The report of a flat adapter's `calls` for `plan`.
    package init(_ calls: PlannedCalls, plan: UpdatePlan<String>, adapter: AdapterEntry) {
        self.adapter = adapter.name
        policy = adapter.policy
        items = Counts(
            old: plan.old.count, new: plan.new.count, deleted: plan.deletedCount, inserted: plan.insertedCount,
            moved: plan.movedCount, changed: plan.changedCount)
        sections = nil
        batches = calls.batches
        after = calls.after
        problem = calls.problem
    }

    /// The report of a sectioned adapter's `calls` for `plan`.
    package init(
        _ calls: PlannedCalls, plan: SectionedUpdatePlan<String, String>, adapter: AdapterEntry
    ) {
        let diff = plan.diff
        self.adapter = adapter.name
        policy = adapter.policy
        items = Counts(
            old: plan.old.itemCount, new: plan.new.itemCount, deleted: diff.itemDeletions.count,
            inserted: diff.itemInsertions.count, moved: diff.itemMoves.count, changed: plan.changedItems.count)
        sections = Counts(
            old: plan.old.sections.count, new: plan.new.sections.count, deleted: diff.sections.deletions.count,
            inserted: diff.sections.insertions.count, moved: diff.sections.moves.count,
            changed: plan.changedSections.count)
        batches = calls.batches
        after = calls.after
        problem = calls.problem
    }

    /// The counts, the calls batch by batch (with the sections each leaves,
    /// for a sectioned plan) and the verdict:
    ///
    ///     uikit: 1 deleted, 1 inserted, 1 moved, 1 changed (3 → 3 items)
    ///     batch 1:
    ///       deleteItems(at: [[0, 1]])
    ///       …
    ///     Replayed on the uikit model: shows the new snapshot, refreshes every changed item and keeps …
    ///
    /// or, sectioned:
    ///
    ///     uikit-sections: sections 1 deleted, 0 inserted, 1 moved, 0 changed (3 → 2);
    ///       items 1 deleted, 1 inserted, 1 moved, 1 changed (4 → 4)
    ///     batch 1 (→ [T: c a | S: b]):
    ///       deleteSections([2])
    ///       …
    ///     Replayed on the uikit-sections model: shows the new sections and items, …
    package var text: String {
        var lines: [String]
        let shows: String
        if let sections {
            lines = [
                "\(adapter): sections \(sections.text) (\(sections.old) → \(sections.new)); "
                    + "items \(items.text) (\(items.old) → \(items.new))"
            ]
            shows = "the new sections and items, refreshes every changed section and item"
        } else {
            lines = ["\(adapter): \(items.text) (\(items.old) → \(items.new) items)"]
            shows = "the new snapshot, refreshes every changed item"
        }
        if batches.isEmpty { lines.append("no calls: nothing changed") }
        for (index, batch) in batches.enumerated() {
            lines.append(
                index < after.count ? "batch \(index + 1) (→ \(after[index].description)):" : "batch \(index + 1):")
            lines += batch.map { "  \($0)" }
        }
        if let problem {
            lines.append("Replayed on the \(adapter) model: FAILED: \(problem.summary)")
        } else {
            lines.append(
                "Replayed on the \(adapter) model: shows \(shows) and keeps every cell its policy keeps (\(policy)).")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One JSON object, members in a fixed order, one call per line; a
    /// sectioned plan splits `counts` into `sections` and `items` and gives
    /// each batch's resulting sections in `after`, as data: one array per
    /// batch of `{"section": "S", "items": ["a", "b"]}`:
    ///
    ///     {
    ///       "adapter": "uikit",
    ///       "policy": {"movedAndChanged": "move-then-refresh", "refresh": "reconfigure"},
    ///       "counts": {"old": 3, "new": 3, "deleted": 1, "inserted": 1, "moved": 1, "changed": 1},
    ///       "batches": [
    ///         [
    ///           {"method": "deleteItems", "arguments": {"at": [{"section": 0, "item": 1}]}},
    ///           …
    ///         ]
    ///       ],
    ///       "verified": true,
    ///       "problem": null
    ///     }
    package var json: String {
        var out = "{\n"
        out += "  \"adapter\": \(JSONText.quote(adapter)),\n"
        out +=
            "  \"policy\": {\"movedAndChanged\": \(JSONText.quote(policy.movedAndChanged.rawValue)), "
            + "\"refresh\": \(JSONText.quote(policy.refresh.rawValue))},\n"
        if let sections {
            out += "  \"counts\": {\"sections\": \(sections.json), \"items\": \(items.json)},\n"
        } else {
            out += "  \"counts\": \(items.json),\n"
        }
        if batches.isEmpty {
            out += "  \"batches\": [],\n"
        } else {
            let lists = batches.map { batch in
                "    [\n      " + batch.map(\.jsonText).joined(separator: ",\n      ") + "\n    ]"
            }
            out += "  \"batches\": [\n" + lists.joined(separator: ",\n") + "\n  ],\n"
        }
        if sections != nil {
            let lists = after.map { snapshot in
                "    ["
                    + snapshot.sections.map { section in
                        "{\"section\": \(JSONText.quote(section.id)), \"items\": ["
                            + section.items.map(JSONText.quote).joined(separator: ", ") + "]}"
                    }.joined(separator: ", ") + "]"
            }
            out +=
                lists.isEmpty ? "  \"after\": [],\n" : "  \"after\": [\n" + lists.joined(separator: ",\n") + "\n  ],\n"
        }
        out += "  \"verified\": \(problem == nil),\n"
        out += "  \"problem\": \(problem.map { JSONText.quote($0.detail) } ?? "null")\n"
        return out + "}\n"
    }
}
