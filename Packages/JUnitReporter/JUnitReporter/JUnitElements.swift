/// The elements of a JUnit report, written onto an ``XMLSink``: the markup
/// shared by the streaming writer, the whole-report writer and the merger.
///
/// Layout: one element per line, two spaces of indentation per level (the
/// whitespace sits between elements, never inside text).
enum JUnitElements {
    /// `<testsuites name tests failures errors time>`, opened.
    ///
    /// The Jenkins junit-10 schema has no `skipped` attribute on
    /// `<testsuites>`, so it is left out there (each suite carries it).
    static func openRoot(name: String, totals: JUnitTotals, on sink: XMLSink, options: JUnitWriterOptions) {
        sink.start("testsuites")
        sink.attribute("name", name, limit: options.maxAttributeBytes)
        counts(totals, on: sink, skipped: false)
    }

    /// `</testsuites>` and the final line break.
    static func closeRoot(on sink: XMLSink) {
        sink.raw("\n")
        sink.end()
        sink.raw("\n")
    }

    /// `<testsuite name tests failures errors skipped time timestamp>`, opened;
    /// `extra` attributes (kept from merged reports) follow the timestamp.
    static func openSuite(
        name: String, timestamp: String?, totals: JUnitTotals, extra: [(name: String, value: String)] = [],
        on sink: XMLSink, options: JUnitWriterOptions
    ) {
        sink.raw("\n  ")
        sink.start("testsuite")
        sink.attribute("name", name, limit: options.maxAttributeBytes)
        counts(totals, on: sink, skipped: true)
        if let timestamp { sink.attribute("timestamp", timestamp, limit: .max) }
        for attribute in extra { sink.attribute(named: attribute.name, attribute.value, limit: .max) }
    }

    /// `</testsuite>`; `hasContent` puts it on its own line.
    static func closeSuite(hasContent: Bool, on sink: XMLSink) {
        if hasContent { sink.raw("\n  ") }
        sink.end()
    }

    /// `<properties>` with one `<property name value>` each (nothing when empty).
    static func properties(_ properties: [JUnitProperty], on sink: XMLSink, options: JUnitWriterOptions) {
        guard !properties.isEmpty else { return }
        sink.raw("\n    ")
        sink.start("properties")
        for property in properties {
            sink.raw("\n      ")
            sink.start("property")
            sink.attribute("name", property.name, limit: options.maxAttributeBytes)
            sink.attribute("value", property.value, limit: options.maxAttributeBytes)
            sink.end()
        }
        sink.raw("\n    ")
        sink.end()
    }

    /// Suite-level `<system-out>` / `<system-err>` (nothing for `nil`).
    static func suiteOutput(systemOut: String?, systemErr: String?, on sink: XMLSink, options: JUnitWriterOptions) {
        if let systemOut { textElement("system-out", systemOut, indent: "\n    ", on: sink, options: options) }
        if let systemErr { textElement("system-err", systemErr, indent: "\n    ", on: sink, options: options) }
    }

    /// One `<testcase name classname time>` with its outcome and output.
    static func testCase(_ testCase: JUnitTestCase, on sink: XMLSink, options: JUnitWriterOptions) {
        sink.raw("\n    ")
        sink.start("testcase")
        sink.attribute("name", testCase.name, limit: options.maxAttributeBytes)
        sink.attribute("classname", testCase.className, limit: options.maxAttributeBytes)
        sink.attribute("time", milliseconds: JUnitTimeFormat.milliseconds(testCase.time))
        var hasContent = false
        switch testCase.outcome {
        case .passed:
            break
        case .failure(let message, let type, let details):
            outcome("failure", message: message, type: type, details: details, on: sink, options: options)
            hasContent = true
        case .error(let message, let type, let details):
            outcome("error", message: message, type: type, details: details, on: sink, options: options)
            hasContent = true
        case .skipped(let message):
            sink.raw("\n      ")
            sink.start("skipped")
            if let message { sink.attribute("message", message, limit: options.maxAttributeBytes) }
            sink.end()
            hasContent = true
        }
        if let systemOut = testCase.systemOut {
            textElement("system-out", systemOut, indent: "\n      ", on: sink, options: options)
            hasContent = true
        }
        if let systemErr = testCase.systemErr {
            textElement("system-err", systemErr, indent: "\n      ", on: sink, options: options)
            hasContent = true
        }
        if hasContent { sink.raw("\n    ") }
        sink.end()
    }

    private static func outcome(
        _ element: StaticString, message: String, type: String, details: String, on sink: XMLSink,
        options: JUnitWriterOptions
    ) {
        sink.raw("\n      ")
        sink.start(element)
        sink.attribute("message", message, limit: options.maxAttributeBytes)
        sink.attribute("type", type, limit: options.maxAttributeBytes)
        sink.text(details, limit: options.maxOutputBytes)
        sink.end()
    }

    private static func textElement(
        _ element: StaticString, _ text: String, indent: StaticString, on sink: XMLSink, options: JUnitWriterOptions
    ) {
        sink.raw(indent)
        sink.start(element)
        sink.text(text, limit: options.maxOutputBytes)
        sink.end()
    }

    private static func counts(_ totals: JUnitTotals, on sink: XMLSink, skipped: Bool) {
        sink.attribute("tests", String(totals.tests), limit: .max)
        sink.attribute("failures", String(totals.failures), limit: .max)
        sink.attribute("errors", String(totals.errors), limit: .max)
        if skipped { sink.attribute("skipped", String(totals.skipped), limit: .max) }
        sink.attribute("time", milliseconds: totals.milliseconds)
    }
}
