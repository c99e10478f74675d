import ExternalAdapter
import OptimisticScenario
import OptimisticState
import StateExplorer
import UpdateCheckSupport

/// A team's store as the CLI runs it beside the built-in store: a Swift
/// `ExplorableStore` that the team's own CLI adds (``UpdateCheck/Store``),
/// or a store program of the manifest (``AdapterManifest/Store``).
///
/// `check` explores it with the built-in store's configurations as the
/// suite `store <name>` (see ``StateExploreSuite/store(_:configurations:)``);
/// `state explore --store` and `state run --store` take it by name.
package struct StoreEntry: Sendable {
    /// A started store: the driver the explorer and the scenario runner
    /// talk to, and how to end it.
    package struct Started: Sendable {
        /// The store's driver.
        package var driver: any StoreDriver
        /// Ends the store (a program's process group); idempotent.
        package var stop: @Sendable () -> Void
    }

    /// The store's name in suites and reports.
    package var name: String
    /// What the store is, in one sentence.
    package var summary: String
    /// Whether the store must also show what `OptimisticStore` shows after
    /// every event (see `StoreExplorer.refinement`).
    package var refinement: Bool
    /// The command that replays a counterexample file on the same store,
    /// without the file: `updatecheck state run --store favourites`.
    package var replay: String
    /// Starts the store: a program once per suite or command.
    ///
    /// - Throws: exit 66 for a program that cannot be started, 65 for one
    ///   whose handshake is not the protocol's, both located at the entry.
    package var start: @Sendable () throws(CLIError) -> Started
    /// Whether the store can be explored with a configuration's values (a
    /// Swift store of `Bool` cannot hold three); a program is asked every
    /// configuration.
    package var holdsValues: @Sendable (ExplorerConfiguration) -> Bool = { _ in true }

    /// A Swift store, run in process, named `name`.
    package init<Store: ExplorableStore>(_ store: Store.Type, name: String, refinement: Bool)
    where Store.RecordID: LosslessStringConvertible, Store.Value: ScenarioValueConvertible {
        self.name = name
        summary = "The Swift store \(String(describing: Store.self)), run in process."
        self.refinement = refinement
        replay = "updatecheck state run --store \(MessageText.shellWord(name))"
        let driver: any StoreDriver = InProcessStoreDriver(Store.self)
        start = { Started(driver: driver, stop: {}) }
        let holds = ExplorerConfiguration.valueRange.map {
            StoreExplorer.holdsValues(of: ExplorerConfiguration(values: $0), in: Store.self)
        }
        holdsValues = { holds[$0.values - ExplorerConfiguration.valueRange.lowerBound] }
    }

    /// A store program, started with `/bin/sh -c command` in
    /// `workingDirectory`; `location` (`updatecheck.json:12:5`) names where
    /// it was declared.
    package init(
        program command: String, name: String, refinement: Bool, timeout: Double, workingDirectory: String,
        location: String
    ) {
        self.name = name
        summary = "The store program `\(command)` (from \(location))."
        self.refinement = refinement
        replay = "updatecheck state run --store \(MessageText.shellWord(name))"
        start = { () throws(CLIError) in
            do {
                let program = try StoreProgram(
                    command: command, name: name, workingDirectory: workingDirectory, timeout: timeout)
                return Started(driver: program, stop: { program.stop() })
            } catch {
                let failure = ExternalAdapters.startFailure(error)
                throw CLIError(failure.code, "\(location): store \(quoted: name): \(failure.message)")
            }
        }
    }

    /// The store program of `--exec command`: named by its command, run in
    /// the current folder, replayed with `state run --exec`.
    package static func exec(_ command: String, timeout: Double, refinement: Bool) -> StoreEntry {
        var entry = StoreEntry(
            program: command, name: command, refinement: refinement, timeout: timeout, workingDirectory: ".",
            location: "--exec")
        entry.summary = "The store program `\(command)`."
        entry.replay = "updatecheck state run --exec \(MessageText.shellWord(command))"
        entry.start = { () throws(CLIError) in
            do {
                let program = try StoreProgram(command: command, timeout: timeout)
                return Started(driver: program, stop: { program.stop() })
            } catch {
                throw ExternalAdapters.startFailure(error)
            }
        }
        return entry
    }

    /// The store a state command names: `--exec`'s program, or the team's
    /// store `--store` names (added by its own CLI, or in the manifest of
    /// `--config`); `nil` for the built-in store.
    ///
    /// - Throws: exit 64 for both options, or an unknown name; 65 or 66 for
    ///   a malformed or missing manifest.
    package static func named(in invocation: Invocation, refinement: Bool) throws(CLIError) -> StoreEntry? {
        let command = try StateExploreCommand.exec.value(in: invocation)
        let name = try StateExploreCommand.store.value(in: invocation)
        let timeout = try StateExploreCommand.timeout.value(in: invocation)
        if command != nil, name != nil { throw .usage("Give --exec or --store, not both.") }
        if let command { return exec(command, timeout: Double(timeout ?? 10), refinement: refinement) }
        if timeout != nil { throw .usage("--timeout needs --exec.") }
        guard let name else {
            // A manifest given by name is read, so that a missing or malformed one is an error (66, 65)
            // even when no store of it is used.
            if try Options.config.value(in: invocation) != nil { _ = try AdapterCatalog(invocation) }
            return nil
        }
        let stores = try AdapterCatalog(invocation).stores
        guard var entry = stores.first(where: { $0.name == name }) else {
            let known =
                stores.isEmpty
                ? "no store is added by this tool or listed in the manifest"
                : "expected one of \(stores.map(\.name).joined(separator: ", "))"
            throw .usage("Unknown value \(quoted: name) for '--store': \(known).")
        }
        entry.refinement = entry.refinement || refinement
        return entry
    }
}
