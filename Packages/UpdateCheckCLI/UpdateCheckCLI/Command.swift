/// One level of the `updatecheck` command tree: its help text, what it
/// accepts, and either subcommands, an action, or both.
///
/// Commands are plain values; the tree is assembled in `RootCommand.swift`
/// and each group lives in `Commands/`. Parsing and help are generic
/// (`ArgumentParser.swift`, `HelpFormatter.swift`), so a command only
/// declares its options and writes its action.
package struct Command: Sendable {
    /// The name typed on the command line (`run` in `updatecheck state run`).
    package var name: String
    /// One line for the parent's subcommand list and the `OVERVIEW:` line.
    package var abstract: String
    /// Further paragraphs printed under the overview in `--help`.
    package var discussion: String
    /// Positional arguments, in order (for help, usage and arity checks).
    package var arguments: [ArgumentSpec]
    /// Options (`--name value`, `--name=value`, flags).
    package var options: [OptionSpec]
    /// Nested commands, matched by name before positionals.
    package var subcommands: [Command]
    /// What the command does; `nil` for a pure group, which prints its help.
    package var action: (@Sendable (inout Invocation) throws(CLIError) -> ExitCode)?

    /// Creates a command.
    package init(
        name: String,
        abstract: String,
        discussion: String = "",
        arguments: [ArgumentSpec] = [],
        options: [OptionSpec] = [],
        subcommands: [Command] = [],
        action: (@Sendable (inout Invocation) throws(CLIError) -> ExitCode)? = nil
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments
        self.options = options
        self.subcommands = subcommands
        self.action = action
    }

    /// The subcommand called `name`, if any.
    package func subcommand(named name: String) -> Command? {
        subcommands.first { $0.name == name }
    }

    /// The option whose long name is `long`, if any.
    package func option(long: String) -> OptionSpec? {
        options.first { $0.long == long }
    }

    /// The option whose short name is `short`, if any.
    package func option(short: Character) -> OptionSpec? {
        options.first { $0.short == short }
    }
}

/// A positional argument of a command.
package struct ArgumentSpec: Sendable, Equatable {
    /// The name shown in usage, without angle brackets (`old` shows as `<old>`).
    package var name: String
    /// One line of help.
    package var help: String
    /// Whether the argument may be left out.
    package var isOptional: Bool
    /// Whether the argument takes every remaining positional (`<file> ...`).
    package var isRepeating: Bool

    /// Creates a positional argument.
    package init(_ name: String, help: String, isOptional: Bool = false, isRepeating: Bool = false) {
        self.name = name
        self.help = help
        self.isOptional = isOptional
        self.isRepeating = isRepeating
    }
}

/// An option of a command: a flag, or a named value.
package struct OptionSpec: Sendable, Equatable {
    /// The long name without dashes, in kebab-case (`max-depth`).
    package var long: String
    /// An optional one-letter alias (`-o`).
    package var short: Character?
    /// The value's name in help (`k` shows as `--ids <k>`); `nil` for a flag.
    package var valueName: String?
    /// One line of help; mention the default here.
    package var help: String
    /// Whether the option may be given more than once (values accumulate).
    package var isRepeatable: Bool

    /// Creates an option that takes a value.
    package static func value(
        _ long: String, short: Character? = nil, name: String, help: String, repeatable: Bool = false
    ) -> OptionSpec {
        OptionSpec(long: long, short: short, valueName: name, help: help, isRepeatable: repeatable)
    }

    /// Creates a flag (an option without a value).
    package static func flag(_ long: String, short: Character? = nil, help: String) -> OptionSpec {
        OptionSpec(long: long, short: short, valueName: nil, help: help, isRepeatable: false)
    }

    /// Whether `invocation` gives this option (a flag set, or a value given):
    /// how a command reads a flag, through its declaration rather than its name.
    package func isGiven(in invocation: Invocation) -> Bool {
        valueName == nil ? invocation.flag(long) : invocation.value(long) != nil
    }
}
