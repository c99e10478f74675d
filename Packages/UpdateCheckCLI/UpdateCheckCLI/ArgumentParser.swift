import UpdateCheckSupport

/// What the command line asks for, once parsed against the command tree.
package enum ParsedCommandLine: Sendable {
    /// Run `command`'s action with `invocation`.
    case run(Command, Invocation)
    /// Print the help of `command` (reached through `path`).
    case help(Command, path: [String])
    /// Print the version.
    case version
}

/// Parses arguments against a command tree, with no outside packages.
///
/// Rules: leading words that name a subcommand descend into it; `-h` and
/// `--help` anywhere before `--` ask for help on the command reached;
/// `--version` is accepted on the root only; `--name value` and
/// `--name=value` are the same; `-x value` works for options with a short
/// name; `--` ends options, so every later word is positional.
package struct ArgumentParser: Sendable {
    /// The root of the command tree.
    package var root: Command

    /// Creates a parser for `root`.
    package init(root: Command) { self.root = root }

    /// A usage error raised while parsing, with the command it belongs to.
    package struct Failure: Error, Sendable {
        /// The command whose usage should be printed.
        package var command: Command
        /// The path of names from the root to `command`.
        package var path: [String]
        /// What was wrong.
        package var error: CLIError
    }

    /// Parses `arguments` (without the program name).
    ///
    /// - Throws: ``Failure`` for an unknown option or subcommand, a missing
    ///   option value, a value given to a flag, a repeated option, or a
    ///   wrong number of positionals.
    package func parse(_ arguments: [String], console: Console) throws(Failure) -> ParsedCommandLine {
        var command = root
        var path = [root.name]
        var index = 0
        // Descend through subcommand names.
        while index < arguments.count, !command.subcommands.isEmpty {
            let word = arguments[index]
            if let next = command.subcommand(named: word) {
                command = next
                path.append(word)
                index += 1
            } else if word.hasPrefix("-") || command.action != nil {
                break
            } else {
                let hint = Suggestion.hint(for: word, among: command.subcommands.map(\.name))
                throw Failure(command: command, path: path, error: .usage("Unknown subcommand \(quoted: word).\(hint)"))
            }
        }

        var positionals: [String] = []
        var values: [String: [String]] = [:]
        var flags: Set<String> = []
        var wantsHelp = false
        var wantsVersion = false
        var optionsEnded = false

        func fail(_ message: String) -> Failure {
            Failure(command: command, path: path, error: .usage(message))
        }

        func record(_ option: OptionSpec, value: String?, spelled: String) throws(Failure) {
            if option.valueName == nil {
                if value != nil { throw fail("The flag \(quoted: spelled) does not take a value.") }
                flags.insert(option.long)
                return
            }
            guard let value else { throw fail("Missing value for '\(spelled) <\(option.valueName!)>'.") }
            if values[option.long] != nil, !option.isRepeatable {
                throw fail("The option '--\(option.long)' was given more than once.")
            }
            values[option.long, default: []].append(value)
        }

        while index < arguments.count {
            let word = arguments[index]
            index += 1
            if optionsEnded || word == "-" || !word.hasPrefix("-") {
                positionals.append(word)
                continue
            }
            if word == "--" {
                optionsEnded = true
                continue
            }
            if word == "-h" || word == "--help" {
                wantsHelp = true
                continue
            }
            if word == "--version", path.count == 1 {
                wantsVersion = true
                continue
            }
            let option: OptionSpec
            var inlineValue: String?
            let spelled: String
            if word.hasPrefix("--") {
                // Split at the first `=` as a Unicode scalar: a value that
                // starts with a combining mark makes one character of the
                // `=` and the mark.
                let body = word.unicodeScalars.dropFirst(2)
                let name: Substring
                if let equals = body.firstIndex(of: "=") {
                    name = Substring(body[..<equals])
                    inlineValue = String(body[body.index(after: equals)...])
                } else {
                    name = Substring(body)
                }
                spelled = "--" + name
                if name == "help" || (name == "version" && path.count == 1) {
                    throw fail("The flag \(quoted: spelled) does not take a value.")
                }
                guard let found = command.option(long: String(name)) else {
                    throw fail("Unknown option \(quoted: spelled).\(Suggestion.optionHint(for: spelled, in: command))")
                }
                option = found
            } else {
                let letters = word.dropFirst()
                guard letters.count == 1, let found = command.option(short: letters.first!) else {
                    throw fail("Unknown option \(quoted: word).")
                }
                spelled = word
                option = found
            }
            if option.valueName != nil, inlineValue == nil {
                guard index < arguments.count else {
                    throw fail("Missing value for '\(spelled) <\(option.valueName!)>'.")
                }
                inlineValue = arguments[index]
                index += 1
            }
            try record(option, value: inlineValue, spelled: spelled)
        }

        if wantsHelp { return .help(command, path: path) }
        if wantsVersion {
            if let extra = positionals.first {
                throw fail("'--version' takes no arguments: unexpected \(quoted: extra).")
            }
            return .version
        }
        guard command.action != nil else {
            if let first = positionals.first {
                throw fail(
                    "Unknown subcommand \(quoted: first).\(Suggestion.hint(for: first, among: command.subcommands.map(\.name)))"
                )
            }
            return .help(command, path: path)
        }
        try checkArity(positionals, of: command, fail: fail)
        return .run(
            command,
            Invocation(path: path, positionals: positionals, values: values, flags: flags, console: console))
    }

    private func checkArity(
        _ positionals: [String], of command: Command, fail: (String) -> Failure
    ) throws(Failure) {
        let specs = command.arguments
        let required = specs.filter { !$0.isOptional }
        if positionals.count < required.count {
            let missing = required[positionals.count]
            throw fail("Missing expected argument '<\(missing.name)>'.")
        }
        let repeating = specs.contains { $0.isRepeating }
        if !repeating, positionals.count > specs.count {
            throw fail("Unexpected argument \(quoted: positionals[specs.count]).")
        }
    }
}
