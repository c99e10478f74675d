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
}
