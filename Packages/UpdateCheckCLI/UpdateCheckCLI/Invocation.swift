/// A parsed command line, handed to a command's action.
///
/// Holds the positionals and option values in the order given, the console
/// to print on, and typed accessors that turn bad values into usage errors
/// naming the option.
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

    /// The value of `--long` as an integer in `range`, or `nil` when absent.
    ///
    /// - Throws: a usage error naming the option when the value is not a
    ///   whole number inside `range`.
    package func integer(_ long: String, in range: ClosedRange<Int>) throws(CLIError) -> Int? {
        guard let text = value(long) else { return nil }
        guard let number = Int(text), range.contains(number) else {
            throw .usage(
                "Invalid value '\(text)' for '--\(long)': expected a whole number from \(range.lowerBound) to \(range.upperBound)."
            )
        }
        return number
    }

    /// The value of `--long` when it is one of `choices`, or `nil` when absent.
    ///
    /// - Throws: a usage error listing the accepted values.
    package func choice(_ long: String, from choices: [String]) throws(CLIError) -> String? {
        guard let text = value(long) else { return nil }
        guard choices.contains(text) else {
            throw .usage(
                "Invalid value '\(text)' for '--\(long)': expected one of \(choices.map { "'\($0)'" }.joined(separator: ", "))."
            )
        }
        return text
    }
}
