/// `updatecheck junit`: Validate and merge JUnit reports.
package enum JUnitCommand {
    /// The `junit` command.
    package static let command = Command(
        name: "junit",
        abstract: "Validate and merge JUnit reports.",
        action: { invocation throws(CLIError) in
            throw CLIError(.usage, "'\(invocation.commandLine)' is not available yet.")
        })
}
