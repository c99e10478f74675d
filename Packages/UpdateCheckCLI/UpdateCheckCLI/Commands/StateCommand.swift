/// `updatecheck state`: Run and explore optimistic-update scenarios.
package enum StateCommand {
    /// The `state` command.
    package static let command = Command(
        name: "state",
        abstract: "Run and explore optimistic-update scenarios.",
        action: { invocation throws(CLIError) in
            throw CLIError(.usage, "'\(invocation.commandLine)' is not available yet.")
        })
}
