import Foundation
import UpdateCheckIO
import UpdateCheckPlatform

/// Writes a JUnit report case by case, in bounded memory, for runs too large
/// to hold as a ``JUnitReport``.
///
/// ```swift
/// let writer = try JUnitStreamWriter(path: "reports/diff.xml", name: "updatecheck")
/// try writer.beginSuite(name: "diff.exhaustive", timestamp: Date())
/// for testCase in cases { try writer.add(testCase) }
/// try writer.endSuite()
/// let totals = try writer.finish()
/// ```
///
/// How the counts get in front of the cases: `<testsuite>` and
/// `<testsuites>` carry counts that are only known once every case is seen,
/// and a streaming writer must emit attributes before children. Each case is
/// therefore written (through libxml2's `xmlTextWriter`, sanitised) to an
/// anonymous scratch file beside the report while its outcome is tallied; a
/// suite only records its name, timestamp, tallies and byte range there.
/// ``finish()`` writes the XML declaration, `<testsuites>` with the totals,
/// and for every suite its start tag with its counts followed by a straight
/// copy of its byte range, then renames the finished file into place.
///
/// - Complexity: O(total bytes) time: each case is serialised once and its
///   bytes copied once. Memory is O(1) in the number of cases (fixed
///   buffers) plus O(s) for the `s` suites' names and counts. Disk: about
///   twice the report's size until ``finish()`` returns.
///
/// The report appears at `path` only when ``finish()`` succeeds; until then,
/// and after any failure or ``discard()``, a previous file at `path` is
/// untouched and no temporary file is left behind: the report's temporary
/// file is only created by ``finish()``. A symbolic link at `path` is
/// followed; a device or FIFO there is written through, never replaced.
public final class JUnitStreamWriter {
    /// The report's final path.
    public let path: String
    /// How text is capped and whether the file is synced.
    public let options: JUnitWriterOptions

    private struct SuiteRecord {
        var name: String
        var timestamp: String?
        var extra: [(name: String, value: String)] = []
        /// The namespace declarations written after `extra` (merging): those
        /// the suite's content uses, out of its ``scope``.
        var namespaces: [(name: String, value: String)] = []
        /// The namespace bindings the suite's content was read in (merging;
        /// see ``namespaceScope(parent:declarations:)``), 0 for none.
        var scope = 0
        var totals = JUnitTotals()
        /// Where the open part of the suite starts in the scratch file.
        var start: Int64
        /// The byte ranges of the suite's content in the scratch file (more
        /// than one when suites of the same name are combined).
        var ranges: [Range<Int64>] = []
    }

    /// What makes suites one when they are combined: the name, and the
    /// namespace bindings the content was read in (a suite of the same name
    /// read under other bindings stays apart, so that every prefix its
    /// content uses keeps its meaning).
    private struct SuiteKey: Hashable {
        var name: String
        var scope: Int
    }

    /// What makes two namespace scopes one: the scope they are declared in,
    /// and the declarations (`name=value`, sorted).
    private struct ScopeKey: Hashable {
        var parent: Int
        var declarations: [String]
    }

    /// The `<testsuites name>`; may be changed until ``finish()``.
    var name: String
    /// Whether a suite whose name was seen before continues that suite
    /// instead of starting another (merging shards of one run).
    var combinesSuitesByName = false
    /// With ``combinesSuitesByName``: the index in `suites` of each name
    /// and namespace scope.
    private var suiteIndex: [SuiteKey: Int] = [:]
    /// The namespace scopes seen (merging), each with its number.
    private var scopes: [ScopeKey: Int] = [:]
    private var target: AtomicFile?
    private let scratch: Int32
    private let scratchOutput: FileOutput
    private let body: XMLSink
    private var suites: [SuiteRecord] = []
    private var openSuite: SuiteRecord?
    private var totals = JUnitTotals()

    /// Starts a report named `name` (the `<testsuites name>`) for `path`.
    ///
    /// - Throws: ``JUnitReporterError/cannotCreate(path:reason:)`` when the
    ///   folder is missing or no file can be created in it.
    public init(path: String, name: String, options: JUnitWriterOptions = JUnitWriterOptions())
        throws(JUnitReporterError)
    {
        self.path = path
        self.name = name
        self.options = options
        let target = try JUnitReporterError.mapping { () throws(IOError) in try AtomicFile(path: path) }
        self.target = target
        scratch = try JUnitReporterError.mapping { () throws(IOError) in
            try AtomicFile.scratch(in: target.scratchFolder, for: path)
        }
        scratchOutput = FileOutput(descriptor: scratch)
        body = XMLSink(output: scratchOutput)
    }

