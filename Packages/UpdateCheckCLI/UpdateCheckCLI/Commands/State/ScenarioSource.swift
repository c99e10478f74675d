import OptimisticScenario
import UpdateCheckIO

/// A scenario to run and where it came from (its file path, or `built-in:…`
/// for an embedded one), read with the CLI's exit codes.
///
/// Output lines name the source; JUnit cases carry the scenario's title
/// (`scenario.name`) and the source in their output.
package struct ScenarioSource: Sendable {
    /// Where the scenario came from: its path as given, or `built-in:…`.
    package var name: String
    /// The parsed, validated scenario.
    package var scenario: Scenario

    /// Creates a source.
    package init(name: String, scenario: Scenario) {
        self.name = name
        self.scenario = scenario
    }

    /// Reads, parses and validates the scenario file at `path` (`-`:
    /// standard input).
    ///
    /// - Throws: exit 66 when the file is missing or unreadable; exit 65
    ///   naming file, line and step for malformed JSON, a wrong key or type,
    ///   an unknown record or a dangling ticket name; exit 65 for a file
    ///   larger than ``InputFile/maxDocumentBytes``.
    package static func load(_ path: String) throws(CLIError) -> ScenarioSource {
        let input = try CLIError.mapping { () throws(IOError) in try InputFile.document(at: path, what: "scenario file")
        }
        let bytes = withExtendedLifetime(input) { Array(input.buffer) }
        do {
            return ScenarioSource(
                name: path, scenario: try Scenario(jsonBytes: bytes, file: InputFile.displayName(path)))
        } catch {
            throw .dataError(error.description)
        }
    }

    /// Parses and validates embedded scenario text (the built-in scenarios).
    ///
    /// - Throws: exit 65 as for ``load(_:)``, with `file` as the name.
    package static func parse(text: String, file: String) throws(CLIError) -> Scenario {
        do {
            return try Scenario(jsonText: text, file: file)
        } catch {
            throw .dataError(error.description)
        }
    }
}
