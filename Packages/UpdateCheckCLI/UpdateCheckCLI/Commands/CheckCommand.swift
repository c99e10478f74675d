import JUnitReporter
import StateExplorer
import UpdateCheckDiff
import UpdateCheckIO

/// `updatecheck check`: the main job. Runs the built-in suite on an embedded
/// default, with no input files: the suites of `Suites/`, run by `SuiteRunner`.
package enum CheckCommand {
    /// The `check` command.
    package static let command = Command(
        name: "check",
        abstract: "Run the built-in suite: seed checks, state exploration, exhaustive diffs, adapter conformance.",
        discussion: """
            Runs, with no input files: the favourite-button scenario (optimistic taps, failed
            and uncertain writes); every interleaving of events on the real state machine, to a
            fixed point, for --records records with two values and for one record with three;
            the fixed pairs of the list-change rules and their 65 x 65 run; every pair of
            ordered selections of --ids IDs; every pair of sectioned snapshots of 2 sections and up to 4 of the
            --ids items, and of 3 sections and up to 3 (where one update can delete a section,
            insert another and keep a third); the conformance kit for each default adapter (every pair of --ids
            IDs, then 1000 random pairs of up to 1000 items from --seed, which also salts
            the traces; 'adapters check' leaves the random pairs out unless --random is
            given); the sectioned kit for each sectioned adapter (every pair of 3
            sections and up to 3 items, then 100 random sectioned pairs). The built-in
            adapters' pairs start from one old snapshot per renaming of its IDs, which
            stands for every pair of an adapter that only compares IDs; a team's adapters
            get every old snapshot (of 2 sections for sectioned ones). Prints a table of suites (cases, failures,
            seconds) and a closing 'N passed, N failed' line. On a terminal a progress line
            is drawn; in CI logs and pipes a line per suite is printed as it finishes. A
            failing adapter case also writes a picture of its pair next to the JUnit
            report, linked from its system-out.

            --shard i/n numbers the cases of all suites in order and runs those whose
            number is i-1 modulo n: the shards of one n run every case exactly once, and
            'updatecheck junit merge' of their reports holds the cases of one whole run.
            Every report carries the seed, shard, ids and records as suite properties.

            The adapter programs of a manifest (--config FILE, or ./updatecheck.json when
            present; without one, check says where it looked) run as suites after the
            built-in adapters, proven like them (a program on a sectioned model like the
            sectioned adapters); a program that does not start or declares another policy
            than its manifest fails its own cases, and the run goes on.

            --summary FILE appends a Markdown summary to FILE (on GitHub Actions,
            "$GITHUB_STEP_SUMMARY"): the table, and each failing case with its smallest
            case and calls. The folders of the JUnit report and the summary are created if
            missing; a path that cannot be written stops the run before any check (exit 73).

            Exit codes: 0 every case passed; 1 a case failed; 64 bad usage; 65 the manifest
            is malformed; 66 the --config file is missing; 73 the JUnit report, the summary
            or a picture cannot be created; 74 writing it failed (a full disk);
            129, 130 or 143 on SIGHUP, SIGINT or SIGTERM (its programs are ended first).
            """,
        options: [
            CheckOptions.ids.spec, Options.records.spec, Options.shard.spec, Options.areas.spec,
            Options.seed.spec, Options.config.spec, Options.junit.spec, Options.summary.spec,
        ],
        action: { invocation throws(CLIError) in try run(invocation) })

    /// The `<testsuites name>` of the JUnit report.
    package static let reportName = "updatecheck check"

    /// Runs the command.
    ///
    /// - Returns: exit 0 when every case passed, 1 otherwise.
    /// - Throws: exit 64 for a bad option; exit 65 or 66 for a malformed or
    ///   missing manifest; exit 73 when the JUnit report cannot be written
    ///   (the summary is printed first).
    static func run(_ invocation: Invocation) throws(CLIError) -> ExitCode {
        let options = try CheckOptions(invocation)
        let outputs = [("junit", options.junitPath), ("summary", options.summaryPath)].compactMap { option, path in
            path.map { (option: option, path: OutputPath($0)!) }
        }
        let manifest = try AdapterCatalog.manifestInputs(invocation)
        if !outputs.isEmpty {
            try invocation.prepareOutputs(outputs, inputs: manifest)
        }
        if let path = options.summaryPath {
            try CLIError.mapping { () throws(IOError) in try AtomicFile.checkAppendable(path) }
        }
        let catalog = try AdapterCatalog(invocation)
        let suites = try BuiltInSuites.make(options) + teamSuites(catalog, options: options)
        if let path = options.junitPath, let pictures = PictureFolder.beside(path) {
            let adapterSuites = suites.filter { $0.area == .adapters }
            let adapters = adapterSuites.isEmpty ? [] : catalog.all.map(\.name) + catalog.sectioned.map(\.name)
            try pictures.checkNames(report: path, adapters: adapters, cases: adapterSuites.map(\.caseCount).max() ?? 0)
            let summary = options.summaryPath.map { [(what: "'--summary \($0)'", path: $0)] } ?? []
            try pictures.checkOverwrites(
                of: summary + manifest.map { (what: "the manifest \($0)", path: $0) }, report: path, adapters: adapters)
        }
        // Said only once every check before the run has passed, so a refused run prints nothing.
        if options.areas.contains(.adapters), catalog.plugged.isEmpty, try Options.config.value(in: invocation) == nil,
            let line = AdapterManifest.noneFoundLine()
        {
            invocation.console.line(line)
        }
        return try run(suites, options: options, console: invocation.console)
    }

    /// The suites of a team's adapters (area `adapters`): those its own CLI
    /// adds, then its manifest's programs, proven as the built-in adapters
    /// are (on `randomPairs` random pairs), with pictures of failing cases;
    /// then the manifest's programs on a sectioned model, proven as the
    /// built-in sectioned adapters are. Then the suites of a team's stores
    /// (area `state`): those its own CLI adds, then its manifest's store
    /// programs, each explored as the built-in store is (`--records`).
    package static func teamSuites(
        _ catalog: AdapterCatalog, options: CheckOptions, randomPairs: Int = AdapterConformanceSuite.randomPairs
    ) -> [CheckSuite] {
        var suites: [CheckSuite] = []
        if options.areas.contains(.adapters) {
            let programs = catalog.plugged.map(\.entry)
            suites += BuiltInSuites.adapterSuites(
                catalog.added + programs.filter { $0.shape == .flat } + programs.filter { $0.shape == .sectioned },
                options: options, randomPairs: randomPairs)
        }
        if options.areas.contains(.state) {
            let configurations = StateExploreSuite.configurations(records: options.records)
            suites += catalog.stores.map { StateExploreSuite.store($0, configurations: configurations) }
        }
        return suites
    }

    /// Runs `suites` with `options`: the body of the command, open to tests
    /// that bring their own suites.
    package static func run(_ suites: [CheckSuite], options: CheckOptions, console: Console) throws(CLIError)
        -> ExitCode
    {
        var run = try SuiteRunner(shard: options.shard, console: console, progress: .perSuite).run(suites)
        // The pictures take their names once the report and the summary are written.
        let pictures = StagedFiles()
        if let folder = PictureFolder.beside(options.junitPath) { run = try folder.attach(run, staging: pictures) }
        console.writeOut(SuiteSummary.text(run, replay: options.replayLine))
        if let path = options.junitPath {
            try SuiteReport.write(run, name: reportName, common: options.replayProperties, to: path)
        }
        if let path = options.summaryPath {
            let text = SuiteMarkdown.text(run, title: reportName, replay: options.replayLine)
            try CLIError.mapping { () throws(IOError) in try AtomicFile.append(text, to: path) }
        }
        try CLIError.mapping { () throws(IOError) in try pictures.commit() }
        return run.exitCode
    }
}