    deinit {
        scratchOutput.detach()
        System.closeQuietly(scratch)
    }

    /// The counts of every case added so far.
    public var totalsSoFar: JUnitTotals { totals }

    /// Opens a suite; cases added next belong to it.
    ///
    /// - Throws: ``JUnitReporterError/misuse(_:)`` when a suite is already
    ///   open or the report is finished; a write error as
    ///   ``JUnitReporterError/cannotCreate(path:reason:)``.
    public func beginSuite(name: String, timestamp: Date, properties: [JUnitProperty] = [])
        throws(JUnitReporterError)
    {
        try ensureWritable()
        if let openSuite {
            throw .misuse("beginSuite(\"\(name)\") while the suite \"\(openSuite.name)\" is still open")
        }
        openSuite = SuiteRecord(name: name, timestamp: JUnitTimeFormat.timestamp(timestamp), start: body.position())
        JUnitElements.properties(properties, on: body, options: options)
    }

    /// Opens a suite whose attributes come from another report (merging):
    /// `extra` holds every attribute but the name, the counts and the
    /// namespace declarations, which ``endSuite(droppingIfEmpty:namespaces:)``
    /// gives once the content is read; `scope` numbers the namespace bindings
    /// its content is read in (``namespaceScope(parent:declarations:)``).
    func beginSuite(name: String, extra: [(name: String, value: String)], scope: Int) throws(JUnitReporterError) {
        try ensureWritable()
        if let openSuite { throw .misuse("beginSuite(\"\(name)\") while \"\(openSuite.name)\" is still open") }
        openSuite = SuiteRecord(name: name, timestamp: nil, extra: extra, scope: scope, start: body.position())
    }

    /// The number of the namespace scope that `declarations` (`xmlns` and
    /// `xmlns:p` attributes) make inside the scope numbered `parent` (0: the
    /// output's root, where nothing is declared): equal for equal
    /// declarations in one scope, whichever input they come from; `parent`
    /// itself when there are none.
    ///
    /// - Complexity: O(d log d) for the `d` declarations; memory O(d) for
    ///   each new scope.
    func namespaceScope(parent: Int, declarations: [(name: String, value: String)]) -> Int {
        guard !declarations.isEmpty else { return parent }
        let key = ScopeKey(parent: parent, declarations: declarations.map { "\($0.name)=\($0.value)" }.sorted())
        if let scope = scopes[key] { return scope }
        let scope = scopes.count + 1
        scopes[key] = scope
        return scope
    }

    /// Where copied markup of the open suite goes (merging).
    var bodySink: XMLSink { body }

    /// Counts a case whose markup was copied into ``bodySink``.
    func countCopiedCase(_ counted: JUnitTotals) {
        openSuite?.totals.add(counted)
    }

    /// Whether nothing was written into the open suite yet (merging).
    var openSuiteIsEmpty: Bool { openSuite.map { body.position() == $0.start } ?? true }

    /// Closes the open suite (merging), whose content uses the namespace
    /// declarations `namespaces` of its scope; when `droppingIfEmpty` and
    /// nothing was written into it, it is left out of the report (the empty
    /// part of a suite that held nested suites).
    ///
    /// With ``combinesSuitesByName``, a suite that continues one of its name
    /// and scope adds the declarations that one lacks, unless that would
    /// put more than ``JUnitReadingBounds/maxAttributes`` attributes on it:
    /// then it starts another suite of that name, which the next ones
    /// continue.
    func endSuite(droppingIfEmpty: Bool, namespaces: [(name: String, value: String)]) throws(JUnitReporterError) {
        guard openSuite != nil else { throw .misuse("endSuite() without an open suite") }
        if droppingIfEmpty, openSuiteIsEmpty {
            openSuite = nil
            return
        }
        openSuite!.namespaces = namespaces
        try endSuite()
    }

