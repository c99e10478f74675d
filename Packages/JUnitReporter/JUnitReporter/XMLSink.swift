import UpdateCheckIO
import UpdateCheckLibXML2

/// libxml2's streaming `xmlTextWriter` onto a ``FileOutput``, taking Swift
/// strings and sanitising every one of them on the way in.
///
/// Names of elements and attributes are static strings; values and text go
/// through ``JUnitText`` (ANSI removed, characters outside XML 1.0 escaped,
/// capped) before libxml2 escapes markup. The first failing libxml2 call is
/// remembered and reported by ``finish()``.
final class XMLSink {
    /// Where the bytes go.
    let output: FileOutput
    private let writer: xmlTextWriterPtr
    private var failed = false

    /// Creates a sink onto `output` (no XML declaration is written).
    init(output: FileOutput) {
        _ = LibXML.initialized
        self.output = output
        let context = Unmanaged.passUnretained(output).toOpaque()
        let buffer = xmlOutputBufferCreateIO(
            { context, bytes, length in
                // A failed write is remembered by the output and reported by
                // finish(); libxml2 is told all is well, so that it does not
                // print its own message on standard error.
                let output = Unmanaged<FileOutput>.fromOpaque(context!).takeUnretainedValue()
                output.append(bytes!, Int(length))
                return length
            }, nil, context, nil)
        writer = xmlNewTextWriter(buffer)
    }

    deinit { xmlFreeTextWriter(writer) }

    /// Writes `<?xml version="1.0" encoding="UTF-8"?>` and a line break.
    func declaration() {
        raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
    }

    /// Opens the element `name`.
    func start(_ name: StaticString) {
        check(xmlTextWriterStartElement(writer, name.utf8Start))
    }

    /// Closes the innermost open element (`/>` when it has no content).
    func end() {
        check(xmlTextWriterEndElement(writer))
    }

    /// Writes the attribute `name` of the element just opened, sanitising and
    /// capping `value` to `limit` bytes.
    func attribute(_ name: StaticString, _ value: String, limit: Int) {
        withSafeCString(value, limit: limit) { check(xmlTextWriterWriteAttribute(writer, name.utf8Start, $0)) }
    }

    /// Writes character data, sanitised and capped to `limit` bytes.
    func text(_ value: String, limit: Int) {
        guard !value.isEmpty else { return }
        withSafeCString(value, limit: limit) { check(xmlTextWriterWriteString(writer, $0)) }
    }

    /// Writes a `time` attribute: seconds with three decimals, no allocation.
    func attribute(_ name: StaticString, milliseconds: Int64) {
        JUnitTimeFormat.withSeconds(milliseconds: milliseconds) {
            check(xmlTextWriterWriteAttribute(writer, name.utf8Start, $0))
        }
    }

    /// Writes the attribute `name` with a run-time name, sanitising and
    /// capping `value` like ``attribute(_:_:limit:)``.
    func attribute(named name: String, _ value: String, limit: Int) {
        withSafeCString(name, limit: .max) { name in
            withSafeCString(value, limit: limit) { check(xmlTextWriterWriteAttribute(writer, name, $0)) }
        }
    }

    /// Opens an element named by a NUL-terminated string from libxml2's parser.
    func start(parsed name: UnsafePointer<UInt8>) {
        check(xmlTextWriterStartElement(writer, name))
    }

    /// Writes an attribute whose name and value come from libxml2's parser
    /// (well-formed input holds only XML 1.0 characters, so no sanitising).
    func attribute(parsed name: UnsafePointer<UInt8>, _ value: UnsafePointer<UInt8>) {
        check(xmlTextWriterWriteAttribute(writer, name, value))
    }

    /// Writes character data that comes from libxml2's parser.
    func text(parsed value: UnsafePointer<UInt8>) {
        check(xmlTextWriterWriteString(writer, value))
    }

    /// Writes `markup` as it is (line breaks and indentation between elements).
    func raw(_ markup: StaticString) {
        check(xmlTextWriterWriteRaw(writer, markup.utf8Start))
    }

    /// Copies `length` bytes of already-written markup from `source` into the
    /// current element (closing its start tag first).
    func copy(from source: Int32, start: Int64, length: Int64) {
        check(xmlTextWriterWriteRawLen(writer, "", 0))
        check(xmlTextWriterFlush(writer))
        if !output.copy(from: source, start: start, length: length) { failed = true }
    }

    /// Hands everything written so far to the file descriptor.
    ///
    /// - Returns: `nil` on success, else the reason of the first failure.
    /// The output is detached afterwards: nothing more reaches the descriptor.
    func finish() -> String? {
        check(xmlTextWriterFlush(writer))
        if !output.flush() { failed = true }
        let failure = output.failure
        output.detach()
        guard failed else { return nil }
        if let failure { return failure.description }
        return "libxml2 could not write the document"
    }

    /// Hands libxml2's buffered bytes to ``output``.
    func flushWriter() {
        check(xmlTextWriterFlush(writer))
    }

    private func check(_ result: Int32) {
        if result < 0 { failed = true }
    }

    /// Calls `body` with a NUL-terminated, XML-safe copy of `value`, without
    /// copying when `value` is already safe and short enough.
    private func withSafeCString(_ value: String, limit: Int, _ body: (UnsafePointer<UInt8>) -> Void) {
        var safe = value
        if value.utf8.count > limit || !JUnitText.isXMLSafe(value) {
            safe = JUnitText.capped(JUnitText.sanitized(value), maxBytes: limit)
        }
        safe.withCString { body(UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self)) }
    }
}

extension XMLSink {
    /// The number of bytes written so far, after handing libxml2's buffer on
    /// (so that the next element starts exactly there).
    func position() -> Int64 {
        flushWriter()
        return output.offset
    }
}
