import UpdateCheckDiff

/// A suite: the one unit of checking in `updatecheck`.
///
/// A suite is a named group of cases that is counted before it runs, so that
/// shards can split a run case by case. Every check command runs suites
/// through ``SuiteRunner``: `check` runs every built-in suite, and
/// `state run`, `state explore`, `diff exhaustive` and `adapters check` each
/// run their own before printing in their own way. The runner owns timing,
/// sharding, progress, the summary table and the JUnit report
/// (``SuiteReport``), so a suite only says what its cases are and how to run
/// a selection of them.
///
/// Adding a check area means adding one suite in one file under `Suites/`
/// and listing it in ``BuiltInSuites``.
package struct CheckSuite: Sendable {
    /// The `<testsuite name>` and the row of the summary table; the same in every shard.
    package var name: String
    /// The area the suite belongs to, for `check --only`.
    package var area: CheckArea
    /// How many cases the suite has in an unsharded run.
    package var caseCount: Int
    /// Suite-specific `<property>` elements, known before the run.
    package var properties: [SuiteProperty]
    /// Runs the selected cases and returns them in ascending local position.
    package var run: @Sendable (CaseSelection) throws(CLIError) -> SuiteOutput

    /// Creates a suite.
    package init(
        name: String, area: CheckArea, caseCount: Int, properties: [SuiteProperty] = [],
        run: @escaping @Sendable (CaseSelection) throws(CLIError) -> SuiteOutput
    ) {
        self.name = name
        self.area = area
        self.caseCount = caseCount
        self.properties = properties
        self.run = run
    }
}

/// What one run of a suite produced: its cases, and the figures it measured.
package struct SuiteOutput: Sendable, Equatable {
    /// The selected cases, in ascending local position.
    package var cases: [CheckCase]
    /// Properties measured while running (states explored, pairs checked),
    /// written after the suite's declared ones.
    package var properties: [SuiteProperty]

    /// Creates an output.
    package init(cases: [CheckCase], properties: [SuiteProperty] = []) {
        self.cases = cases
        self.properties = properties
    }
}

/// A part of the built-in suites that `updatecheck check --only` selects.
package enum CheckArea: String, Sendable, CaseIterable, Comparable {
    /// The optimistic-update state machine: the seed scenario and the exploration.
    case state
    /// The diff engine: the seed's fixed pairs and the exhaustive runs.
    case diff
    /// The built-in adapters, proven by the conformance kit on their toolkit models.
    case adapters

    /// Areas order as declared: state, diff, adapters.
    package static func < (lhs: CheckArea, rhs: CheckArea) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// The cases of one suite that a shard of a run selects.
///
/// Every case of the run has a global index: its position in the ordered
/// list of all cases of all suites. Shard *i* of *n* runs the cases whose
/// global index leaves remainder *i* − 1 when divided by *n*. A suite whose
/// first case has global index ``offset`` therefore runs its local positions
/// *p* with (offset + *p*) mod *n* = *i* − 1. The shards of one *n* are
/// disjoint and cover every case, whatever the suites.
package struct CaseSelection: Sendable, Equatable {
    /// The shard of the whole run.
    package var shard: Shard
    /// The global index of the suite's first case.
    package var offset: Int

    /// Creates the selection of a suite starting at global index `offset`.
    package init(shard: Shard, offset: Int) {
        self.shard = shard
        self.offset = offset
    }

    /// Every case of a suite: the selection of an unsharded run.
    package static let all = CaseSelection(shard: .whole, offset: 0)

    /// Whether the case at local position `position` (from 0) is selected.
    package func contains(_ position: Int) -> Bool {
        (offset + position) % shard.count == shard.index - 1
    }

    /// The selected local positions among `count` cases, ascending.
    package func positions(among count: Int) -> [Int] {
        Array(localShard.positions(among: count))
    }

    /// The selection as a shard of the suite's own positions, for engines
    /// that split by position modulo *n* themselves (the exhaustive diff, the
    /// conformance kit): position *p* is selected exactly when the returned
    /// shard contains it.
    package var localShard: Shard {
        let count = shard.count
        // Added only to a negative remainder, so that it cannot overflow
        // for a count near Int.max.
        let signed = (shard.index - 1 - offset) % count
        let remainder = signed < 0 ? signed + count : signed
        return Shard(index: remainder + 1, count: count)!
    }
}
