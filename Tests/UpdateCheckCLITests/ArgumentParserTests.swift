import Testing

@testable import UpdateCheckCLI

@Suite struct ArgumentParserTests {
    static let leaf = Command(
        name: "run", abstract: "Run things.",
        arguments: [ArgumentSpec("file", help: "Input.", isRepeating: true)],
        options: [
            .value("junit", name: "file", help: "Write a report."),
            .value("tag", short: "t", name: "tag", help: "A tag.", repeatable: true),
            .flag("verbose", short: "v", help: "More output."),
        ],
        action: { _ throws(CLIError) in .success })
    static let root = Command(
        name: "tool", abstract: "A tool.", subcommands: [Command(name: "group", abstract: "G.", subcommands: [leaf])])
    let console = Console(writeOut: { _ in }, writeErr: { _ in })

    func parse(_ words: [String]) throws(ArgumentParser.Failure) -> ParsedCommandLine {
        try ArgumentParser(root: Self.root).parse(words, console: console)
    }

    @Test func optionsInBothSpellingsAndDoubleDash() throws {
        guard
            case .run(_, let invocation) = try parse(
                ["group", "run", "a", "--junit=r.xml", "-t", "x", "--tag", "y", "-v", "--", "--not-an-option"])
        else { Issue.record("expected run"); return }
        #expect(invocation.path == ["tool", "group", "run"])
        #expect(invocation.positionals == ["a", "--not-an-option"])
        #expect(invocation.value("junit") == "r.xml")
        #expect(invocation.allValues("tag") == ["x", "y"])
        #expect(invocation.flag("verbose"))
    }

    @Test(arguments: ["\u{59F}pc5state", "\u{301}", "e\u{301}", "=\u{301}"])
    func anInlineValueIsKeptWhateverItStartsWith(value: String) throws {
        // A combining mark after `=` makes one character of the two.
        guard case .run(_, let invocation) = try parse(["group", "run", "a", "--junit=" + value, "--tag=" + value])
        else {
            Issue.record("expected run"); return
        }
        #expect(invocation.value("junit")?.unicodeScalars.elementsEqual(value.unicodeScalars) == true)
        #expect(invocation.allValues("tag").map { Array($0.unicodeScalars) } == [Array(value.unicodeScalars)])
    }

    @Test func helpAnywhereBeforeDoubleDash() throws {
        guard case .help(let command, let path) = try parse(["group", "run", "a", "--help"]) else {
            Issue.record("expected help"); return
        }
        #expect(command.name == "run")
        #expect(path == ["tool", "group", "run"])
    }

    @Test func groupWithoutSubcommandShowsHelp() throws {
        guard case .help(let command, _) = try parse(["group"]) else { Issue.record("expected help"); return }
        #expect(command.name == "group")
    }

    @Test(arguments: [
        (["group", "nope"], "Unknown subcommand 'nope'."),
        (["group", "run", "a", "--bogus"], "Unknown option '--bogus'."),
        (["group", "run", "a", "--junit"], "Missing value for '--junit <file>'."),
        (["group", "run", "a", "--verbose=yes"], "The flag '--verbose' does not take a value."),
        (["group", "run", "a", "--junit", "x", "--junit", "y"], "The option '--junit' was given more than once."),
        (["group", "run"], "Missing expected argument '<file>'."),
        (["group", "run", "a", "--version"], "Unknown option '--version'."),
        (["group", "run", "a", "--help=1"], "The flag '--help' does not take a value."),
        (["--version=2"], "The flag '--version' does not take a value."),
        (["group", "run", "a", "--version=2"], "Unknown option '--version'."),
    ])
    func usageErrors(words: [String], message: String) {
        #expect(throws: (any Error).self) { try parse(words) }
        do {
            _ = try parse(words)
        } catch {
            #expect(error.error == .usage(message))
        }
    }

    @Test func usageLineAndErrorText() {
        let text = HelpFormatter.usageError("Boom.", command: Self.leaf, path: ["tool", "group", "run"])
        #expect(
            text == """
                Error: Boom.
                Usage: tool group run <file> ... [<options>]
                  See 'tool group run --help' for more information.

                """)
    }
}
