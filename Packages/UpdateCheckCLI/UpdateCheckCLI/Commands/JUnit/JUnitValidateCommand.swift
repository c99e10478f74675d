import JUnitReporter
import UpdateCheckIO

/// `updatecheck junit validate`: checks a report the way CI systems read it.
package enum JUnitValidateCommand {
    /// The `validate` command.
    package static let command = Command(
        name: "validate",
        abstract: "Check that a JUnit report is well-formed and consistent, optionally against an XSD.",
        discussion: """
            Always checks well-formedness and structure: the root is <testsuites> or
            <testsuite>, required attributes are present, counts equal the cases
            inside, times are seconds with a '.' decimal point. With --schema the
            report is also validated against an XML Schema: a built-in one by name,
            or an .xsd file by path (write ./jenkins for a file of that name).
            Problems are listed as <file>:<line>: <message>.

            Built-in schemas:
            \(JUnitSchema.builtIn.map { "  \($0.name)   \($0.summary)" }.joined(separator: "\n"))

            Reading bounds (a report past them is refused, not checked): UTF-8 or
            another encoding that keeps ASCII as it is (US-ASCII, ISO-8859-x,
            windows-125x; not UTF-16, UTF-32, UTF-7 or EBCDIC: convert with iconv);
            up to 2 GiB, with no NUL byte (a file of zeros ends at its first byte); no
            <!DOCTYPE>, so no entities; up to 256 attributes per tag; attribute values
            up to 1 MiB; text up to 8 MiB per node; nesting up to 256 levels; up to
            10,000 comments in a row with no tag between them.

            An .xsd file, and each it includes or imports, must be a regular file of
            at most 16 MiB.

            Exit codes: 0 valid; 1 not valid (not well-formed, wrong structure or
            schema errors); 65 the report is not XML at all (empty, or not starting
            with '<') or goes past the reading bounds, or the schema is not a usable
            XSD (also when libxml2 fails inside its validator with it on a report with
            no other problem, as a pattern too complex for its regular expressions
            makes it do on a long value); 66 the report or the schema is missing or
            cannot be read.
            """,
        arguments: [ArgumentSpec("report", help: "The JUnit XML file to check ('-': standard input).")],
        options: [
            schema.spec
        ],
        action: { invocation throws(CLIError) in try run(invocation) })

    /// `--schema <name-or-xsd>`: a built-in schema's name or an XSD file.
    static let schema = Options.text(
        "schema", name: "name-or-xsd",
        help: "Also validate against a built-in schema (jenkins) or this XML Schema file.")

    /// Validates the report and prints the verdict.
    static func run(_ invocation: Invocation) throws(CLIError) -> ExitCode {
        let path = invocation.positionals[0]
        let shown = InputFile.displayName(path)
        let schema = try schema.value(in: invocation).map(JUnitSchema.named)
        let result: JUnitValidation
        do {
            result = try JUnitValidator.validate(file: path, schema: schema)
        } catch {
            throw CLIError(error)
        }
        let against = schema.map { " against \($0)" } ?? ""
        guard result.isValid else {
            for problem in result.problems {
                invocation.console.line("\(shown):\(problem.line > 0 ? "\(problem.line):" : "") \(problem.message)")
            }
            let unlisted = result.problemCount - result.problems.count
            if unlisted > 0 { invocation.console.line("... and \(unlisted) more") }
            let noun = result.problemCount == 1 ? "problem" : "problems"
            invocation.console.line("\(shown): not valid\(against) (\(result.problemCount) \(noun)).")
            return .checkFailed
        }
        invocation.console.line(
            "\(shown): valid\(against) (\(JUnitSummary.text(result.totals, suites: result.suiteCount))).")
        return .success
    }
}
