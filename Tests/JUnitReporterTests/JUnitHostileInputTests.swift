import Foundation
import Testing

@testable import JUnitReporter

/// Reports written to hurt: every file in `Tests/Fixtures/hostile/junit-*`
/// and the huge ones generated here end as the README says, with the error
/// naming file, line and reason, and every merged report validates.
@Suite struct JUnitHostileInputTests {
    /// The folder of the hostile fixtures.
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/hostile")

    static func fixture(_ name: String) -> String { fixtures.appendingPathComponent(name).path }

    /// Merges `inputs`; returns the error, or `nil` after checking that the
    /// output passes ``JUnitValidator``.
    func mergeError(_ inputs: [String]) throws -> JUnitReporterError? {
        let output = TemporaryFolder.shared.path("merged.xml")
        do {
            try JUnitMerger.merge(inputs, into: output)
        } catch {
            #expect(!FileManager.default.fileExists(atPath: output))
            return error
        }
        #expect(try JUnitValidator.validate(file: output).problems == [])
        return nil
    }

    @Test(arguments: [
        ("junit-billion-laughs.xml", 2), ("junit-entity-in-text.xml", 2),
    ])
    func documentTypesAreRefusedWithTheirLine(name: String, line: Int) throws {
        let path = Self.fixture(name)
        let refused = JUnitReadingBounds.refusedDoctype(path: path, line: line)
        #expect(try mergeError([path]) == refused)
        #expect(throws: refused) { try JUnitValidator.validate(file: path) }
        #expect(refused.description.contains("\(path):\(line): a document type declaration (<!DOCTYPE>) is refused"))
    }

