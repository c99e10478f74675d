/// `updatecheck adapters`: list the built-in adapters and the manifest's
/// adapter programs, and prove them on their toolkit models.
package enum AdaptersCommand {
    /// The `adapters` command.
    package static let command = Command(
        name: "adapters",
        abstract: "List the built-in adapters and prove them on their toolkit models.",
        discussion: """
            Prints each adapter's toolkit semantics and policy: what it does with an item that
            is both moved and changed, and whether a refresh keeps the cell. The adapter programs
            of the manifest (--config FILE, or ./updatecheck.json when present) follow with
            their model and command.
            Exit codes: 0 listed; 64 bad usage; 65 the manifest is malformed; 66 the --config
            file is missing.
            """,
        options: [Options.config.spec],
        subcommands: [AdaptersCheckCommand.command],
        action: { invocation throws(CLIError) in
            let catalog = try AdapterCatalog(invocation)
            invocation.console.writeOut(
                AdaptersList.render(catalog.all, sectioned: catalog.sectioned, programs: catalog.plugged))
            return .success
        })
}
