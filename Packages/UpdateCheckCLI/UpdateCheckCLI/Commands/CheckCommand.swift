import JUnitReporter
import ListDiff
import StateExplorer

/// `updatecheck check`: the main job. Runs the built-in suite on an embedded
/// default, with no input files: the suites of `Suites/`, run by `SuiteRunner`.
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
        action: { invocation throws(CLIError) in try run(invocation) })

    /// The `<testsuites name>` of the JUnit report.
    package static let reportName = "updatecheck check"

    /// Runs the command.
    ///
    /// - Returns: exit 0 when every case passed, 1 otherwise.
    /// - Throws: exit 64 for a bad option; exit 73 when the JUnit report
    ///   cannot be written (the summary is printed first).
    static func run(_ invocation: Invocation) throws(CLIError) -> ExitCode {
        let options = try CheckOptions(invocation)
        return try run(BuiltInSuites.make(options), options: options, console: invocation.console)
    }

    /// Runs `suites` with `options`: the body of the command, open to tests
    /// that bring their own suites.
    package static func run(_ suites: [CheckSuite], options: CheckOptions, console: Console) throws(CLIError)
        -> ExitCode
    {
        let run = try SuiteRunner(shard: options.shard, console: console, progress: .perSuite).run(suites)
        console.writeOut(SuiteSummary.text(run, replay: options.replayLine))
        if let path = options.junitPath {
            try SuiteReport.write(run, name: reportName, common: options.replayProperties, to: path)
        }
        return run.exitCode
    }
}

/// The options of `updatecheck check`, parsed and checked.
package struct CheckOptions: Sendable, Equatable {
    /// The seed used when `--seed` is not given, so that two plain runs are identical.
    package static let defaultSeed: UInt64 = 1
    /// The number of distinct IDs of the exhaustive diff when `--ids` is not given.
    package static let defaultIDs = 5
    /// The accepted `--ids`: beyond 6 the conformance kit's pairs (times
    /// their changed subsets) run into the billions.
    package static let idRange = 1...6
    /// The number of records of the state exploration when `--records` is not given.
    package static let defaultRecords = 2

    /// `--ids`: distinct IDs of the exhaustive diff.
    package var ids: Int
    /// `--records`: records of the state exploration.
    package var records: Int
    /// `--shard`: the part of the run to do.
    package var shard: Shard
    /// `--only`: the areas to run, in suite order; every area when not given.
    package var areas: [CheckArea]
    /// `--seed`: the seed of every random part, printed in every report.
    package var seed: UInt64
    /// `--junit`: where to write the JUnit report, if anywhere.
    package var junitPath: String?

    /// Creates options; the defaults are those of a plain `updatecheck check`.
    package init(
        ids: Int = CheckOptions.defaultIDs, records: Int = CheckOptions.defaultRecords, shard: Shard = .whole,
        areas: [CheckArea] = CheckArea.allCases,
        seed: UInt64 = CheckOptions.defaultSeed, junitPath: String? = nil
    ) {
        self.ids = ids
        self.records = records
        self.shard = shard
        self.areas = areas
        self.seed = seed
        self.junitPath = junitPath
    }

    /// Reads the options of an invocation.
    ///
    /// - Throws: exit 64 naming the option for a value out of range, a
    ///   malformed shard or seed, or an unknown area.
    package init(_ invocation: Invocation) throws(CLIError) {
        self.init()
        ids = try invocation.integer("ids", in: Self.idRange) ?? Self.defaultIDs
        records =
            try invocation.integer("records", in: ExplorerConfiguration.recordRange) ?? Self.defaultRecords
        if let text = invocation.value("shard") {
            guard let parsed = Shard(text) else {
                throw .usage("Invalid value '\(text)' for '--shard': expected i/n with 1 <= i <= n, e.g. 2/4.")
            }
            shard = parsed
        }
        let only = invocation.allValues("only")
        if !only.isEmpty {
            var chosen: Set<CheckArea> = []
            for value in only {
                for name in value.split(separator: ",", omittingEmptySubsequences: false) {
                    guard let area = CheckArea(rawValue: String(name)) else {
                        let names = CheckArea.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
                        throw .usage("Invalid value '\(value)' for '--only': expected one or more of \(names).")
                    }
                    chosen.insert(area)
                }
            }
            areas = chosen.sorted()
        }
        if let text = invocation.value("seed") {
            guard let number = UInt64(text) else {
                throw .usage("Invalid value '\(text)' for '--seed': expected a whole number from 0 to \(UInt64.max).")
            }
            seed = number
        }
        junitPath = invocation.value("junit")
    }

    /// The run-wide properties every suite of the report carries: seed,
    /// shard, ids, records (and only, when given), so a run can be replayed.
    package var replayProperties: [JUnitProperty] {
        var properties = [
            JUnitProperty(name: "seed", value: String(seed)),
            JUnitProperty(name: "shard", value: shard.description),
            JUnitProperty(name: "ids", value: String(ids)),
            JUnitProperty(name: "records", value: String(records)),
        ]
        if areas != CheckArea.allCases {
            properties.append(JUnitProperty(name: "only", value: areas.map(\.rawValue).joined(separator: ",")))
        }
        return properties
    }

    /// The same options as a line of the summary: `seed 1, shard 1/1, ids 5,
    /// records 2` (and `only …` when given).
    package var replayLine: String {
        var parts = ["seed \(seed)", "shard \(shard)", "ids \(ids)", "records \(records)"]
        if areas != CheckArea.allCases {
            parts.append("only \(areas.map(\.rawValue).joined(separator: ","))")
        }
        return parts.joined(separator: ", ")
    }
}
