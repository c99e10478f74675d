/// Renders `--help` pages and usage lines, in the layout of
/// swift-argument-parser (`OVERVIEW:`, `USAGE:`, `ARGUMENTS:`, `OPTIONS:`,
/// `SUBCOMMANDS:`).
package enum HelpFormatter {
    /// The column at which help text starts.
    static let helpColumn = 26

    /// The usage line of `command`, without the `USAGE: ` prefix.
    package static func usage(of command: Command, path: [String]) -> String {
        var parts = [path.joined(separator: " ")]
        if command.action == nil, !command.subcommands.isEmpty {
            parts.append("<subcommand>")
            return parts.joined(separator: " ")
        }
        for argument in command.arguments {
            var text = "<\(argument.name)>"
            if argument.isRepeating { text += " ..." }
            parts.append(argument.isOptional ? "[\(text)]" : text)
        }
        if !command.options.isEmpty { parts.append("[<options>]") }
        return parts.joined(separator: " ")
    }

    /// The full help page of `command`.
    package static func help(of command: Command, path: [String]) -> String {
        var out = "OVERVIEW: \(command.abstract)\n"
        if !command.discussion.isEmpty { out += "\n\(command.discussion)\n" }
        out += "\nUSAGE: \(usage(of: command, path: path))\n"
        if !command.arguments.isEmpty {
            out += "\nARGUMENTS:\n"
            for argument in command.arguments {
                out += row("<\(argument.name)>" + (argument.isRepeating ? " ..." : ""), argument.help)
            }
        }
        out += "\nOPTIONS:\n"
        for option in command.options {
            var label = option.short.map { "-\($0), " } ?? ""
            label += "--\(option.long)"
            if let value = option.valueName { label += " <\(value)>" }
            out += row(label, option.help)
        }
        if path.count == 1 { out += row("--version", "Show the version.") }
        out += row("-h, --help", "Show help information.")
        if !command.subcommands.isEmpty {
            out += "\nSUBCOMMANDS:\n"
            for sub in command.subcommands { out += row(sub.name, sub.abstract) }
            out += "\n  See '\(path.joined(separator: " ")) <subcommand> --help' for detailed help.\n"
        }
        return out
    }

    /// The text printed on standard error for a usage error.
    package static func usageError(_ message: String, command: Command, path: [String]) -> String {
        let name = path.joined(separator: " ")
        return
            "Error: \(message)\nUsage: \(usage(of: command, path: path))\n  See '\(name) --help' for more information.\n"
    }

    private static func row(_ label: String, _ help: String) -> String {
        let indented = "  " + label
        if indented.count + 2 > helpColumn {
            return indented + "\n" + String(repeating: " ", count: helpColumn) + help + "\n"
        }
        return indented + String(repeating: " ", count: helpColumn - indented.count) + help + "\n"
    }
}
