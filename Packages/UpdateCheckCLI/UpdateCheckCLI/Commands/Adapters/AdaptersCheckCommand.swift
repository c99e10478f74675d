import BatchUpdate
import UpdateCheckDiff
import UpdateCheckIO
import UpdateCheckSupport

/// `updatecheck adapters check [NAME...]`: proves adapters with the
/// conformance kit and reports the outcome.
package enum AdaptersCheckCommand {
    /// The `adapters check` command.
    package static let command = Command(
        name: "check",
        abstract: "Prove adapters with the conformance kit.",
        discussion: """
            For every ordered pair of snapshots over up to k IDs (with every subset of kept
            items marked changed when at most 4 are kept; otherwise none, all, the moved and the
            unmoved ones) and for random pairs from a seed, the adapter's calls are replayed on
            its toolkit model: they must show exactly the new snapshot, refresh every changed
            item and no other, keep or replace cells as the adapter's policy says, and never
            raise the toolkit's error. A failure names the smallest failing case and the calls.
            Without names, the four default adapters and the adapter programs of the manifest
            (--config FILE, or ./updatecheck.json when present) are checked; a name may be a
            manifest adapter's. Runs on every core.
            With --exec, the adapter is a program in any language speaking the adapter
            protocol on stdin/stdout (docs/adapter-protocol.md), proven on the built-in model
            --model names; a case it crashes on, hangs on or answers with garbage fails alone.
            Cases equal up to renaming their IDs are asked once and the answer reused for each;
            --every-case sends every case as it is, for a program whose answers depend on the
            names it sees or on earlier cases.
            --ids and --seed default as in 'updatecheck check'; --random defaults to 0, where
            'check' runs 1000: random pairs of up to 1000 items find what only long lists show
            and take seconds per adapter, so the quick loop of writing one leaves them to the
            main job. ConformanceOptions() in Swift checks what this command checks without
            options. --shard i/n takes the groups (old snapshots, hundreds of random pairs)
            numbered i-1 modulo n of each adapter.
            With --sections s, the sectioned adapters (all of them, or those named) are proven
            on every pair of snapshots of up to s sections and --ids items (1 to 5, default 3;
            s=2 k=3: 131 old snapshots, 17,161 pairs), each with nothing, every kept item and
            every kept section changed; a case is an old snapshot with all its pairs. --random n
            adds n random sectioned pairs of up to --max-items items (default 200, at most
            255) in up to 8 sections, a case per hundred ('check' runs 100). With
            --exec, a program on a sectioned model (uikit-sections, diffable-sections) is proven
            so; a sectioned model needs --sections, and --sections with --exec a sectioned model.
            Exit codes: 0 all passed; 1 an adapter failed (a manifest's program that does not
            start or declares another policy fails its cases); 64 bad usage; 65 the --exec
            program's handshake is invalid, or the manifest is malformed; 66 the --exec program
            cannot be started, or the --config file is missing; 73 the report cannot be created;
            74 writing it failed (a full disk);
            129, 130 or 143 on SIGHUP, SIGINT or SIGTERM (its programs are ended first).
            """,
        arguments: [
            ArgumentSpec(
                "name", help: "Adapters to check (default: the four defaults and the manifest's).", isOptional: true,
                isRepeating: true)
        ],
        options: [
            ids.spec, sections.spec, random.spec, maxItems.spec, Options.seed.spec, Options.shard.spec, exec.spec,
            model.spec, timeout.spec, everyCase, Options.config.spec, Options.junit.spec,
        ],
        action: { invocation throws(CLIError) in try run(invocation) })

    /// `--ids <k>`: 0 leaves only the random pairs.
    static let ids = Options.ids(in: 0...6)
    /// `--sections <s>`: prove the sectioned adapters on up to s sections.
    static let sections = Options.integer(
        "sections", name: "s", in: 1...ExhaustiveCheck.maximumSectionCount,
        help: "Prove the sectioned adapters on every pair of up to s sections (1 to 3) and --ids items.")
    /// `--random <n>`: how many random pairs to check.
    static let random = Options.integer(
        "random", name: "n", in: 0...1_000_000,
        help: "Also check n random pairs, 0 to 1000000 (default 0; 'check' runs 1000).")
    /// `--max-items <n>`: the largest random snapshot.
    static let maxItems = Options.integer(
        "max-items", name: "n", in: 0...100_000, help: "The largest random snapshot, 0 to 100000 items (default 1000).")

    /// `--exec <command>`: an adapter program, run with `/bin/sh -c`.
    static let exec = TypedOption<String>(
        "exec", name: "command", help: "Prove the adapter program COMMAND (run with /bin/sh -c).",
        expected: "a command"
    ) { $0.isEmpty ? nil : $0 }
    /// `--model <m>`: the built-in model an adapter program is proven on.
    /// (`ExternalAdapters.start` names the known ones when it is not one of them).
    static let model = TypedOption<String>(
        "model", name: "m",
        help: "The model of --exec: \(ExternalAdapters.modelNames.joined(separator: ", ")); with --sections: "
            + "\(ExternalAdapters.sectionedModelNames.joined(separator: ", ")).",
        expected: "a model name"
    ) { $0 }
    /// `--timeout <s>`: how long an adapter program may take to answer a case (its whole line).
    static let timeout = Options.integer(
        "timeout", name: "s", in: 1...3600, help: "How long --exec may take to answer a case, 1 to 3600 s (default 10)."
    )

    /// `--every-case`: send an adapter program every case as it is.
    static let everyCase = OptionSpec.flag(
        "every-case", help: "Send --exec every case, not each distinct case once (programs with state).")

    /// What one run of the command proves: the adapters, flat or sectioned,
    /// on one scope and shard, with the program behind `--exec` if any.
    struct Proof {
        /// The adapters, in order.
        var adapters: [AdapterEntry]
        /// What each is proven on.
        var scope: ConformanceScope
        /// The shard of every adapter's groups.
        var shard: Shard
        /// The `--exec` program, ended when the run is done.
        var program: ExternalAdapters.Started?
        /// What the first line says the run proves.
        var description: String
        /// What the last line calls the adapters (`adapters`, `sectioned adapters`).
        var noun: String
    }

    /// Runs the command.
    ///
    /// - Throws: exit 64 for an unknown adapter, a bad option value or
    ///   nothing to check (`--ids 0 --random 0`); 65 or 66 for an adapter
    ///   program with a bad handshake or that cannot be started; exit 73 when
    ///   the JUnit report cannot be written (checked before any work).
    /// - Returns: 0 when every adapter passed, 1 otherwise.
    package static func run(_ invocation: Invocation) throws(CLIError) -> ExitCode {
        let junit = try Options.junit.value(in: invocation)
        let proof: Proof
        if let sectionCount = try sections.value(in: invocation) {
            proof = try sectioned(invocation, sectionCount: sectionCount, junit: junit)
        } else {
            proof = try flat(invocation, junit: junit)
        }
        defer { proof.program?.stop() }
        let console = invocation.console
        console.line("Proving \(proof.adapters.map(\.name).joined(separator: ", ")): \(proof.description).")
        let requests = proof.program?.requestsSent
        let suites = proof.adapters.map { adapter in
            AdapterConformanceSuite.command(adapter, scope: proof.scope, shard: proof.shard) { result in
                switch result {
                case .success(let report): console.writeOut(report.summary(requests: requests?()))
                case .failure(let error): console.writeOut("\(adapter.name): could not run: \(error.message)\n")
                }
            }
        }
        let run = try SuiteRunner(shard: proof.shard, numbering: .withinEachSuite, console: console).run(suites)
        if let junit {
            try SuiteReport.write(run, name: "updatecheck adapters check", to: junit.path)
        }
        let failed = run.results.filter { $0.failureCount > 0 }.count
        console.line(
            failed == 0
                ? "All \(proof.adapters.count) \(proof.noun) passed."
                : "\(failed) of \(proof.adapters.count) \(proof.noun) failed.")
        return run.exitCode
    }

    /// The flat form: the kit on the default adapters, on those named, or
    /// on the `--exec` program of a flat model.
    ///
    /// - Throws: exit 64 for an unknown adapter or model, a sectioned model,
    ///   `--model`, `--timeout` or `--every-case` without `--exec`; 65 or 66
    ///   for a program with a bad handshake or that cannot be started; exit
    ///   73 when the JUnit report cannot be written.
    static func flat(_ invocation: Invocation, junit: OutputPath?) throws(CLIError) -> Proof {
        var options = try options(invocation)
        let description = scope(options)
        let shard = options.shard
        options.shard = .whole
        var proof = Proof(
            adapters: [], scope: .flat(options), shard: shard, description: description, noun: "adapters")
        try addAdapters(to: &proof, invocation, junit: junit, sectioned: false)
        return proof
    }

    /// The sectioned form (`--sections s`): the sectioned kit on every
    /// built-in sectioned adapter, on those named, or on the `--exec`
    /// program of a sectioned model.
    ///
    /// With `--random n`, n random sectioned pairs of up to `--max-items`
    /// items (default 200, at most 255) in up to 8 sections follow, from
    /// `--seed`.
    ///
    /// - Throws: exit 64 for an unknown sectioned adapter, `--ids` beyond 5,
    ///   `--max-items` beyond 255, or `--exec` without a sectioned `--model`; 65 or 66 for a program with
    ///   a bad handshake or that cannot be started; exit 73 when the JUnit
    ///   report cannot be written.
    static func sectioned(_ invocation: Invocation, sectionCount: Int, junit: OutputPath?) throws(CLIError) -> Proof {
        let idCount = try ids.value(in: invocation) ?? ConformanceOptions().sectionedIDs
        guard (1...ExhaustiveCheck.maximumSectionedIDCount).contains(idCount) else {
            throw .usage(
                "Invalid value \(quoted: idCount) for '--ids' with '--sections': expected a whole number from 1 to "
                    + "\(ExhaustiveCheck.maximumSectionedIDCount).")
        }
        let itemLimit = try maxItems.value(in: invocation) ?? BuiltInSuites.sectionedRandomItems
        guard itemLimit <= RandomPairs.maximumSectionedItems else {
            throw .usage(
                "Invalid value \(quoted: itemLimit) for '--max-items' with '--sections': expected a whole number from "
                    + "0 to \(RandomPairs.maximumSectionedItems).")
        }
        let shard = try Options.shard.value(in: invocation) ?? .whole
        let bound = SectionedBound(
            sections: sectionCount, ids: idCount, randomPairs: try random.value(in: invocation) ?? 0,
            maxItems: itemLimit, seed: try Options.seed.value(in: invocation) ?? ConformanceOptions().seed)
        let snapshots = ConformanceKit.groupCount(sectionCount: sectionCount, idCount: idCount)
        var description =
            "every pair of up to \(sectionCount) sections and \(idCount) items (\(snapshots) old snapshots; nothing, "
            + "every kept item, every kept section changed)"
        if bound.randomPairs > 0 {
            description +=
                ", \(bound.randomPairs) random sectioned pairs of up to \(bound.maxItems) items (seed \(bound.seed))"
        }
        if shard != .whole { description += ", shard \(shard)" }
        var proof = Proof(
            adapters: [], scope: .sectioned(bound), shard: shard, description: description,
            noun: "sectioned adapters")
        try addAdapters(to: &proof, invocation, junit: junit, sectioned: true)
        return proof
    }

    /// Adds the adapters a run of `proof`'s shape proves: the `--exec`
    /// program of a model of that shape, the built-in and manifest adapters
    /// named, or, with no names, the four defaults and the manifest's (flat)
    /// or every sectioned adapter (sectioned).
    ///
    /// Every usage error comes before the JUnit report is prepared, and
    /// that before the program is started.
    ///
    /// - Throws: exit 64 for an unknown adapter or model, a model of the
    ///   other shape, or the program's options without `--exec`; 65 or 66
    ///   for a program with a bad handshake or that cannot be started; 73
    ///   when the JUnit report cannot be written.
    static func addAdapters(
        to proof: inout Proof, _ invocation: Invocation, junit: OutputPath?, sectioned: Bool
    ) throws(CLIError) {
        guard let command = try exec.value(in: invocation) else {
            try refuseProgramOptions(invocation)
            if let junit { try prepare(junit, invocation) }
            let catalog = try AdapterCatalog(invocation)
            for name in invocation.positionals where !proof.adapters.contains(where: { $0.name == name }) {
                proof.adapters.append(try sectioned ? catalog.sectionedNamed(name) : catalog.named(name))
            }
            if invocation.positionals.isEmpty { proof.adapters = sectioned ? catalog.sectioned : catalog.defaults }
            return
        }
        let model = try programModel(invocation, sectioned: sectioned)
        if let junit { try prepare(junit, invocation) }
        let started = try ExternalAdapters.start(
            command: command, model: model, timeout: Double(try timeout.value(in: invocation) ?? 10),
            sendsEveryCase: everyCase.isGiven(in: invocation))
        proof.program = started
        proof.adapters = [started.entry]
    }

    /// Checks that the JUnit report can be written, and will not overwrite
    /// the manifest, before any work.
    ///
    /// - Throws: exit 73 naming the path and the reason.
    static func prepare(_ junit: OutputPath, _ invocation: Invocation) throws(CLIError) {
        let manifest = try AdapterCatalog.manifestInputs(invocation)
        try invocation.prepareOutputs([("junit", junit)], inputs: manifest)
    }

    /// Refuses the options of an adapter program when there is none.
    ///
    /// - Throws: exit 64 for `--model`, `--timeout` or `--every-case` without `--exec`.
    static func refuseProgramOptions(_ invocation: Invocation) throws(CLIError) {
        if model.isGiven(in: invocation) || timeout.isGiven(in: invocation) || everyCase.isGiven(in: invocation) {
            throw .usage("'--model', '--timeout' and '--every-case' go with '--exec'.")
        }
    }

    /// The kit's options from `--ids`, `--random`, `--max-items`, `--seed`
    /// and `--shard`; what is not given keeps `ConformanceOptions()`'s default.
    ///
    /// - Throws: exit 64 naming the option for a bad value, or when the
    ///   options leave nothing to check.
    static func options(_ invocation: Invocation) throws(CLIError) -> ConformanceOptions {
        var options = ConformanceOptions()
        options.ids = try ids.value(in: invocation) ?? options.ids
        options.randomPairs = try random.value(in: invocation) ?? options.randomPairs
        options.maxRandomItems = try maxItems.value(in: invocation) ?? options.maxRandomItems
        options.seed = try Options.seed.value(in: invocation) ?? options.seed
        options.shard = try Options.shard.value(in: invocation) ?? options.shard
        guard options.ids > 0 || options.randomPairs > 0 else {
            throw .usage("Nothing to check: give '--ids' from 1 or '--random' from 1.")
        }
        return options
    }

    /// `every pair over 5 IDs (every changed subset up to 4 kept items), 1000 random pairs of up to 1000 items (seed 42)`.
    static func scope(_ options: ConformanceOptions) -> String {
        var parts: [String] = []
        if options.ids > 0 {
            parts.append(
                "every pair over \(options.ids) IDs (every changed subset up to \(options.changedSubsetLimit) "
                    + "kept items)")
        }
        if options.randomPairs > 0 {
            parts.append(
                "\(options.randomPairs) random pairs of up to \(options.maxRandomItems) items (seed \(options.seed))")
        }
        if options.shard != .whole { parts.append("shard \(options.shard)") }
        return parts.joined(separator: ", ")
    }

    /// The `--model` of an `--exec` run, a model of the run's shape.
    ///
    /// - Throws: exit 64 when adapter names or `--config` are given too,
    ///   `--model` is missing or unknown, or it names a model of the other shape.
    static func programModel(_ invocation: Invocation, sectioned: Bool) throws(CLIError) -> String {
        guard invocation.positionals.isEmpty else {
            throw .usage("Give either adapter names or '--exec', not both.")
        }
        guard !Options.config.isGiven(in: invocation) else {
            throw .usage("Give either '--exec' or '--config', not both.")
        }
        let (accepted, other) =
            sectioned
            ? (ExternalAdapters.sectionedModelNames, ExternalAdapters.modelNames)
            : (ExternalAdapters.modelNames, ExternalAdapters.sectionedModelNames)
        let names = accepted.joined(separator: ", ")
        let withSections = sectioned ? " with '--sections'" : ""
        guard let model = try model.value(in: invocation) else {
            throw .usage("'--exec'\(withSections) needs '--model': one of \(names).")
        }
        if other.contains(model) {
            throw .usage(
                sectioned
                    ? "'--model \(model)' is a flat model: '--sections' goes with a sectioned model (\(names))."
                    : "'--model \(model)' is a sectioned model: give '--sections s'.")
        }
        guard accepted.contains(model) else {
            throw .usage("Unknown value \(quoted: model) for '--model'\(withSections): expected one of \(names).")
        }
        return model
    }
}

extension String {
    /// `seconds` with one decimal, whatever the locale (`2.1`).
    init(format1 seconds: Double) {
        let tenths = Int((seconds * 10).rounded())
        self = "\(tenths / 10).\(tenths % 10)"
    }
}
