/// `updatecheck junit`: Validate and merge JUnit reports.
package enum JUnitCommand {
    /// The `junit` command group.
    package static let command = Command(
        name: "junit",
        abstract: "Validate and merge JUnit reports.",
        subcommands: [JUnitValidateCommand.command, JUnitMergeCommand.command])
}
