/// `updatecheck adapters`: List the built-in adapters and prove them on their toolkit models.
package enum AdaptersCommand {
    /// The `adapters` command.
    package static let command = Command(
        name: "adapters",
        abstract: "List the built-in adapters and prove them on their toolkit models.",
        action: { invocation throws(CLIError) in
            throw CLIError(.usage, "'\(invocation.commandLine)' is not available yet.")
        })
}
