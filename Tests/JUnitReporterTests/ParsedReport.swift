import Foundation
import UpdateCheckLibXML2

@testable import JUnitReporter

/// A report read back with libxml2, for round-trip assertions: the
/// attributes of every element and the text inside each.
struct ParsedReport: Equatable {
    /// One element: its name, attributes and the text directly inside it.
    struct Element: Equatable {
        var name: String
        var attributes: [String: String]
        var text: String
        var depth: Int
    }

    /// Every element in document order.
    var elements: [Element]

    /// The elements called `name`, in order.
    func all(_ name: String) -> [Element] { elements.filter { $0.name == name } }

    /// Reads `path`; records an issue for any parser error.
    init(path: String) throws {
        let diagnostics = XMLDiagnostics(limit: 10)
        let reader = try XMLReader(path: path, diagnostics: diagnostics)
        var elements: [Element] = []
        var open: [Int] = []
        while try reader.read() {
            switch reader.nodeType {
            case Int32(XML_READER_TYPE_ELEMENT.rawValue):
                var attributes: [String: String] = [:]
                reader.forEachAttribute { attributes[String(cString: $0)] = String(cString: $1) }
                elements.append(Element(name: reader.name, attributes: attributes, text: "", depth: reader.depth))
                if !reader.isEmptyElement { open.append(elements.count - 1) }
            case Int32(XML_READER_TYPE_END_ELEMENT.rawValue):
                open.removeLast()
            case Int32(XML_READER_TYPE_TEXT.rawValue), Int32(XML_READER_TYPE_CDATA.rawValue),
                Int32(XML_READER_TYPE_SIGNIFICANT_WHITESPACE.rawValue):
                if let index = open.last { elements[index].text += String(cString: reader.valuePointer!) }
            default:
                break
            }
        }
        guard diagnostics.count == 0 else {
            throw ParseFailure(problems: diagnostics.problems)
        }
        self.elements = elements
    }

    /// The parser's errors for a report that should have been well-formed.
    struct ParseFailure: Error, CustomStringConvertible {
        var problems: [JUnitProblem]
        var description: String { problems.map(\.description).joined(separator: "\n") }
    }
}

/// The Jenkins junit-10 schema that every report must satisfy.
enum JenkinsSchema {
    /// The repository's copy of the `.xsd` file.
    static let path: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Packages/JUnitReporter/Schemas/jenkins-xunit-junit-10.xsd").path

    /// The schema read from the repository's file (not the built-in copy, so
    /// that a stale built-in copy cannot hide a difference).
    static func required() throws -> JUnitSchema {
        guard FileManager.default.fileExists(atPath: path) else { throw Missing() }
        return .file(path)
    }

    /// The schema file is not where the tests expect it.
    struct Missing: Error, CustomStringConvertible {
        var description: String {
            "The Jenkins junit-10 XSD is missing at \(JenkinsSchema.path) (Packages/JUnitReporter/Schemas/)."
        }
    }
}
