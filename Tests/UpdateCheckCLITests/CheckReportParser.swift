import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The parts of a JUnit report that the `updatecheck check` tests compare:
/// the root counts, every suite's properties and every case with its outcome.
struct ParsedCheckReport: Equatable {
    /// One `<testcase>`: where it is, and how it ended (times are left out).
    struct Case: Hashable, Comparable {
        var suite: String
        var className: String
        var name: String
        /// `passed`, `failure: <message>`, `error: <message>` or `skipped`.
        var outcome: String
        /// The case's `<system-out>`, if any.
        var systemOut: String?

        static func < (lhs: Case, rhs: Case) -> Bool {
            (lhs.suite, lhs.className, lhs.name, lhs.outcome) < (rhs.suite, rhs.className, rhs.name, rhs.outcome)
        }
    }

    /// The root's attributes (`tests`, `failures`, `errors`, …).
    var root: [String: String] = [:]
    /// Every suite's name, properties and attributes, in order.
    var suites: [(name: String, properties: [String: String], attributes: [String: String])] = []
    /// Every case, in document order.
    var cases: [Case] = []

    static func == (lhs: ParsedCheckReport, rhs: ParsedCheckReport) -> Bool {
        lhs.root == rhs.root && lhs.cases == rhs.cases && lhs.suites.map(\.name) == rhs.suites.map(\.name)
    }

    /// Parses the report at `url`.
    init(contentsOf url: URL) throws {
        let parser = XMLParser(data: try Data(contentsOf: url))
        let collector = Collector()
        parser.delegate = collector
        guard parser.parse() else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: url.path])
        }
        self = collector.report
    }

    init() {}

    /// Builds the report while the parser walks the document.
    private final class Collector: NSObject, XMLParserDelegate {
        var report = ParsedCheckReport()
        var current: Case?
        var text = ""

        func parser(
            _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String]
        ) {
            text = ""
            switch element {
            case "testsuites": report.root = attributes
            case "testsuite": report.suites.append((attributes["name"] ?? "", [:], attributes))
            case "property":
                report.suites[report.suites.count - 1].properties[attributes["name"] ?? ""] = attributes["value"]
            case "testcase":
                current = Case(
                    suite: report.suites.last?.name ?? "", className: attributes["classname"] ?? "",
                    name: attributes["name"] ?? "", outcome: "passed")
            case "failure", "error": current?.outcome = "\(element): \(attributes["message"] ?? "")"
            case "skipped": current?.outcome = "skipped"
            default: break
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

        func parser(
            _ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?
        ) {
            switch element {
            case "system-out": current?.systemOut = text
            case "testcase":
                if let current { report.cases.append(current) }
                current = nil
            default: break
            }
        }
    }
}
