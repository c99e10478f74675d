/// `updatecheck plan`: turn the diff of two snapshot files into the ordered
/// calls of one UI toolkit, replayed on that toolkit's model.
package enum PlanCommand {
    /// The `plan` command.
    package static let command = Command(
        name: "plan",
        abstract: "Turn a diff into the ordered calls of a UI toolkit.",
        discussion: """
            Each file holds a JSON array of string IDs, or of objects with a string "id";
            an object's other members are its content, and kept IDs whose content differs
            are refreshed. The calls are grouped in batches (one performBatchUpdates block,
            one beginUpdates/endUpdates pair, one dispatch, one apply) and replayed on the
            adapter's toolkit model. 'updatecheck adapters' lists the adapters. With
            --format svg it draws both lists side by side, kept items joined, and the calls.
            Exit codes: 0 done; 1 the calls fail on the model; 64 missing or unknown
            --adapter; 65 bad JSON or duplicate IDs (naming file and offset); 66 a file is missing.
            """,
        arguments: [
            ArgumentSpec("old", help: "The snapshot before the change (JSON file)."),
            ArgumentSpec("new", help: "The snapshot after the change (JSON file)."),
        ],
        options: [
            .value("adapter", name: "name", help: "The adapter: uikit, appkit, recyclerview, diffable, or a variant."),
            .value("format", name: "format", help: "Output format: text (default), json, or svg (a picture)."),
        ],
        action: { invocation throws(CLIError) in try PlanRun.run(invocation) })
}
