/// `updatecheck plan`: Turn a diff into the ordered calls of a UI toolkit.
package enum PlanCommand {
    /// The `plan` command.
    package static let command = Command(
        name: "plan",
        abstract: "Turn a diff into the ordered calls of a UI toolkit.",
        action: { invocation throws(CLIError) in
            throw CLIError(.usage, "'\(invocation.commandLine)' is not available yet.")
        })
}
