import OptimisticScenario
import UpdateCheckIO

/// A scenario to run and where it came from (its file path, or `built-in:…`
/// for an embedded one), read with the CLI's exit codes.
///
/// Output lines name the source; JUnit cases carry the scenario's title
/// (`"name"`, else the file name) and the source in their output.
///
/// `state run` checks every file before it runs any. The scenarios are
/// kept for the run while the files read add up to at most
/// ``keptBytes``; past that, a scenario read from a regular file is
/// dropped once checked and read again when it runs, so that a run of
/// many large files holds one of them at a time (eight files of a million
/// steps took 1.2 GB when all were kept). One read from standard input or
/// a pipe, which cannot be read again, is always kept.
package struct ScenarioSource: Sendable {
    /// Where the scenario came from: its path as given, or `built-in:…`.
    package var name: String
    /// The scenario's title, as it was when the source was loaded.
    package var title: String
    /// The scenario, when it is kept rather than read again.
    private var kept: Scenario?

    /// A source holding `scenario`.
    package init(name: String, scenario: Scenario) {
        self.name = name
        title = scenario.name
        kept = scenario
    }

    /// How many bytes of scenario files a run keeps parsed: 16 MiB, one
    /// file of the largest size read (``InputFile/maxDocumentBytes``),
    /// whose scenario takes about eight times as much memory.
    package static let keptBytes = InputFile.maxDocumentBytes

    /// Reads, parses and validates the scenario file at `path` (`-`:
    /// standard input), keeping the scenario while `budget` (bytes of files
    /// still to keep, taken from) holds the file, or when the file cannot
    /// be read again (see ``scenario()``).
    ///
    /// - Throws: exit 66 when the file is missing or unreadable; exit 65
    ///   naming file, line and step for malformed JSON, a wrong key or type,
    ///   an unknown record or a dangling ticket name; exit 65 for a file
    ///   larger than ``InputFile/maxDocumentBytes``.
    package static func load(_ path: String, budget: inout Int) throws(CLIError) -> ScenarioSource {
        let (scenario, size) = try read(path)
        var source = ScenarioSource(name: path, scenario: scenario)
        if size <= budget {
            budget -= size
        } else if InputFile.isRegularFile(path) {
            source.kept = nil
        }
        return source
    }

    /// Reads, parses and validates the scenario file at `path`, keeping it.
    ///
    /// - Throws: as ``load(_:budget:)``.
    package static func load(_ path: String) throws(CLIError) -> ScenarioSource {
        var unbounded = Int.max
        return try load(path, budget: &unbounded)
    }

    /// The scenario to run: the one kept, or the file read again (checked
    /// again, in case another program changed it since it was loaded).
    ///
    /// - Throws: as ``load(_:)``.
    package func scenario() throws(CLIError) -> Scenario {
        if let kept { return kept }
        return try Self.read(name).scenario
    }

    /// The scenario of the file at `path`, parsed and validated, and the
    /// file's size in bytes.
    private static func read(_ path: String) throws(CLIError) -> (scenario: Scenario, size: Int) {
        let input = try CLIError.mapping { () throws(IOError) in try InputFile.document(at: path, what: "scenario file")
        }
        let bytes = withExtendedLifetime(input) { Array(input.buffer) }
        do {
            return (try Scenario(jsonBytes: bytes, file: InputFile.displayName(path)), bytes.count)
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