    /// Writes one case into the open suite and counts it.
    ///
    /// - Throws: ``JUnitReporterError/misuse(_:)`` outside a suite; a write
    ///   error as ``JUnitReporterError/cannotCreate(path:reason:)``.
    /// - Complexity: O(size of the case's text).
    public func add(_ testCase: JUnitTestCase) throws(JUnitReporterError) {
        guard openSuite != nil else {
            try ensureWritable()
            throw .misuse("add(\"\(testCase.name)\") outside a suite: call beginSuite first")
        }
        if scratchOutput.failure != nil { try ensureWritable() }
        JUnitElements.testCase(testCase, on: body, options: options)
        openSuite!.totals.add(testCase)
    }

    /// Closes the open suite, with optional suite-level output.
    ///
    /// - Throws: ``JUnitReporterError/misuse(_:)`` when no suite is open.
    public func endSuite(systemOut: String? = nil, systemErr: String? = nil) throws(JUnitReporterError) {
        try ensureWritable()
        guard var suite = openSuite else { throw .misuse("endSuite() without an open suite") }
        JUnitElements.suiteOutput(systemOut: systemOut, systemErr: systemErr, on: body, options: options)
        let end = body.position()
        if end > suite.start { suite.ranges.append(suite.start..<end) }
        totals.add(suite.totals)
        if combinesSuitesByName {
            let key = SuiteKey(name: suite.name, scope: suite.scope)
            if let index = suiteIndex[key], Self.combine(suite, into: &suites[index]) {
                suites[index].ranges += suite.ranges
                suites[index].totals.add(suite.totals)
            } else {
                suiteIndex[key] = suites.count
                suites.append(suite)
            }
        } else {
            suites.append(suite)
        }
        openSuite = nil
        try ensureWritable()
    }

    /// Writes the header with the totals, copies the suites behind it and
    /// renames the report into place. A suite still open is closed first.
    ///
    /// - Returns: the report's totals.
    /// - Throws: ``JUnitReporterError/cannotCreate(path:reason:)``; nothing
    ///   is left at `path` but what was there before.
    @discardableResult
    public func finish() throws(JUnitReporterError) -> JUnitTotals {
        if openSuite != nil { try endSuite() }
        try ensureWritable()
        guard let target else { throw .misuse("finish() called twice") }
        defer { self.target = nil }
        if let reason = body.finish() { throw JUnitReporterError(target.writeFailure(reason: reason)) }
        let output = FileOutput(descriptor: try JUnitReporterError.mapping { () throws(IOError) in try target.open() })
        let sink = XMLSink(output: output)
        sink.declaration()
        JUnitElements.openRoot(name: name, totals: totals, on: sink, options: options)
        for suite in suites {
            JUnitElements.openSuite(
                name: suite.name, timestamp: suite.timestamp, totals: suite.totals,
                extra: suite.extra + suite.namespaces, on: sink, options: options)
            for range in suite.ranges {
                sink.copy(from: scratch, start: range.lowerBound, length: range.upperBound - range.lowerBound)
            }
            JUnitElements.closeSuite(hasContent: !suite.ranges.isEmpty, on: sink)
        }
        JUnitElements.closeRoot(on: sink)
        if let reason = sink.finish() { throw JUnitReporterError(target.writeFailure(reason: reason)) }
        try JUnitReporterError.mapping { () throws(IOError) in try target.commit(syncing: options.syncsToDisk) }
        return totals
    }

    /// Abandons the report: removes the temporary file, leaves `path` as it was.
    public func discard() {
        target?.discard()
        target = nil
    }

    /// Adds to `target` (a suite of the same name and scope) the namespace
    /// declarations of `suite` it lacks; `false`, leaving it as it was, when
    /// they would give it more than ``JUnitReadingBounds/maxAttributes``
    /// attributes (its name and five counts included).
    ///
    /// - Complexity: O(n) in the declarations of both.
    private static func combine(_ suite: SuiteRecord, into target: inout SuiteRecord) -> Bool {
        let declared = Set(target.namespaces.lazy.map(\.name))
        // In one scope a prefix has one binding: the names are enough.
        let missing = suite.namespaces.filter { !declared.contains($0.name) }
        guard !missing.isEmpty else { return true }
        guard target.extra.count + target.namespaces.count + missing.count + 6 <= JUnitReadingBounds.maxAttributes
        else { return false }
        target.namespaces += missing
        return true
    }

    private func ensureWritable() throws(JUnitReporterError) {
        guard let target else { throw .misuse("the report \(path) is already finished or discarded") }
        if let failure = scratchOutput.failure {
            let reason = failure.description
            discard()
            throw JUnitReporterError(target.writeFailure(reason: reason))
        }
    }
}
