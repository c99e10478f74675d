/// `updatecheck adapters`: list the built-in adapters, and prove them on
/// their toolkit models.
package enum AdaptersCommand {
    /// The `adapters` command.
    package static let command = Command(
        name: "adapters",
        abstract: "List the built-in adapters and prove them on their toolkit models.",
        discussion: """
            Prints each adapter's toolkit semantics and policy: what it does with an item that
            is both moved and changed, and whether a refresh keeps the cell.
            """,
        subcommands: [AdaptersCheckCommand.command],
        action: { invocation throws(CLIError) in
            invocation.console.writeOut(AdaptersList.render(AdapterCatalog(added: invocation.adapters).all))
            return .success
        })
}
