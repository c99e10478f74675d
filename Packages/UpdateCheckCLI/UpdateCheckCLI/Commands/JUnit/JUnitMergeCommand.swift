import JUnitReporter
import UpdateCheckIO

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
            the cases. A merged suite's time is the sum of its cases' times, and the
            report's the sum of its suites': the time the work took, not the wall clock
            (shards that ran side by side add up to more than any one of them took; the
            reports do not say when each ran). The output is replaced atomically and only when every input is
            a well-formed JUnit report, and it always passes 'junit validate'. '-o -'
            writes the report to standard output (the summary line then goes to
            standard error).

            Counting and repairs (warnings go to standard error):
              - every <failure>, <error> and <skipped> in a case counts: a case with
                a failure and an error adds 1 to failures and 1 to errors, as
                junitparser counts it; tests counts cases;
              - a <failure>, <error> or <skipped> directly in a suite becomes a case
                named "(suite failure)", "(suite error)" or "(suite skipped)", with
                the suite's name as classname;
              - times in any decimal form or e-notation (4.5e-05, .5, 1,234.5) are
                written with three decimals; a negative time becomes 0 (warning);
                sums longer than 999999999999.999 s are written as that;
              - timestamps become UTC YYYY-MM-DDTHH:MM:SS (a space or T, fractions,
                Z, UTC, offsets); a leap second (23:59:60 in UTC) becomes 23:59:59
                (warning); one that is not a date is left out (warning);
              - a case without a name is named "(unnamed case, line N)" (warning);
              - <properties>, or any other element but a suite, directly in
                <testsuites> is left out (warning): the merged <testsuites> holds
                suites only, as the Jenkins junit-10 schema requires;
              - namespaces declared on <testsuites> are kept on each suite written
                that uses them.

            Refused (exit 65): a <testcase>, <testsuite> or <testsuites> inside other
            content, a <failure>, <error> or <skipped> not directly in a case or suite
            (readers would not agree on what it counts), a time that is not a number
            of seconds or is longer than 999999999999.999 s (about 31,700 years), a
            suite that would get more than 256 attributes with the namespaces its
            content uses, and a default namespace (xmlns="...") on <testsuites> or a
            <testsuite>: JUnit elements have none, and the merged report would mix
            the two.

            Reading bounds (an input past them is refused): UTF-8 or another encoding
            that keeps ASCII as it is (US-ASCII, ISO-8859-x, windows-125x; not UTF-16,
            UTF-32, UTF-7 or EBCDIC: convert with iconv); up to 2 GiB, with no NUL
            byte (a file of zeros ends at its first byte); no <!DOCTYPE>, so no
            entities; up to 256 attributes per tag; attribute values up to 1 MiB; text
            up to 8 MiB per node; nesting up to 256 levels; up to 10,000 comments in a
            row with no tag between them.

            Exit codes: 0 merged; 65 an input is not XML (empty, or not starting with
            '<'), not a JUnit report or goes past the reading bounds (named with its
            line); 66 an input is missing or cannot be read; 73 the output cannot be
            created; 74 writing it failed (a full disk).
            """,
        arguments: [
            ArgumentSpec(
                "report", help: "The JUnit XML files to merge, in order ('-': standard input, once).",
                isRepeating: true)
        ],
        options: [
            output.spec, name.spec, combineSuites,
        ],
        action: { invocation throws(CLIError) in try run(invocation) })

    /// `--output <file>`: the merged report (required).
    static let output = Options.output(
        "output", short: "o", help: "Where to write the merged report (required).")
    /// `--name <name>`: the root's name.
    static let name = Options.text(
        "name", name: "name", help: "The <testsuites> name (default: the first report's).")
    /// `--combine-suites`: one suite per name.
    static let combineSuites = OptionSpec.flag(
        "combine-suites", help: "Write suites of the same name (e.g. one per shard) as one suite.")

    /// Merges the reports and prints the totals.
    static func run(_ invocation: Invocation) throws(CLIError) -> ExitCode {
        guard let outputPath = try Self.output.value(in: invocation) else {
            throw .usage("Missing required option '--output <file>'.")
        }
        let output = outputPath.path
        let inputs = invocation.positionals
        try CLIError.mapping { () throws(IOError) in try InputFile.checkStreamsReadOnce(inputs) }
        try invocation.prepareOutputs([("output", outputPath)], inputs: inputs)
        let rootName = try name.value(in: invocation)
        let totals: JUnitTotals
        do {
            totals = try JUnitMerger.merge(
                inputs, into: output, name: rootName,
                combiningSuites: combineSuites.isGiven(in: invocation),
                warn: { invocation.console.errorLine("warning: \($0)") })
        } catch {
            throw CLIError(error)
        }
        let noun = inputs.count == 1 ? "report" : "reports"
        // With the report on standard output ('-o -'), the summary goes to
        // standard error so that the output is the report alone.
        let say = AtomicFile.isStandardOutput(output) ? invocation.console.errorLine : invocation.console.line
        say("Merged \(inputs.count) \(noun) into \(output) (\(JUnitSummary.text(totals))).")
        return .success
    }
}
