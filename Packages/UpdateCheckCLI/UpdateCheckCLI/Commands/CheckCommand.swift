/// `updatecheck check`: Run the built-in suite: seed checks, state exploration, exhaustive diffs, adapter conformance.
package enum CheckCommand {
    /// The `check` command.
    package static let command = Command(
        name: "check",
        abstract: "Run the built-in suite: seed checks, state exploration, exhaustive diffs, adapter conformance.",
        action: { invocation throws(CLIError) in
            throw CLIError(.usage, "'\(invocation.commandLine)' is not available yet.")
        })
}
