/// `updatecheck state`: run and explore optimistic-update scenarios.
///
/// A group: each subcommand is declared in `Commands/State/`.
package enum StateCommand {
    /// The `state` command group.
    package static let command = Command(
        name: "state",
        abstract: "Run and explore optimistic-update scenarios.",
        subcommands: [StateRunCommand.command, StateExploreCommand.command])
}
