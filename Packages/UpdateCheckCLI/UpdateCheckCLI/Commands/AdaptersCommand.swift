/// `updatecheck adapters`: list the built-in adapters, and prove them on
/// their toolkit models.
package enum AdaptersCommand {
    /// The `adapters` command.
    package static let command = Command(
        name: "adapters",
        abstract: "List the built-in adapters and prove them on their toolkit models.",
        discussion: """
            Prints each adapter's toolkit semantics and policy: what it does with an item that
            is both moved and changed, and whether a refresh keeps the cell.
            """,
        subcommands: [check],
        action: { invocation throws(CLIError) in
            invocation.console.writeOut(AdaptersList.render())
            return .success
        })

    /// The `adapters check` command.
    package static let check = Command(
        name: "check",
        abstract: "Prove adapters with the conformance kit.",
        discussion: """
            For every ordered pair of snapshots over up to k IDs (with every subset of kept
            items marked changed when at most 4 are kept; otherwise none, all, the moved and the
            unmoved ones) and for random pairs from a seed, the adapter's calls are replayed on
            its toolkit model: they must show exactly the new snapshot, refresh every changed
            item and no other, keep or replace cells as the adapter's policy says, and never
            raise the toolkit's error. A failure names the smallest failing case and the calls.
            Without names, the four default adapters are checked. Runs on every core.
            Exit codes: 0 all passed; 1 an adapter failed; 64 bad usage; 73 the report
            cannot be written.
            """,
        arguments: [
            ArgumentSpec(
                "name", help: "Adapters to check (default: the four defaults).", isOptional: true, isRepeating: true)
        ],
        options: [
            .value("ids", name: "k", help: "Every pair over up to k IDs, 0 to 6 (default 4; 5 = 106,276 pairs)."),
            .value("random", name: "n", help: "Also check n random pairs (default 0)."),
            .value("max-items", name: "n", help: "The largest random snapshot (default 1000)."),
            .value("seed", name: "s", help: "The seed of the random pairs (default 0)."),
            .value("shard", name: "i/n", help: "Run only shard i of n (by group); default 1/1."),
            JUnitOutput.option,
        ],
        action: { invocation throws(CLIError) in try AdaptersCheckRun.run(invocation) })
}
