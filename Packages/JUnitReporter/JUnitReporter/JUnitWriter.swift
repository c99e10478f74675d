import UpdateCheckIO

/// Writes a whole ``JUnitReport`` to a file in one call.
public enum JUnitWriter {
    /// Writes `report` to `path` atomically and returns its totals.
    ///
    /// The counts are computed from the cases first, so the file is written
    /// in a single streaming pass (no scratch file). Every string is
    /// sanitised (see ``JUnitText``); times use `.` and three decimals;
    /// timestamps are UTC.
    ///
    /// - Complexity: O(total size of the report's text); memory beyond the
    ///   report itself is O(1) (fixed buffers).
    /// - Throws: ``JUnitReporterError/cannotCreate(path:reason:)`` naming the
    ///   reason; any previous file at `path` is then left untouched and no
    ///   temporary file remains.
    @discardableResult
    public static func write(_ report: JUnitReport, to path: String, options: JUnitWriterOptions = JUnitWriterOptions())
        throws(JUnitReporterError) -> JUnitTotals
    {
        let target = try JUnitReporterError.mapping { () throws(IOError) in try AtomicFile(path: path) }
        let sink = XMLSink(
            output: FileOutput(descriptor: try JUnitReporterError.mapping { () throws(IOError) in try target.open() }))
        let suiteTotals = report.suites.map(\.totals)
        var totals = JUnitTotals()
        for suite in suiteTotals { totals.add(suite) }
        if let time = report.time { totals.milliseconds = JUnitTimeFormat.milliseconds(time) }
        sink.declaration()
        JUnitElements.openRoot(name: report.name, totals: totals, on: sink, options: options)
        for (suite, suiteTotal) in zip(report.suites, suiteTotals) {
            JUnitElements.openSuite(
                name: suite.name, timestamp: JUnitTimeFormat.timestamp(suite.timestamp), totals: suiteTotal, on: sink,
                options: options)
            JUnitElements.properties(suite.properties, on: sink, options: options)
            for testCase in suite.cases { JUnitElements.testCase(testCase, on: sink, options: options) }
            JUnitElements.suiteOutput(
                systemOut: suite.systemOut, systemErr: suite.systemErr, on: sink, options: options)
            let hasContent =
                !suite.properties.isEmpty || !suite.cases.isEmpty || suite.systemOut != nil || suite.systemErr != nil
            JUnitElements.closeSuite(hasContent: hasContent, on: sink)
        }
        JUnitElements.closeRoot(on: sink)
        if let reason = sink.finish() { throw JUnitReporterError(target.writeFailure(reason: reason)) }
        try JUnitReporterError.mapping { () throws(IOError) in try target.commit(syncing: options.syncsToDisk) }
        return totals
    }
}
