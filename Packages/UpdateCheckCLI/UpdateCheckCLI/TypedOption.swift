import StateExplorer
import UpdateCheckDiff
import UpdateCheckIO
import UpdateCheckSupport

/// An option whose value has a type: it declares itself (name, value name,
/// help), turns its text into a value, and names itself in the usage error
/// for a bad one.
///
/// The options that several commands take are defined once, in ``Options``;
/// a command lists their ``spec`` among its options and reads them with
/// ``value(in:)``. Every bad value gives the same error:
/// `Invalid value 'x' for '--name': expected <what>.`
package struct TypedOption<Value: Sendable>: Sendable {
    /// The option as the parser and the help page see it.
    package var spec: OptionSpec
    /// What a valid value looks like, after `expected` in the usage error.
    package var expected: String
    /// The value of a text, or `nil` when the text is not a valid value.
    package var parse: @Sendable (String) -> Value?

    /// Creates an option that takes a value named `name` (`--long <name>`).
    package init(
        _ long: String, short: Character? = nil, name: String, help: String, repeatable: Bool = false,
        expected: String, parse: @escaping @Sendable (String) -> Value?
    ) {
        spec = .value(long, short: short, name: name, help: help, repeatable: repeatable)
        self.expected = expected
        self.parse = parse
    }

    /// The value given on `invocation` (the last one if repeated), or `nil` when absent.
    ///
    /// - Throws: a usage error naming the option, the text and what was expected.
    package func value(in invocation: Invocation) throws(CLIError) -> Value? {
        guard let text = invocation.value(spec.long) else { return nil }
        return try value(of: text)
    }

    /// Every value given on `invocation` for a repeatable option, in order.
    ///
    /// - Throws: a usage error for the first bad one.
    package func values(in invocation: Invocation) throws(CLIError) -> [Value] {
        var values: [Value] = []
        for text in invocation.allValues(spec.long) { values.append(try value(of: text)) }
        return values
    }

    /// Whether `invocation` gives the option at all, whatever its value.
    package func isGiven(in invocation: Invocation) -> Bool { spec.isGiven(in: invocation) }

    private func value(of text: String) throws(CLIError) -> Value {
        guard let value = parse(text) else {
            throw .usage("Invalid value \(quoted: text) for '--\(spec.long)': expected \(expected).")
        }
        return value
    }
}

/// The options of `updatecheck`, each defined once with its type, range,
/// default and help, and the factories for a command's own typed options.
package enum Options {
    /// A whole number in `range`.
    package static func integer(
        _ long: String, name: String, in range: ClosedRange<Int>, help: String
    ) -> TypedOption<Int> {
        TypedOption<Int>(
            long, name: name, help: help,
            expected: "a whole number from \(range.lowerBound) to \(range.upperBound)"
        ) { text in
            Int(text).flatMap { range.contains($0) ? $0 : nil }
        }
    }

    /// The default of `--ids` wherever it has one.
    package static let defaultIDs = 5

    /// `--ids <k>`: how many distinct IDs the exhaustive pairs are drawn
    /// from, accepted in `range`; `required` when the command has no default
    /// (then its help says so), else ``defaultIDs``.
    package static func ids(in range: ClosedRange<Int>, required: Bool = false) -> TypedOption<Int> {
        let bound = required ? "required" : "default \(defaultIDs)"
        return integer(
            "ids", name: "k", in: range,
            help: "Distinct IDs of the exhaustive pairs, \(range.lowerBound) to \(range.upperBound) (\(bound)).")
    }

    /// The default of `--records`.
    package static let defaultRecords = 2

    /// `--records <r>`: records of a state exploration.
    package static let records = integer(
        "records", name: "r", in: ExplorerConfiguration.recordRange,
        help:
            "Records of the state exploration, \(ExplorerConfiguration.recordRange.lowerBound) to \(ExplorerConfiguration.recordRange.upperBound) (default \(defaultRecords))."
    )

    /// One of `choices`.
    package static func choice(_ long: String, name: String, from choices: [String], help: String)
        -> TypedOption<String>
    {
        TypedOption<String>(
            long, name: name, help: help, expected: "one of \(choices.map { "\(quoted: $0)" }.joined(separator: ", "))"
        ) { text in
            choices.contains(text) ? text : nil
        }
    }

    /// Any text, taken as given (a name, a path, a schema): the parser
    /// already refuses a missing value.
    package static func text(_ long: String, short: Character? = nil, name: String, help: String)
        -> TypedOption<String>
    {
        TypedOption<String>(long, short: short, name: name, help: help, expected: "a \(name)") { $0 }
    }

    /// `--shard <i/n>`: the part of the run to do.
    package static let shard = TypedOption<Shard>(
        "shard", name: "i/n", help: "Run only shard i of n of the cases (default 1/1).",
        expected: "i/n with 1 <= i <= n, e.g. 2/4", parse: Shard.init)

    /// The default of `--seed`, so that two plain runs are identical.
    package static let defaultSeed: UInt64 = 1

    /// `--seed <s>`: the seed of every random part of a run.
    package static let seed = TypedOption<UInt64>(
        "seed", name: "s", help: "Seed of the random parts (default \(defaultSeed)).",
        expected: "a whole number from 0 to \(UInt64.max)", parse: { UInt64($0) })

    /// `--salt <n>`: the salt of anonymised record IDs in traces.
    package static let salt = TypedOption<UInt64>(
        "salt", name: "n", help: "Salt of the anonymised record IDs (default: random).",
        expected: "a whole number from 0 to \(UInt64.max)", parse: { UInt64($0) })

    /// A file the command writes, to be checked with
    /// ``OutputPath/prepare(_:inputs:)`` before any work.
    package static func output(
        _ long: String, short: Character? = nil, name: String = "file", help: String
    ) -> TypedOption<OutputPath> {
        TypedOption<OutputPath>(
            long, short: short, name: name, help: help, expected: "a file path", parse: OutputPath.init)
    }

    /// `--junit <file>`: where a check command also writes its JUnit report.
    package static let junit = output("junit", help: "Also write the results as a JUnit XML report to <file>.")

    /// `--summary <file>`: where a check command also appends its Markdown
    /// summary (`$GITHUB_STEP_SUMMARY` on GitHub Actions).
    package static let summary = output(
        "summary",
        help: "Also append a Markdown summary (the table, each failure's smallest case and calls) to <file>.")

    /// `--config <file>`: the adapter manifest (default: `updatecheck.json`
    /// in the current folder, when there is one).
    package static let config = TypedOption<String>(
        "config", name: "file",
        help: "The manifest listing your adapter and store programs (default: ./updatecheck.json when present).",
        expected: "a file path"
    ) { $0.isEmpty ? nil : $0 }

    /// `--only <area>`: areas of `check`, repeatable or as a comma list.
    package static let areas = TypedOption<[CheckArea]>(
        "only", name: "area", help: "Run only these areas: state, diff, adapters (repeatable or comma list).",
        repeatable: true,
        expected: "one or more of \(CheckArea.allCases.map { "\(quoted: $0.rawValue)" }.joined(separator: ", "))"
    ) { text in
        var areas: [CheckArea] = []
        for name in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let area = CheckArea(rawValue: String(name)) else { return nil }
            areas.append(area)
        }
        return areas
    }
}