    @Test func aDoctypeAfterCommentsAndInstructionsIsFoundOnItsLine() throws {
        let path = TemporaryFolder.shared.path("late.xml")
        try "<?xml version=\"1.0\"?>\n<!-- a -- b\n -->\n<?pi x?>\n\n<!DOCTYPE t>\n<testsuite/>\n"
            .write(toFile: path, atomically: false, encoding: .utf8)
        #expect(throws: JUnitReadingBounds.refusedDoctype(path: path, line: 6)) {
            try JUnitValidator.validate(file: path)
        }
        let plain = TemporaryFolder.shared.path("plain.xml")
        try
            "<!-- <!DOCTYPE --><![CDATA[<!DOCTYPE]]><testsuite name=\"&lt;!DOCTYPE\" tests=\"0\" failures=\"0\" errors=\"0\"/>"
            .write(toFile: plain, atomically: false, encoding: .utf8)
        #expect(try JUnitValidator.validate(file: plain).problems.map(\.message).allSatisfy { !$0.contains("DOCTYPE") })
    }

    /// The message of a report refused for going past a bound.
    static func past(_ path: String, line: Int, _ problem: String) -> JUnitReporterError {
        .malformed(
            path: path, line: line, reason: "\(problem); past the reading bounds (\(JUnitReadingBounds.summary))")
    }

    @Test func aNulByteIsRefusedAtOnceEvenInAHugeSparseFile() throws {
        let path = TemporaryFolder.shared.path("zeros.xml")
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: 1 << 30)  // 1 GiB of holes: refused at its first byte, none read past it
        try handle.close()
        let refused = Self.past(path, line: 1, "a NUL byte, which XML never allows")
        #expect(throws: refused) { try JUnitValidator.validate(file: path) }
        #expect(try mergeError([path]) == refused)
        let late = TemporaryFolder.shared.path("late-nul.xml")
        try Data("<testsuites>\n<testsuite name=\"a\u{0}\"".utf8).write(to: URL(fileURLWithPath: late))
        #expect(throws: Self.past(late, line: 2, "a NUL byte, which XML never allows")) {
            try JUnitValidator.validate(file: late, schema: .jenkins)
        }
    }

    /// libxml2's reader keeps every comment and processing instruction of a
    /// run with no tag in it: past 10,000 in a row a report is refused (with
    /// and without a schema, in a merge too); tags between them free them.
    @Test func commentsInARowAreBounded() throws {
        func suite(_ content: String) -> String {
            "<testsuite name=\"s\" tests=\"1\" failures=\"0\" errors=\"0\"><testcase name=\"a\">\n"
                + "<system-out>\(content)</system-out></testcase></testsuite>\n"
        }
        let limit = JUnitReadingBounds.maxCommentsInARow
        let many = try report(suite(String(repeating: "a<!---->", count: limit) + "<?p?>"), "comments.xml")
        let refused = Self.past(
            many, line: 2, "more than 10000 comments and processing instructions in a row with no tag between them")
        #expect(throws: refused) { try JUnitValidator.validate(file: many) }
        #expect(throws: refused) { try JUnitValidator.validate(file: many, schema: .jenkins) }
        #expect(try mergeError([many]) == refused)
        let exactly = try report(suite(String(repeating: "a<?p?>", count: limit)), "comments-at-the-bound.xml")
        #expect(try JUnitValidator.validate(file: exactly).problems == [])
        let apart = try report(suite(String(repeating: "<!----><x/>", count: 3 * limit)), "comments-apart.xml")
        #expect(try JUnitValidator.validate(file: apart).problems == [])
    }

    /// Text split into a million pieces (`&lt;`) would cost libxml2's schema
    /// validator many seconds: with a schema the report is refused at the
    /// line where its cost passes the bound, before the schema pass; without
    /// one it is read in a blink, and a log with a few thousand escapes is
    /// validated against the schema as before.
    @Test func textInTooManyPiecesIsNotSchemaValidated() throws {
        func suite(_ output: String) -> String {
            "<testsuite name=\"s\" tests=\"1\" failures=\"0\" errors=\"0\"><testcase name=\"a\"/>\n"
                + "<system-out>\(output)</system-out></testsuite>\n"
        }
        let split = try report(suite(String(repeating: "&lt;", count: 1_000_000)), "split-text.xml")
        #expect(try JUnitValidator.validate(file: split).problems == [])
        #expect {
            try JUnitValidator.validate(file: split, schema: .jenkins)
        } throws: { error in
            guard case .malformed(let path, let line, let reason) = error as? JUnitReporterError else { return false }
            return path == split && line == 2
                && reason.hasPrefix("its text is split by character references, CDATA sections and comments into")
        }
        let log = String(repeating: "at List&lt;String&gt;.get(Main.java:12)\n", count: 2_000)
        let escaped = try report(suite(log), "escaped-log.xml")
        #expect(try JUnitValidator.validate(file: escaped, schema: .jenkins).problems == [])
    }

    /// Bytes its declared encoding (windows-1252) cannot decode, on line 5: libxml2
    /// stops at them. Merging refuses the report, naming the bytes and the
    /// line the reader had reached when libxml2 decoded ahead to them (it
    /// wrote half a case and exited 0, found by the JUnit fuzz target), and
    /// validating lists it as not well-formed.
    @Test func bytesTheDeclaredEncodingCannotDecodeAreAnErrorOnTheirLine() throws {
        let path = Self.fixture("junit-undecodable.xml")
        let error = try #require(try mergeError([path]))
        guard case .malformed(let file, let line, let reason) = error else {
            Issue.record("refused with \(error)")
            return
        }
        #expect(file == path && (1...5).contains(line))
        #expect(reason == "not well-formed XML: input conversion failed due to input error, bytes 0x81 0x8D 0x3C 0x2F")
        let validation = try JUnitValidator.validate(file: path)
        #expect(!validation.isValid)
        #expect(validation.problems.contains { $0.line >= 1 && $0.message.contains("bytes 0x81 0x8D") })
    }

    /// Why a report whose XML declaration names `encoding` is refused.
    static func declared(_ encoding: String, hint: String? = nil) -> String {
        "the XML declaration names the encoding \"\(encoding)\", not one known to keep ASCII characters as they are "
            + "(reports are read in UTF-8, US-ASCII, ISO-8859-1 to -16 or windows-1250 to -1258): "
            + "convert it first, e.g. iconv -f \(hint ?? encoding) -t UTF-8"
    }

    /// Why a report in `encoding` (UTF-16, UTF-32, EBCDIC), told by `sign`, is refused.
    static func wide(_ encoding: String, _ sign: String, hint: String? = nil) -> String {
        "the report is \(encoding) (\(sign)), not UTF-8 or another encoding that keeps ASCII characters as they are, "
            + "which reports are read in: convert it first, e.g. iconv -f \(hint ?? encoding) -t UTF-8"
    }

    /// The gate checks the bytes libxml2 parses for `<`, `<!D`, `=` and NUL:
    /// a report libxml2 would decode from UTF-7, EBCDIC, UTF-16 or UTF-32
    /// hides its markup from it (a UTF-7 tag with 200,000 attributes took
    /// libxml2 100 s and was called valid; a UTF-7 `<!DOCTYPE>` got past the
    /// gate). Such a report is refused at line 1, by validate and merge.
    @Test func reportsInEncodingsThatDoNotKeepASCIIAreRefused() throws {
        let suite = "<testsuites><testsuite name=\"s\" tests=\"0\" failures=\"0\" errors=\"0\""
        let attributes = (0..<300).map { " a\($0)=\"v\"" }.joined()
        let plain = suite + "/></testsuites>\n"
        func write(_ bytes: [UInt8], _ name: String) throws -> String {
            let path = TemporaryFolder.shared.path(name)
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            return path
        }
        func write(_ text: String, _ name: String) throws -> String { try write(Array(text.utf8), name) }
        func utf16(_ text: String, bigEndian: Bool) -> [UInt8] {
            text.utf16.flatMap { bigEndian ? [UInt8($0 >> 8), UInt8($0 & 0xFF)] : [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        }
        func utf32(_ text: String) -> [UInt8] { text.unicodeScalars.flatMap { [UInt8($0.value), 0, 0, 0] } }
        let declaration = "<?xml version=\"1.0\" encoding=\"UTF-7\"?>\n"
        let utf7 = declaration + (suite + attributes + "/></testsuites>\n").replacingOccurrences(of: "<", with: "+ADw-")
        let twoBytes = "its first character is two bytes wide"
        let cases = [
            (Self.fixture("junit-utf7-billion-laughs.xml"), Self.declared("UTF-7")),
            (try write(utf7, "utf7-attributes.xml"), Self.declared("UTF-7")),
            (
                Self.fixture("junit-ebcdic.xml"),
                Self.wide("EBCDIC", "it starts with <?xm in EBCDIC", hint: "IBM037")
            ),
            (
                try write(Array("<?xml version=\"1.0\" encoding=\"IBM037\"?>\n".utf8) + [0x4C, 0xA3, 0x85], "ibm.xml"),
                Self.declared("IBM037")
            ),
            (Self.fixture("junit-utf16.xml"), Self.wide("UTF-16", "it starts with a UTF-16 byte-order mark")),
            (
                try write([0xFE, 0xFF] + utf16(plain, bigEndian: true), "utf16be-bom.xml"),
                Self.wide("UTF-16", "it starts with a UTF-16 byte-order mark")
            ),
            (try write(utf16(plain, bigEndian: true), "utf16be.xml"), Self.wide("UTF-16", twoBytes)),
            (try write(utf16(plain, bigEndian: false), "utf16le.xml"), Self.wide("UTF-16", twoBytes)),
            (
                try write([0xFF, 0xFE, 0, 0] + utf32(plain), "utf32-bom.xml"),
                Self.wide("UTF-32", "it starts with a UTF-32 byte-order mark")
            ),
            (try write(utf32(plain), "utf32.xml"), Self.wide("UTF-32", "its first character is four bytes wide")),
            // After a UTF-8 byte-order mark, in any spacing and quotes, with
            // no blank before it (libxml2 switches all the same), and a
            // second declared encoding.
            (try write([0xEF, 0xBB, 0xBF] + Array((declaration + plain).utf8), "bom.xml"), Self.declared("UTF-7")),
            (
                try write("<?xml\n version='1.0'\r\n\tencoding = 'utf-7' ?>\(plain)", "spaced.xml"),
                Self.declared("utf-7")
            ),
            (try write("<?xml version=\"1.0\"encoding=\"UTF-16\"?>\(plain)", "unspaced.xml"), Self.declared("UTF-16")),
            (
                try write("<?xml version=\"1.0\" encoding=\"UTF-8\" encoding=\"UTF-7\"?>\(plain)", "twice.xml"),
                Self.declared("UTF-7")
            ),
            (
                try write(
                    "<?xml version=\"1.0\" encoding=\"\(String(repeating: "x", count: 65))\"?>\(plain)", "long.xml"),
                Self.declared("…", hint: "<encoding>")
            ),
        ]
        for (path, reason) in cases {
            let refused = Self.past(path, line: 1, reason)
            #expect(throws: refused) { try JUnitValidator.validate(file: path) }
            #expect(try mergeError([path]) == refused)
        }
        // A file of zeros is not UTF-32: it is refused for its NUL bytes.
        let zeros = try write([0, 0, 0, 0, 0, 0], "zeros.xml")
        #expect(try mergeError([zeros]) == Self.past(zeros, line: 1, "a NUL byte, which XML never allows"))
    }

    /// UTF-8, US-ASCII, ISO-8859-x and windows-125x keep ASCII characters as
    /// they are: a report in any of them is read, in the spellings libxml2
    /// accepts; an instruction that only starts like a declaration, and
    /// `encoding` after the declaration, are left alone.
    @Test func encodingsThatKeepASCIIAreRead() throws {
        let names = [
            "UTF-8", "utf-8", "UTF8", "utf_8", "US-ASCII", "ascii", "ISO-8859-1", "iso8859-15", "ISO_8859-2",
            "ISO-LATIN-1", "latin1", "latin10", "windows-1252", "Windows-1250", "CP1258",
        ]
        for name in names {
            let isASCII = name.lowercased().contains("ascii")
            let text =
                "<?xml version=\"1.0\" encoding='\(name)'?>\n<testsuites><testsuite name=\"caf\(isASCII ? "e" : "é")\" "
                + "tests=\"0\" failures=\"0\" errors=\"0\"/></testsuites>\n"
            let bytes =
                name.lowercased().contains("utf") ? Array(text.utf8) : text.unicodeScalars.map { UInt8($0.value) }
            let path = TemporaryFolder.shared.path("\(name).xml")
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            #expect(try JUnitValidator.validate(file: path).problems == [], "\(name)")
            let output = TemporaryFolder.shared.path("merged.xml")
            try JUnitMerger.merge([path], into: output)
            #expect(
                try ParsedReport(path: output).all("testsuite").first?.attributes["name"] == (isASCII ? "cafe" : "café")
            )
        }
        let instruction = try report(
            "<?xml-stylesheet encoding=\"UTF-7\"?>\n<testsuites><testsuite name=\"encoding='UTF-7'\" tests=\"0\" "
                + "failures=\"0\" errors=\"0\"/></testsuites>\n", "instruction.xml")
        #expect(try mergeError([instruction]) == nil)
    }

    /// libxml2 switches encoding once the declaration's value is closed: the
    /// gate hands it none of the bytes up to that quote, however the reads
    /// split them.
    @Test func theDeclaredEncodingIsRefusedBeforeLibxml2GetsItsClosingQuote() throws {
        let text = "<?xml version=\"1.0\" encoding=\"UTF-7\"?>\n+ADw-testsuites/>\n"
        // The fourth quote closes the encoding's value.
        let quote = Array(text.utf8).enumerated().filter { $0.element == UInt8(ascii: "\"") }[3].offset
        let path = try report(text, "split.xml")
        for chunk in [4, 5, 7, 16, 4096] {
            let file = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            let gate = XMLInputGate(descriptor: file.fileDescriptor, owning: false)
            var handed = 0
            var buffer = [UInt8](repeating: 0, count: chunk)
            while true {
                let read = buffer.withUnsafeMutableBufferPointer { gate.read(into: $0.baseAddress!, count: chunk) }
                guard read > 0 else {
                    #expect(read == -1)
                    break
                }
                handed += read
            }
            #expect(handed <= quote, "\(chunk)-byte reads handed \(handed) bytes")
            #expect(gate.refusal?.line == 1)
            #expect(gate.refusal?.reason.hasPrefix("the XML declaration names the encoding \"UTF-7\"") == true)
            try file.close()
        }
    }

    @Test func aReportLargerThanTheBoundIsRefusedBeforeItIsRead() throws {
        let path = TemporaryFolder.shared.path("huge.xml")
        #expect(FileManager.default.createFile(atPath: path, contents: Data("<testsuites>".utf8)))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: UInt64(JUnitReadingBounds.maxReportBytes) + 1)
        try handle.close()
        let refused = Self.past(path, line: 0, "larger than 2 GiB, the largest report read")
        #expect(throws: refused) { try JUnitValidator.validate(file: path) }
        #expect(try mergeError([path]) == refused)
        #expect(refused.description.hasPrefix("\(path): larger than 2 GiB"))
    }

    @Test func aTagWithTooManyAttributesIsRefusedBeforeLibxml2SeesIt() throws {
        func report(attributes: Int) -> String {
            let extra = (0..<attributes - 4).map { " a\($0)=\"x>y\"" }.joined()
            return
                "<testsuites>\n<!-- a=b -->\n<testsuite name='s' tests=\"0\" failures=\"0\" errors=\"0\"\(extra)/>\n</testsuites>\n"
        }
        let path = TemporaryFolder.shared.path("attributes.xml")
        try report(attributes: JUnitReadingBounds.maxAttributes).write(toFile: path, atomically: false, encoding: .utf8)
        #expect(try JUnitValidator.validate(file: path).problems == [])
        try report(attributes: 200_000).write(toFile: path, atomically: false, encoding: .utf8)
        let refused = Self.past(path, line: 3, "a start tag with more than 256 attributes")
        #expect(throws: refused) { try JUnitValidator.validate(file: path) }
        #expect(try mergeError([path]) == refused)
    }

    @Test func anUndeclaredEntityIsAnErrorNeverDroppedText() throws {
        let path = Self.fixture("junit-undeclared-entity.xml")
        #expect(
            try mergeError([path])
                == .malformed(path: path, line: 4, reason: "not well-formed XML: Entity 'who' not defined"))
        #expect(try JUnitValidator.validate(file: path).problems.first?.line == 4)
    }

    /// A report with one huge attribute or text, or deep nesting.
    static func huge(_ kind: String) throws -> String {
        let path = TemporaryFolder.shared.path("\(kind).xml")
        var text = "<testsuites>\n<testsuite name=\"s\" tests=\"1\" failures=\"0\" errors=\"0\">\n"
        switch kind {
        case "attribute-16MB": text += "<testcase name=\"" + String(repeating: "a", count: 16_000_000) + "\"/>\n"
        case "attribute-1MiB+1":
            text += "<testcase name=\"" + String(repeating: "a", count: (1 << 20) + 1) + "\"/>\n"
        case "text-8MiB+1":
            text +=
                "<testcase name=\"c\"><system-out>" + String(repeating: "a", count: (8 << 20) + 1)
                + "</system-out></testcase>\n"
        case "text-12MB":
            text +=
                "<testcase name=\"c\"><system-out>" + String(repeating: "a", count: 12_000_000)
                + "</system-out></testcase>\n"
        default:
            text +=
                "<testcase name=\"c\">" + String(repeating: "<x>", count: 300) + String(repeating: "</x>", count: 300)
                + "</testcase>\n"
        }
        text += "</testsuite>\n</testsuites>\n"
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    @Test(arguments: [
        ("attribute-16MB", "past the reading bounds"),
        (
            "attribute-1MiB+1",
            "attribute name of <testcase> is longer than 1048576 bytes (1 MiB); past the reading bounds"
        ),
        ("text-8MiB+1", "text longer than 8388608 bytes (8 MiB) inside <system-out>; past the reading bounds"),
        ("text-12MB", "past the reading bounds"),
        ("deep", "past the reading bounds"),
    ])
    func hugeInputsEndWithTheBound(kind: String, message: String) throws {
        let path = try Self.huge(kind)
        for error in [try mergeError([path]), Self.validationError(path)] {
            guard case .malformed(let errorPath, let line, let reason) = error else {
                Issue.record("\(kind): expected a refusal, got \(String(describing: error))")
                continue
            }
            #expect(errorPath == path)
            #expect(line == 3)
            #expect(reason.contains(message), "\(reason)")
            #expect(reason.hasSuffix("(\(JUnitReadingBounds.summary))"), "\(reason)")
            #expect(!reason.contains("name=\"\""))
        }
    }

    static func validationError(_ path: String) -> JUnitReporterError? {
        do {
            _ = try JUnitValidator.validate(file: path)
            return nil
        } catch {
            return error
        }
    }

    @Test func namespacesDeclaredOnTheRootSurviveTheMerge() throws {
        let output = TemporaryFolder.shared.path("merged.xml")
        try JUnitMerger.merge([Self.fixture("junit-namespaces.xml")], into: output)
        let merged = try String(contentsOfFile: output, encoding: .utf8)
        #expect(merged.contains(#"ci:shard="1" xmlns:ci="urn:example:ci">"#))
        // The cases are in the scope of their suite's declaration.
        #expect(merged.contains(#"<testcase name="a" classname="k" ci:retries="0"/>"#))
        #expect(merged.contains(#"<ci:trace>at b()</ci:trace>"#))
        // The namespace-aware reader of validate accepts it.
        #expect(try JUnitValidator.validate(file: output).problems == [])
    }

    /// Totals saturate instead of trapping, whatever counts a caller gives.
    @Test func totalsSaturate() {
        var totals = JUnitTotals(tests: .max, milliseconds: .max)
        totals.add(JUnitTotals(tests: 1, failures: 2, milliseconds: 1))
        #expect(totals == JUnitTotals(tests: .max, failures: 2, milliseconds: JUnitTimeFormat.maxMilliseconds))
        #expect(totals.passed == Int.max - 2)
        #expect(JUnitTotals(tests: 1, failures: .min).passed == Int.max)
        #expect(JUnitTotals(tests: .min, failures: 1).passed == 0)
        var low = JUnitTotals(failures: .min, milliseconds: .min)
        low.add(JUnitTotals(failures: -1, milliseconds: -1))
        #expect(low.failures == .min && low.milliseconds == 0)
    }

    /// A namespace is declared once per suite written, never once per case:
    /// 2,000 cases under a 10 KB namespace URI merge into a report about as
    /// large as the input (it grew to 20 MB when each case carried it). Suites
    /// of one name combine only when they bind the same namespaces.
    @Test func namespacesAreDeclaredOncePerSuite() throws {
        let uri = "urn:" + String(repeating: "u", count: 10_000)
        let cases = (0..<2_000).map { "<testcase name=\"c\($0)\" p:run=\"1\"/>" }.joined(separator: "\n")
        let wide = try report(
            "<testsuites xmlns:p=\"\(uri)\">\n<testsuite name=\"s\" tests=\"2000\" failures=\"0\" errors=\"0\">\n"
                + cases + "\n</testsuite>\n</testsuites>\n", "wide-namespace.xml")
        let output = TemporaryFolder.shared.path("merged-wide.xml")
        try JUnitMerger.merge([wide], into: output)
        let inputSize = try FileManager.default.attributesOfItem(atPath: wide)[.size] as! Int
        let outputSize = try FileManager.default.attributesOfItem(atPath: output)[.size] as! Int
        // Indentation adds a few bytes a case; the URI is written once.
        #expect(outputSize < inputSize + 10 * 2_000, "\(outputSize) bytes from \(inputSize)")
        #expect(try JUnitValidator.validate(file: output).problems == [])

        func shard(_ name: String, binding: String) throws -> String {
            try report(
                "<testsuites xmlns:ci=\"\(binding)\"><testsuite name=\"s\" tests=\"1\" failures=\"0\" errors=\"0\">"
                    + "<testcase name=\"\(name)\" ci:retries=\"0\"/></testsuite></testsuites>\n", "shard-\(name).xml")
        }
        let shards = [
            try shard("a", binding: "urn:one"), try shard("b", binding: "urn:two"), try shard("c", binding: "urn:one"),
        ]
        let combined = TemporaryFolder.shared.path("merged-shards.xml")
        let totals = try JUnitMerger.merge(shards, into: combined, combiningSuites: true)
        #expect(totals.tests == 3)
        let merged = try ParsedReport(path: combined)
        #expect(merged.all("testsuite").map { $0.attributes["xmlns:ci"] } == ["urn:one", "urn:two"])
        #expect(merged.all("testsuite").map { $0.attributes["tests"] } == ["2", "1"])
        #expect(try JUnitValidator.validate(file: combined).problems == [])
    }

    /// A suite written declares only the namespaces its names use (its own
    /// attributes, its cases and what they hold), not every one it inherits:
    /// 240 long declarations on the root of 2,000 suites made the output 24 MB
    /// from 130 KB, and memory grew as much. (A default namespace there is
    /// refused: see `JUnitMergerTests`.)
    @Test func suitesDeclareOnlyTheNamespacesTheyUse() throws {
        let declarations = (0..<240).map { " xmlns:n\($0)=\"urn:example:a-long-namespace-uri-\($0)\"" }.joined()
        let suites = (0..<2_000).map { "<testsuite name=\"s\($0)\" tests=\"0\" failures=\"0\" errors=\"0\"/>" }
        let input = try report(
            "<testsuites\(declarations)>\n" + suites.joined(separator: "\n")
                + "\n<testsuite name=\"used\" tests=\"1\" failures=\"1\" errors=\"0\" n7:shard=\"1\">"
                + "<testcase name=\"c\" n3:retries=\"0\"><failure><n200:trace>t</n200:trace></failure></testcase>"
                + "</testsuite>\n</testsuites>\n", "many-namespaces.xml")
        let output = TemporaryFolder.shared.path("merged-many-namespaces.xml")
        #expect(try JUnitMerger.merge([input], into: output) == JUnitTotals(tests: 1, failures: 1))
        let inputSize = try FileManager.default.attributesOfItem(atPath: input)[.size] as! Int
        let outputSize = try FileManager.default.attributesOfItem(atPath: output)[.size] as! Int
        // The counts add about 40 bytes a suite.
        #expect(outputSize < inputSize + 100 * 2_000, "\(outputSize) bytes from \(inputSize)")
        let merged = try ParsedReport(path: output)
        let written = merged.all("testsuite")
        #expect(written.count == 2_001)
        #expect(written.dropLast().allSatisfy { $0.attributes.keys.filter { $0.hasPrefix("xmlns") } == [] })
        #expect(
            written.last?.attributes.filter { $0.key.hasPrefix("xmlns") } == [
                "xmlns:n3": "urn:example:a-long-namespace-uri-3",
                "xmlns:n7": "urn:example:a-long-namespace-uri-7", "xmlns:n200": "urn:example:a-long-namespace-uri-200",
            ])
        #expect(try JUnitValidator.validate(file: output).problems == [])
    }

    /// Shards whose suites of one name use different namespaces of the same
    /// declarations combine into one suite that declares them all; a nested
    /// suite declares what it uses of its outer suite's declarations.
    @Test func combinedSuitesDeclareWhatEachPartUses() throws {
        let root = "<testsuites xmlns:p=\"urn:p\" xmlns:q=\"urn:q\">"
        let first = try report(
            root + "<testsuite name=\"s\" tests=\"1\" failures=\"0\" errors=\"0\">"
                + "<testcase name=\"a\" p:x=\"1\"/></testsuite></testsuites>\n", "part-p.xml")
        let second = try report(
            root + "<testsuite name=\"s\" tests=\"1\" failures=\"0\" errors=\"0\">"
                + "<testcase name=\"b\"><q:note>n</q:note></testcase></testsuite>"
                + "<testsuite name=\"t\" tests=\"1\" failures=\"0\" errors=\"0\" xmlns:o=\"urn:o\">"
                + "<testsuite name=\"inner\" tests=\"1\" failures=\"0\" errors=\"0\"><testcase name=\"i\" o:y=\"2\"/>"
                + "</testsuite><testcase name=\"after\"/></testsuite></testsuites>\n", "part-q.xml")
        let output = TemporaryFolder.shared.path("merged-parts.xml")
        #expect(try JUnitMerger.merge([first, second], into: output, combiningSuites: true).tests == 4)
        let written = try ParsedReport(path: output).all("testsuite").map { suite in
            [suite.attributes["name"]!]
                + suite.attributes.filter { $0.key.hasPrefix("xmlns") }.map { "\($0.key)=\($0.value)" }.sorted()
        }
        #expect(written == [["s", "xmlns:p=urn:p", "xmlns:q=urn:q"], ["inner", "xmlns:o=urn:o"], ["t"]])
        #expect(try JUnitValidator.validate(file: output).problems == [])
    }

    @Test func suiteLevelResultsBecomeCountedCases() throws {
        let output = TemporaryFolder.shared.path("merged.xml")
        let totals = try JUnitMerger.merge([Self.fixture("junit-suite-error.xml")], into: output)
        #expect(totals == JUnitTotals(tests: 3, failures: 1, errors: 1, milliseconds: 200))
        let report = try ParsedReport(path: output)
        #expect(
            report.all("testcase").map { [$0.attributes["name"], $0.attributes["classname"]] } == [
                ["(suite error)", "com.example.BrokenTest"], ["ok", "com.example.FineTest"],
                ["(suite failure)", "com.example.FineTest"],
            ])
        #expect(report.all("error").first?.text.hasPrefix("java.lang.NoClassDefFoundError") == true)
        #expect(try JUnitValidator.validate(file: output, schema: JenkinsSchema.required()).problems == [])
    }

    @Test func timesAreNormalisedAndNegativeOnesWarned() throws {
        let output = TemporaryFolder.shared.path("merged.xml")
        var warnings: [String] = []
        let input = Self.fixture("junit-times.xml")
        let totals = try JUnitMerger.merge([input], into: output, warn: { warnings.append($0) })
        #expect(totals.milliseconds == 1_385_000)
        let report = try ParsedReport(path: output)
        #expect(
            report.all("testcase").map { $0.attributes["time"] } == ["0.000", "150.000", "0.500", "1234.500", "0.000"])
        #expect(warnings == ["\(input):8: time=\"-1.5\" is negative; written as 0"])
        #expect(try JUnitValidator.validate(file: output, schema: JenkinsSchema.required()).problems == [])
    }

    @Test func impossibleTimestampsAreLeftOutNotRewrittenAndLeapSecondsAreTheSecondBefore() throws {
        let output = TemporaryFolder.shared.path("merged-impossible.xml")
        var warnings: [String] = []
        let input = Self.fixture("junit-timestamps-impossible.xml")
        try JUnitMerger.merge([input], into: output, warn: { warnings.append($0) })
        let report = try ParsedReport(path: output)
        #expect(
            report.all("testsuite").map { $0.attributes["timestamp"] } == [
                nil, nil, "2016-12-31T23:59:59", "9999-12-31T23:59:59",
            ])
        // The leap second of 2016 is written as the second before it.
        #expect(
            warnings == [
                "\(input):3: timestamp \"0000-01-01T00:00:00Z\" is not a date and time; left out",
                "\(input):4: timestamp \"9999-12-31T23:59:59-01:00\" is not a date and time; left out",
                "\(input):5: timestamp \"2016-12-31T23:59:60Z\" is a leap second, which xs:dateTime has no room "
                    + "for; written as 2016-12-31T23:59:59, the second before it",
            ])
        #expect(try JUnitValidator.validate(file: output, schema: JenkinsSchema.required()).problems == [])
    }

    @Test func timestampsAreNormalisedOrLeftOutWithAWarning() throws {
        let output = TemporaryFolder.shared.path("merged.xml")
        var warnings: [String] = []
        let input = Self.fixture("junit-timestamps.xml")
        try JUnitMerger.merge([input], into: output, warn: { warnings.append($0) })
        let report = try ParsedReport(path: output)
        #expect(
            report.all("testsuite").map { $0.attributes["timestamp"] } == [
                "2021-03-07T10:36:56", "2021-03-07T08:36:56", "2021-03-07T10:36:56", nil,
            ])
        #expect(warnings == ["\(input):6: timestamp \"yesterday\" is not a date and time; left out"])
        #expect(try JUnitValidator.validate(file: output, schema: JenkinsSchema.required()).problems == [])
    }

    @Test func namelessCasesGetANameWithAWarning() throws {
        let output = TemporaryFolder.shared.path("merged.xml")
        var warnings: [String] = []
        let input = Self.fixture("junit-nameless.xml")
        try JUnitMerger.merge([input], into: output, warn: { warnings.append($0) })
        let report = try ParsedReport(path: output)
        #expect(
            report.all("testcase").map { $0.attributes["name"] } == [
                "(unnamed case, line 3)", "(unnamed case, line 4)",
            ])
        #expect(warnings.count == 2)
        #expect(try JUnitValidator.validate(file: output, schema: JenkinsSchema.required()).problems == [])
    }

    @Test func everyResultOfACaseCounts() throws {
        let input = Self.fixture("junit-several-results.xml")
        let expected = JUnitTotals(tests: 3, failures: 2, errors: 1, skipped: 1)
        #expect(try JUnitValidator.validate(file: input).totals == expected)
        #expect(try JUnitValidator.validate(file: input).problems == [])
        let output = TemporaryFolder.shared.path("merged.xml")
        #expect(try JUnitMerger.merge([input], into: output) == expected)
        #expect(expected.passed == 0)
    }

    /// Writes `text` as a report of its own.
    func report(_ text: String, _ name: String) throws -> String {
        let path = TemporaryFolder.shared.path(name)
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    /// A merge flattens suites and drops comments: what was within the
    /// reading bounds in the input stays within them in the copy, or the
    /// input is refused naming its line.
    @Test func copiesStayWithinTheReadingBounds() throws {
        // Namespaces declared on the root go along with each suite that
        // the flattened copy writes, those its content uses: 200 of them and
        // 60 attributes of the suite's own make more than 256 on one tag.
        let namespaces = (0..<200).map { "xmlns:p\($0)=\"urn:\($0)\"" }.joined(separator: " ")
        let attributes = (0..<60).map { "a\($0)=\"v\"" }.joined(separator: " ")
        let prefixed = (0..<200).map { "p\($0):a=\"v\"" }.joined(separator: " ")
        let crowded = try report(
            "<testsuites \(namespaces)>\n<testsuite name=\"s\" tests=\"2\" failures=\"0\" errors=\"0\" "
                + "\(attributes)>\n<testcase name=\"c\" \(attributes)/>\n<testcase name=\"d\" \(prefixed)/>\n"
                + "</testsuite>\n</testsuites>\n", "crowded.xml")
        #expect(try JUnitValidator.validate(file: crowded).problems == [])
        #expect(
            try mergeError([crowded])
                == .malformed(
                    path: crowded, line: 2,
                    reason: "<testsuite> would get 266 attributes in the merged report with the namespace "
                        + "declarations its content uses, more than 256 (the reading bounds)"))
        // Declarations the content does not use are not counted.
        let unused = try report(
            "<testsuites \(namespaces)>\n<testsuite name=\"s\" tests=\"1\" failures=\"0\" errors=\"0\" "
                + "\(attributes)>\n<testcase name=\"c\" \(attributes)/>\n</testsuite>\n</testsuites>\n", "unused.xml")
        #expect(try mergeError([unused]) == nil)
        // Suites of one name that each fit, but would not as one, stay two.
        let inner = (0..<60).map { "xmlns:q\($0)=\"urn:q\($0)\"" }.joined(separator: " ")
        let usingQ = (0..<60).map { "q\($0):a=\"v\"" }.joined(separator: " ")
        let shards = try [("d", prefixed), ("e", usingQ)].map { name, used in
            try report(
                "<testsuites \(namespaces)>\n<testsuite name=\"s\" tests=\"1\" failures=\"0\" errors=\"0\" \(inner)>"
                    + "\n<testcase name=\"\(name)\" \(used)/>\n</testsuite>\n</testsuites>\n", "shard-\(name).xml")
        }
        let combined = TemporaryFolder.shared.path("merged-crowded.xml")
        #expect(try JUnitMerger.merge(shards, into: combined, combiningSuites: true).tests == 2)
        #expect(try ParsedReport(path: combined).all("testsuite").map { $0.attributes.count } == [206, 66])
        #expect(try JUnitValidator.validate(file: combined).problems == [])
        // Text beside CDATA, or around a comment left out, joins into one
        // node in the copy: past 8 MiB, an empty comment keeps them apart.
        let half = String(repeating: "x", count: 5 << 20)
        for (name, middle) in [("cdata", "<![CDATA[\(half)]]>"), ("comment", "<!-- c -->\(half)")] {
            let input = try report(
                "<testsuite name=\"s\" tests=\"1\" failures=\"0\" errors=\"0\"><testcase name=\"c\">"
                    + "<system-out>\(half)\(middle)</system-out></testcase></testsuite>\n", "text-\(name).xml")
            #expect(try JUnitValidator.validate(file: input).problems == [])
            let output = TemporaryFolder.shared.path("merged-\(name).xml")
            try JUnitMerger.merge([input], into: output)
            #expect(try JUnitValidator.validate(file: output).problems == [])
            let merged = try String(contentsOfFile: output, encoding: .utf8)
            #expect(merged.contains("<system-out>\(half)<!---->\(half)</system-out>"))
        }
    }

    /// JUnit's own elements inside a case's content would be counted, or
    /// not, as each reader sees fit: the merge refuses them where validate
    /// does, naming the line.
    @Test(arguments: [
        ("<testcase name=\"a\"><x><error/></x></testcase>", "<error> not directly inside a <testcase>"),
        ("<testcase name=\"a\"><failure><skipped/></failure></testcase>", "<skipped> not directly inside a <testcase>"),
        ("<system-out><error/></system-out>", "<error> not directly inside a <testcase>"),
        ("<testcase name=\"a\"><testcase name=\"b\"/></testcase>", "<testcase> inside the content of another element"),
        ("<system-out><testsuites/></system-out>", "<testsuites> inside the content of another element"),
        ("<properties><testsuite name=\"t\"/></properties>", "<testsuite> inside the content of another element"),
    ])
    func junitElementsInsideContentAreRefused(content: String, problem: String) throws {
        let input = try report(
            "<testsuite name=\"s\" tests=\"1\" failures=\"0\" errors=\"0\">\n\(content)\n</testsuite>\n", "nested.xml")
        #expect(try JUnitValidator.validate(file: input).problems != [])
        guard case .malformed(let path, let line, let reason) = try mergeError([input]) else {
            Issue.record("\(content): merged")
            return
        }
        #expect(path == input)
        #expect(line == 2)
        #expect(reason.hasPrefix(problem), "\(reason)")
    }

    #if os(Linux)
        /// A file that is there but fails to read (an I/O error) cannot be
        /// read, as a missing one: never a malformed report.
        @Test func aReportThatFailsToReadCannotBeRead() throws {
            #expect(
                Self.validationError("/proc/self/mem")
                    == .cannotRead(path: "/proc/self/mem", reason: "cannot be read (Input/output error)"))
            #expect(
                try mergeError(["/proc/self/mem"])
                    == .cannotRead(path: "/proc/self/mem", reason: "cannot be read (Input/output error)"))
        }
    #endif

    @Test func everyFixtureThatMergesGivesAValidReport() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.path)
            .filter { $0.hasPrefix("junit-") }.sorted()
        #expect(names.count == 14)
        var merged = 0
        for name in names where try mergeError([Self.fixture(name)]) == nil { merged += 1 }
        #expect(merged == 7)
        let mergeable = try names.map(Self.fixture).filter { try mergeError([$0]) == nil }
        #expect(try mergeError(mergeable) == nil)
    }

    @Test(arguments: [
        ("12", 12.0), ("0.5", 0.5), (".5", 0.5), ("5.", 5.0), ("4.50611114501953e-05", 4.50611114501953e-05),
        ("1.5E+2", 150.0), ("+3", 3.0), ("-1.5", -1.5), ("1,234.5", 1234.5), ("12,345,678", 12_345_678.0),
    ])
    func lenientTimesAreRead(text: String, seconds: Double) {
        #expect(JUnitSyntax.lenientSeconds(text) == seconds)
    }

    @Test(arguments: [
        "", ".", "1,5", "1,23", ",123", "1,234e3", "NaN", "inf", "1e", "e5", "1.2.3", "0x10", "1 ", "Infinity",
    ])
    func otherTimesAreNot(text: String) {
        #expect(JUnitSyntax.lenientSeconds(text) == nil)
    }

    /// A number too large for a `Double` is still a number, infinitely long.
    @Test func timesTooLargeForADoubleAreInfinite() {
        #expect(JUnitSyntax.lenientSeconds("1e400") == .infinity)
        #expect(JUnitSyntax.lenientSeconds("-1e400") == -.infinity)
    }

    /// A time longer than the longest written (999999999999.999 s, about
    /// 31,700 years) is broken: refused, as "1,5" is, instead of being
    /// written as the longest, silently. The longest itself is kept.
    @Test(arguments: ["1e308", "1e400", "1000000000000", "999999999999.9996"])
    func timesLongerThanTheLongestWrittenAreRefused(time: String) throws {
        let input = try report(
            "<testsuite name=\"s\" tests=\"1\" failures=\"0\" errors=\"0\">\n<testcase name=\"a\" time=\"\(time)\"/>\n"
                + "</testsuite>\n", "long-time.xml")
        #expect(
            throws: JUnitReporterError.malformed(
                path: input, line: 2,
                reason: "time=\"\(time)\" is more than 999999999999.999 seconds (about 31,700 years), the longest "
                    + "time a report holds")
        ) { try JUnitMerger.merge([input], into: TemporaryFolder.shared.path("merged.xml")) }
    }

    @Test func theLongestTimeWrittenIsKept() throws {
        let input = try report(
            #"<testsuite name="s" tests="1" failures="0" errors="0"><testcase name="a" time="9.99999999999999e11"/>"#
                + "</testsuite>\n", "longest.xml")
        let output = TemporaryFolder.shared.path("merged.xml")
        #expect(try JUnitMerger.merge([input], into: output).milliseconds == JUnitTimeFormat.maxMilliseconds)
        #expect(try ParsedReport(path: output).all("testcase").first?.attributes["time"] == "999999999999.999")
    }

    @Test(arguments: [
        ("2021-03-07T10:36:56", "2021-03-07T10:36:56"), ("2021-03-07T10:36:56 UTC", "2021-03-07T10:36:56"),
        ("2021-03-07 10:36:56Z", "2021-03-07T10:36:56"), ("2021-03-07T10:36:56.999+02:00", "2021-03-07T08:36:56"),
        ("2021-03-07T01:00:00-0130", "2021-03-07T02:30:00"), ("2020-02-29T23:30:00-01", "2020-03-01T00:30:00"),
        ("2021-01-01T00:00:00+01:00", "2020-12-31T23:00:00"), ("2021-03-07T10:36:56 GMT", "2021-03-07T10:36:56"),
        ("0001-01-01T00:00:00Z", "0001-01-01T00:00:00"), ("9999-12-31T23:59:59+01:00", "9999-12-31T22:59:59"),
        ("9999-12-31T22:59:59-01:00", "9999-12-31T23:59:59"), ("2016-12-31T23:59:60Z", "2016-12-31T23:59:59"),
        ("2017-01-01T00:59:60+01:00", "2016-12-31T23:59:59"), ("2015-06-30 23:59:60.5 UTC", "2015-06-30T23:59:59"),
    ])
    func timestampsAreNormalisedToUTC(text: String, expected: String) {
        #expect(JUnitSyntax.normalizedTimestamp(text) == expected)
    }

    @Test(arguments: [
        "yesterday", "2021-02-29T00:00:00", "2021-13-01T00:00:00", "2021-03-07T24:00:00", "2021-03-07",
        "2021-03-07T10:36:56 CET", "2021-03-07T10:36:56+25:00", "2021-03-07T10:36:56.", "2021-03-07T10:36:56+1",
        "0000-01-01T00:00:00Z", "9999-12-31T23:59:59-01:00", "0001-01-01T00:00:00+00:01", "2016-12-31T12:30:60Z",
        "2016-12-31T23:59:60+01:00", "2016-12-31T23:59:61Z",
    ])
    func otherTimestampsAreNot(text: String) {
        #expect(JUnitSyntax.normalizedTimestamp(text) == nil)
    }
}
