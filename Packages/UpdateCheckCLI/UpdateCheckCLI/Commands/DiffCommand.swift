/// `updatecheck diff`: Diff two snapshots of unique IDs.
package enum DiffCommand {
    /// The `diff` command.
    package static let command = Command(
        name: "diff",
        abstract: "Diff two snapshots of unique IDs.",
        action: { invocation throws(CLIError) in
            throw CLIError(.usage, "'\(invocation.commandLine)' is not available yet.")
        })
}
