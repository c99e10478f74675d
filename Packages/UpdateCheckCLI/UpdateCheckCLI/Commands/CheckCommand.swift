/// `updatecheck check`: the main job. Runs the built-in suite on an embedded
/// default, with no input files; the logic lives in `Commands/Check/`.
package enum CheckCommand {
    /// The `check` command.
    package static let command = Command(
        name: "check",
        abstract: "Run the built-in suite: seed checks, state exploration, exhaustive diffs, adapter conformance.",
        discussion: """
            Runs, with no input files: the favourite-button article's scenario; every
            interleaving of events on the real state machine, to a fixed point, for
            --records records with two values and for one record with three; the list
            article's fixed pairs and its 65 x 65 run; every pair of ordered selections of
            --ids IDs; the conformance kit for each built-in adapter (every pair of --ids
            IDs, then 1000 random pairs of up to 1000 items from --seed). Prints a table of
            suites (cases, failures, seconds) and a closing 'N passed, N failed' line; a
            progress line is drawn on a terminal only. A failing adapter case also writes
            a picture of its pair next to the JUnit report, linked from its system-out.

            --shard i/n numbers the cases of all suites in order and runs those whose
            number is i-1 modulo n: the shards of one n run every case exactly once, and
            'updatecheck junit merge' of their reports holds the cases of one whole run.
            Every report carries the seed, shard, ids and records as suite properties.

            Exit codes: 0 every case passed; 1 a case failed; 64 bad usage;
            73 the JUnit report or a picture cannot be written.
            """,
        options: [
            .value(
                "ids", name: "k",
                help: "Distinct IDs of the exhaustive diff and the adapters' pairs, 1 to 6 (default 5)."),
            .value("records", name: "r", help: "Records of the state exploration, 1 to 3 (default 2)."),
            .value("shard", name: "i/n", help: "Run only shard i of n of the cases (default 1/1)."),
            .value(
                "only", name: "area", help: "Run only these areas: state, diff, adapters (repeatable or comma list).",
                repeatable: true),
            .value("seed", name: "s", help: "Seed of the random parts and trace salt (default 1)."),
            JUnitOutput.option,
        ],
        action: { invocation throws(CLIError) in try CheckRun.run(invocation) })
}
