import BatchUpdate
import UpdateCheckSupport

/// The machine-readable output of `updatecheck plan --format json`.
package enum PlanJSONReport {
    /// One JSON object, members in a fixed order, one call per line:
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
    package static func render(_ calls: PlannedCalls, plan: UpdatePlan<String>, adapter: AdapterEntry) -> String {
        var out = "{\n"
        out += "  \"adapter\": \(JSONText.quote(adapter.name)),\n"
        out +=
            "  \"policy\": {\"movedAndChanged\": \(JSONText.quote(adapter.policy.movedAndChanged.rawValue)), "
            + "\"refresh\": \(JSONText.quote(adapter.policy.refresh.rawValue))},\n"
        out +=
            "  \"counts\": {\"old\": \(plan.old.count), \"new\": \(plan.new.count), \"deleted\": \(plan.deletedCount), "
            + "\"inserted\": \(plan.insertedCount), \"moved\": \(plan.movedCount), \"changed\": \(plan.changedCount)},\n"
        if calls.batches.isEmpty {
            out += "  \"batches\": [],\n"
        } else {
            let batches = calls.batches.map { batch in
                "    [\n      " + batch.map(\.jsonText).joined(separator: ",\n      ") + "\n    ]"
            }
            out += "  \"batches\": [\n" + batches.joined(separator: ",\n") + "\n  ],\n"
        }
        out += "  \"verified\": \(calls.problem == nil),\n"
        out += "  \"problem\": \(calls.problem.map { JSONText.quote($0.description) } ?? "null")\n"
        return out + "}\n"
    }
}
