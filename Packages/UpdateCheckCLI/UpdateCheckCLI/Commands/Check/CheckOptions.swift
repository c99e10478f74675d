import ListDiff
import StateExplorer

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
}
