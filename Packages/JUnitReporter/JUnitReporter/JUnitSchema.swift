/// An XML Schema to validate reports against: one built into JUnitReporter
/// (so validation needs no file beside the report), or an `.xsd` file.
///
/// Built in: `jenkins`, the Jenkins xUnit plugin's junit-10 schema (MIT
/// licence), the schema CI systems' JUnit readers are closest to. The
/// repository keeps the file itself, with its origin and licence, in
/// `Packages/JUnitReporter/Schemas/`.
public struct JUnitSchema: Sendable, Equatable, CustomStringConvertible {
    /// Where the schema's text comes from.
    enum Source: Sendable, Equatable {
        case builtIn(name: String, text: String)
        case file(String)
    }

    let source: Source

    /// The Jenkins xUnit plugin's junit-10 schema, built in.
    public static let jenkins = JUnitSchema(source: .builtIn(name: "jenkins", text: jenkinsText))

    /// The built-in schemas, by the name `--schema` takes.
    public static let builtIn: [(name: String, summary: String, schema: JUnitSchema)] = [
        ("jenkins", "the Jenkins xUnit plugin's junit-10 XSD (MIT licence)", jenkins)
    ]

    /// The built-in schema called `name`, if there is one.
    public static func builtIn(named name: String) -> JUnitSchema? {
        builtIn.first { $0.name == name }?.schema
    }

    /// The schema in the `.xsd` file at `path` (read when a report is validated).
    public static func file(_ path: String) -> JUnitSchema { JUnitSchema(source: .file(path)) }

    /// A built-in schema when `nameOrPath` is one's name, else the file at
    /// that path (write `./jenkins` for a file that has a built-in's name).
    public static func named(_ nameOrPath: String) -> JUnitSchema {
        builtIn(named: nameOrPath) ?? file(nameOrPath)
    }

    /// The schema's built-in text, or `nil` for a file.
    public var builtInText: String? {
        if case .builtIn(_, let text) = source { return text }
        return nil
    }

    /// `jenkins (built in)` or the file's path, for messages.
    public var description: String {
        switch source {
        case .builtIn(let name, _): "\(name) (built in)"
        case .file(let path): path
        }
    }
}
