/// The `updatecheck` command tree: the root and the groups that only hold
/// subcommands (`state`, `junit`). Every other command is declared in
/// `Commands/`.
package enum RootCommand {
    /// The root command.
    package static let command = Command(
        name: "updatecheck",
        abstract: "Reproduce optimistic-update bugs and list-change crashes without a simulator.",
        discussion: """
            Exit codes: 0 all checks passed; 1 a check failed; 64 bad usage;
            65 bad input data; 66 input file missing; 73 cannot create an output file;
            74 writing failed (standard output or error closed or full, a device refusing
            the bytes). Outputs are written whole or not at all: a symbolic link is
            followed, a device or FIFO is written through and never replaced.
            """,
        subcommands: [
            CheckCommand.command,
            StateCommand.command,
            DiffCommand.command,
            PlanCommand.command,
            AdaptersCommand.command,
            JUnitCommand.command,
        ])
}

/// What the help of a group says of its exit codes.
let groupDiscussion = """
    Exit codes: 0 this help (also without a subcommand); 64 an unknown subcommand or
    option. Each subcommand's --help lists its own.
    """

/// `updatecheck state`: run and explore optimistic-update scenarios.
///
/// A group: each subcommand is declared in `Commands/State/`.
package enum StateCommand {
    /// The `state` command group.
    package static let command = Command(
        name: "state",
        abstract: "Run and explore optimistic-update scenarios.",
        discussion: groupDiscussion,
        subcommands: [StateRunCommand.command, StateExploreCommand.command])
}

/// `updatecheck junit`: Validate and merge JUnit reports.
package enum JUnitCommand {
    /// The `junit` command group.
    package static let command = Command(
        name: "junit",
        abstract: "Validate and merge JUnit reports.",
        discussion: groupDiscussion,
        subcommands: [JUnitValidateCommand.command, JUnitMergeCommand.command])
}
