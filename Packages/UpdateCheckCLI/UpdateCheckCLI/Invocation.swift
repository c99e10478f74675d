import UpdateCheckIO
import UpdateCheckPlatform

/// A parsed command line, handed to a command's action.
///
/// Holds the positionals and option values in the order given, and the
/// console to print on. Options with a typed value are read through their
/// ``TypedOption``, which turns a bad value into a usage error naming it.
package struct Invocation: Sendable {
    /// The command names from the root, e.g. `["updatecheck", "state", "run"]`.
    package var path: [String]
    /// Positional arguments, in order.
    package var positionals: [String]
    /// Values of options that take one, by long name, in the order given.
    package var values: [String: [String]]
    /// Flags that were given, by long name.
    package var flags: Set<String>
    /// Where output goes.
    package var console: Console
    /// The in-process adapters a team's own CLI adds (see ``UpdateCheck``).
    package var adapters: [AdapterEntry] = []
    /// The in-process stores a team's own CLI adds (see ``UpdateCheck``).
    package var stores: [StoreEntry] = []
    /// The folders ``prepareOutputs(_:inputs:)`` created, outermost first;
    /// those still empty when the command ends are removed.
    package let createdFolders = Lock<[String]>([])

    /// Creates an invocation (the parser does this; tests may too).
    package init(
        path: [String], positionals: [String] = [], values: [String: [String]] = [:],
        flags: Set<String> = [], console: Console
    ) {
        self.path = path
        self.positionals = positionals
        self.values = values
        self.flags = flags
        self.console = console
    }

    /// The command as typed, e.g. `updatecheck state run`.
    package var commandLine: String { path.joined(separator: " ") }

    /// Whether the flag `--long` was given.
    package func flag(_ long: String) -> Bool { flags.contains(long) }

    /// The value of `--long`, if given (the last one for a repeatable option).
    package func value(_ long: String) -> String? { values[long]?.last }

    /// Every value of a repeatable option, in order.
    package func allValues(_ long: String) -> [String] { values[long] ?? [] }

    /// Checks the command's outputs before any work (see
    /// ``OutputPath/prepare(_:inputs:)``), keeping the folders it creates
    /// so that a run that fails before writing into them leaves none behind.
    ///
    /// - Throws: exit 64 for an output that is an input or another output,
    ///   73 for one that cannot be created.
    package func prepareOutputs(_ outputs: [(option: String, path: OutputPath)], inputs: [String]) throws(CLIError) {
        let created = try CLIError.mapping { () throws(IOError) in try OutputPath.prepare(outputs, inputs: inputs) }
        createdFolders.withLock { $0 += created }
    }

    /// Removes the folders created for outputs that are still empty: those
    /// of a run that failed before writing its reports.
    package func removeEmptyCreatedFolders() {
        OutputPath.removeEmptyFolders(
            createdFolders.withLock { folders in
                defer { folders = [] }
                return folders
            })
    }
}
