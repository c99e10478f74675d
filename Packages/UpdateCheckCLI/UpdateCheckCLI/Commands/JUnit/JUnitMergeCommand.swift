import JUnitReporter

/// `updatecheck junit merge`: combines shard reports into one.
package enum JUnitMergeCommand {
    /// The `merge` command.
    package static let command = Command(
        name: "merge",
        abstract: "Combine the JUnit reports of CI shards into one report.",
        discussion: """
            Every <testsuite> of every report is copied in order (nested suites are
            flattened; with --combine-suites, suites of the same name become one); the
            counts and times of each suite and of the whole report are recomputed from
            the cases. The output is replaced atomically and only when every input is
            a well-formed JUnit report.

            Exit codes: 0 merged; 65 an input is not a JUnit report (named with its
            line); 66 an input is missing; 73 the output cannot be written.
            """,
        arguments: [ArgumentSpec("report", help: "The JUnit XML files to merge, in order.", isRepeating: true)],
        options: [
            .value("output", short: "o", name: "file", help: "Where to write the merged report (required)."),
            .value("name", name: "name", help: "The <testsuites> name (default: the first report's)."),
            .flag("combine-suites", help: "Write suites of the same name (e.g. one per shard) as one suite."),
        ],
        action: { invocation throws(CLIError) in try run(invocation) })

    /// Merges the reports and prints the totals.
    static func run(_ invocation: Invocation) throws(CLIError) -> ExitCode {
        guard let output = invocation.value("output") else {
            throw .usage("Missing required option '--output <file>'.")
        }
        let inputs = invocation.positionals
        let totals: JUnitTotals
        do {
            totals = try JUnitMerger.merge(
                inputs, into: output, name: invocation.value("name"),
                combiningSuites: invocation.flag("combine-suites"))
        } catch {
            throw CLIError(error)
        }
        let noun = inputs.count == 1 ? "report" : "reports"
        invocation.console.line("Merged \(inputs.count) \(noun) into \(output) (\(JUnitSummary.text(totals))).")
        return .success
    }
}
