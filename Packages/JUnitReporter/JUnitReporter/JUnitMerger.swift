import UpdateCheckLibXML2

/// Combines the JUnit reports of CI shards into one report, streaming
/// (bounded memory whatever the size of the inputs).
///
/// Every `<testsuite>` of every input becomes a suite of the output, in
/// input order, with its attributes, properties, cases and output copied
/// (cases through libxml2's writer). Suites nested in suites are flattened,
/// each keeping its own name; optionally, suites of the same name are
/// combined into one. The counts and times of every suite and of the root
/// are recomputed from the cases.
///
/// What other tools write is repaired so that the output always passes
/// ``JUnitValidator``:
/// - **Several results in one case**: every `<failure>`, `<error>` and
///   `<skipped>` directly in a case counts (a case with a failure and an
///   error adds 1 to `failures` and 1 to `errors`), as junitparser counts
///   them; `tests` counts cases.
/// - **Results directly in a suite** (Ant and Jenkins write an `<error>` there
///   when a class fails to load) become a case of their own named
///   `(suite error)`, `(suite failure)` or `(suite skipped)`, with the suite's
///   name as class name, and are counted.
/// - **Times** in any decimal form or e-notation (`4.5e-05`, `.5`, `1,234.5`)
///   are written as seconds with three decimals; a negative time becomes 0
///   with a warning; anything else is refused, and so is a time longer than
///   ``JUnitTimeFormat/maxMilliseconds`` (about 31,700 years: `1e308`). A
///   suite's or the root's sum is held at that most.
/// - **Timestamps** are written as UTC `YYYY-MM-DDTHH:MM:SS` (accepted: a `T`
///   or a space, fractions, `Z`, `UTC`, offsets such as `+01:00`); a leap
///   second (second 60 of 23:59 in UTC) is written as the second before it,
///   with a warning, since `xs:dateTime` has no second 60; one that is not a
///   date is left out with a warning.
/// - **A case without a name** is named `(unnamed case, line N)`, N its line
///   in the input, with a warning.
/// - **Properties of the root**: `<properties>`, or any other element but a
///   suite, directly in `<testsuites>` (``JUnitValidator`` accepts them) is
///   left out with a warning: the merged `<testsuites>` holds suites only,
///   as the Jenkins junit-10 schema requires.
/// - **Namespaces** declared on an input's `<testsuites>` (and on suites
///   that get flattened) are declared again on each suite written that uses
///   them (in its own name or attributes, or anywhere in its content, which
///   is copied in their scope), so the output is namespace-well-formed, each
///   declaration is written at most once per suite, and declarations no
///   name uses are left out: the output grows with the input, not with
///   suites × declarations. Combined suites (`combiningSuites`) are one only
///   when they were read under the same declarations (a suite of the same
///   name that binds a prefix otherwise stays apart); the suite declares
///   what each part uses, and when that would be more than
///   ``JUnitReadingBounds/maxAttributes`` attributes, another suite of that
///   name is started. A default namespace (`xmlns="…"`) on `<testsuites>` or
///   a `<testsuite>` is refused: it puts the JUnit elements in it, and the
///   merged `<testsuites>`, in no namespace as JUnit's, would mix the two.
///
/// An input that is not a well-formed JUnit report, or that goes past the
/// ``JUnitReadingBounds``, is rejected naming the file, the line and the
/// reason, and no output is written.
public enum JUnitMerger {
    /// Merges the reports at `inputs` into `output`.
    ///
    /// - Parameters:
    ///   - inputs: the reports to merge, in order.
    ///   - output: where to write the merged report.
    ///   - name: the output's `<testsuites name>`; by default the name of the
    ///     first input's `<testsuites>`, else `"updatecheck"`.
    ///   - combiningSuites: whether suites of the same name (the shards of
    ///     one run) become one suite, at the place of the first, holding the
    ///     content of all in input order with the first one's attributes.
    ///   - options: how the merged report is written.
    ///   - warn: called with each warning (`file:line: message`) about an
    ///     input that was repaired; the first 20 per input are given, then
    ///     how many more there were.
    /// - Returns: the totals of the merged report.
    /// - Throws: ``JUnitReporterError/cannotRead(path:reason:)`` for a
    ///   missing input; ``JUnitReporterError/malformed(path:line:reason:)``
    ///   for an input that is not XML or not JUnit;
    ///   ``JUnitReporterError/cannotCreate(path:reason:)`` when the output
    ///   cannot be written. On any error a previous file at `output` is left
    ///   as it was.
    /// - Complexity: O(total size of the inputs); memory O(number of suites)
    ///   plus the attributes and namespace declarations they write.
    @discardableResult
    public static func merge(
        _ inputs: [String], into output: String, name: String? = nil, combiningSuites: Bool = false,
        options: JUnitWriterOptions = JUnitWriterOptions(), warn: (String) -> Void = { _ in }
    ) throws(JUnitReporterError) -> JUnitTotals {
        for input in inputs { try XMLReader.checkReadable(input) }
        let writer = try JUnitStreamWriter(path: output, name: name ?? "updatecheck", options: options)
        writer.combinesSuitesByName = combiningSuites
        var named = name != nil
        for input in inputs {
            let diagnostics = XMLDiagnostics(limit: 1)
            let reader = try XMLReader(path: input, diagnostics: diagnostics)
            var copier = JUnitMergeCopier(reader: reader, writer: writer)
            do {
                let rootName = try copier.copyReport()
                if !named, let rootName {
                    writer.name = rootName
                    named = true
                }
                copier.warnings.forEach(warn)
                if copier.warningCount > copier.warnings.count {
                    warn("\(input): ... and \(copier.warningCount - copier.warnings.count) more warnings")
                }
            } catch {
                writer.discard()
                throw error
            }
        }
        return try writer.finish()
    }
}
