import CLibXML2

/// Combines the JUnit reports of CI shards into one report, streaming
/// (bounded memory whatever the size of the inputs).
///
/// Every `<testsuite>` of every input becomes a suite of the output, in
/// input order, with its attributes, properties, cases and output copied
/// (cases as they are, through libxml2's writer). Suites nested in suites
/// are flattened, each keeping its own name; optionally, suites of the same
/// name are combined into one. The counts and times of every
/// suite and of the root are recomputed from the cases; a case counts as an
/// error when it has an `<error>`, else as a failure when it has a
/// `<failure>`, else as skipped when it has a `<skipped>`.
///
/// An input that is not a well-formed JUnit report is rejected naming the
/// file, the line and the reason, and no output is written.
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
    /// - Returns: the totals of the merged report.
    /// - Throws: ``JUnitReporterError/cannotRead(path:reason:)`` for a
    ///   missing input; ``JUnitReporterError/malformed(path:line:reason:)``
    ///   for an input that is not XML or not JUnit;
    ///   ``JUnitReporterError/cannotCreate(path:reason:)`` when the output
    ///   cannot be written. On any error a previous file at `output` is left
    ///   as it was.
    /// - Complexity: O(total size of the inputs); memory O(number of suites).
    @discardableResult
    public static func merge(
        _ inputs: [String], into output: String, name: String? = nil, combiningSuites: Bool = false,
        options: JUnitWriterOptions = JUnitWriterOptions()
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
            } catch {
                writer.discard()
                throw error
            }
        }
        return try writer.finish()
    }
}