/// The options of `updatecheck check`, parsed and checked.
package struct CheckOptions: Sendable, Equatable {
    /// `--ids`, accepted from 1 to 6: beyond 6 the conformance kit's pairs
    /// (times their changed subsets) run into the billions.
    package static let ids = Options.ids(in: 1...6)

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
    /// `--summary`: where to append the Markdown summary, if anywhere.
    package var summaryPath: String?

    /// Creates options; the defaults are those of a plain `updatecheck check`.
    package init(
        ids: Int = Options.defaultIDs, records: Int = Options.defaultRecords, shard: Shard = .whole,
        areas: [CheckArea] = CheckArea.allCases, seed: UInt64 = Options.defaultSeed, junitPath: String? = nil
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
        ids = try Self.ids.value(in: invocation) ?? ids
        records = try Options.records.value(in: invocation) ?? records
        shard = try Options.shard.value(in: invocation) ?? shard
        let only = try Options.areas.values(in: invocation)
        if !only.isEmpty { areas = Set(only.joined()).sorted() }
        seed = try Options.seed.value(in: invocation) ?? seed
        junitPath = try Options.junit.value(in: invocation)?.path
        summaryPath = try Options.summary.value(in: invocation)?.path
    }

    /// The run-wide properties every suite of the report carries: seed,
    /// shard, ids, records (and only, when given), so a run can be replayed.
    package var replayProperties: [SuiteProperty] {
        var properties = [
            SuiteProperty(name: "seed", value: String(seed)),
            SuiteProperty(name: "shard", value: shard.description),
            SuiteProperty(name: "ids", value: String(ids)),
            SuiteProperty(name: "records", value: String(records)),
        ]
        if areas != CheckArea.allCases {
            properties.append(SuiteProperty(name: "only", value: areas.map(\.rawValue).joined(separator: ",")))
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
