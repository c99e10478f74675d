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
            .value("format", name: "format", help: "Output format: text (default) or json.")
        ],
        subcommands: [exhaustive],
        action: { invocation throws(CLIError) in try DiffPairRun.run(invocation) })

    /// The `diff exhaustive` command.
    package static let exhaustive = Command(
        name: "exhaustive",
        abstract: "Verify every ordered pair of ordered selections of k IDs.",
        discussion: """
            k=4: 65 snapshots, 4,225 pairs; k=5: 326 and 106,276; k=6: 1,957 and 3,829,849.
            Every pair is checked: the diff reaches new, the diff with paired moves reaches
            new, the inverse restores old, the moves are minimal. The standard library's
            applying cross-checks every pair up to 16,384 pairs, then about 16,384 pairs
            spread evenly. Runs on every core. Exit codes: 0 all passed; 1 a pair failed.
            """,
        options: [
            .value("ids", name: "k", help: "The number of distinct IDs, 1 to 8 (required)."),
            .value("shard", name: "i/n", help: "Run only shard i of n (by old snapshot); default 1/1."),
            .value(
                "cross-check-every", name: "n",
                help: "Cross-check every n-th pair with the standard library (1: every pair)."),
            JUnitOutput.option,
        ],
        action: { invocation throws(CLIError) in try DiffExhaustiveRun.run(invocation) })
}
