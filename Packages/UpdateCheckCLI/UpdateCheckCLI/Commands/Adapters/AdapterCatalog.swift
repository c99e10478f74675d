import UpdateCheckSupport

/// Every adapter a command can name: the built-in ones, those a team's own
/// CLI adds in-process (``UpdateCheck/main(adapters:stores:)``), and the
/// adapter programs of a manifest (``AdapterManifest``); and the team's
/// stores, added in-process or by the manifest.
///
/// Names are unique across all three: the manifest refuses a built-in or
/// added adapter's name, and ``UpdateCheck`` refuses added adapters named
/// like built-in ones or like each other.
package struct AdapterCatalog: Sendable {
    /// The adapters a team's own CLI adds, in its order.
    package var added: [AdapterEntry]
    /// The manifest's adapter programs, in file order.
    package var plugged: [AdapterManifest.Adapter]
    /// The team's stores: those its own CLI adds, then the manifest's
    /// store programs, in file order.
    package var stores: [StoreEntry]

    /// A catalog of the built-in adapters, `added` and the manifest's
    /// programs, and of `addedStores` and the manifest's stores.
    package init(added: [AdapterEntry] = [], addedStores: [StoreEntry] = [], manifest: AdapterManifest? = nil) {
        self.added = added
        plugged = manifest?.adapters ?? []
        stores = addedStores + (manifest?.stores ?? []).map(\.entry)
    }

    /// The catalog of a command: the invocation's added adapters and the
    /// manifest of `--config` (or `./updatecheck.json` when present).
    ///
    /// - Throws: exit 66 for a missing `--config` file; exit 65 naming file,
    ///   line, column and key for a malformed manifest.
    package init(_ invocation: Invocation) throws(CLIError) {
        let manifest = try AdapterManifest.find(
            config: try Options.config.value(in: invocation),
            reserved: AdapterManifest.Reserved(
                adapters: invocation.adapters.map(\.name), stores: invocation.stores.map(\.name)))
        self.init(added: invocation.adapters, addedStores: invocation.stores, manifest: manifest)
    }

    /// The manifest file a command reads, as an input its outputs may not
    /// overwrite: `--config`, else `updatecheck.json` (one that does not
    /// exist cannot be overwritten, so naming it costs nothing).
    ///
    /// - Throws: exit 64 for a malformed `--config` option.
    package static func manifestInputs(_ invocation: Invocation) throws(CLIError) -> [String] {
        [try Options.config.value(in: invocation) ?? AdapterManifest.defaultFileName]
    }

    /// What `adapters check` proves without names, and `check` runs as
    /// suites: the four built-in defaults, the added adapters, then the
    /// manifest's programs.
    package var defaults: [AdapterEntry] {
        BuiltInAdapters.defaults + added + plugged.map(\.entry).filter { $0.shape == .flat }
    }

    /// What `updatecheck adapters` lists: ``defaults``, then the built-in variants.
    package var all: [AdapterEntry] { defaults + BuiltInAdapters.all.filter(\.isVariant) }

    /// The sectioned adapters: those `adapters check --sections` proves
    /// and `updatecheck adapters` lists after the flat ones — the built-in
    /// ones, then the manifest's programs on a sectioned model.
    package var sectioned: [AdapterEntry] {
        BuiltInAdapters.sectioned + plugged.map(\.entry).filter { $0.shape == .sectioned }
    }

    /// The adapter called `name`.
    ///
    /// - Throws: a usage error listing the known names (naming `--option`
    ///   when the name was its value); for a sectioned adapter's name, one
    ///   saying so and naming `sectionedOption`.
    package func named(_ name: String, option: String? = nil, sectionedOption: String = "sections")
        throws(CLIError) -> AdapterEntry
    {
        let known = all
        guard let entry = known.first(where: { $0.name == name }) else {
            if sectioned.contains(where: { $0.name == name }) {
                throw .usage("\(quoted: name) is a sectioned adapter: give '--\(sectionedOption)'.")
            }
            let names = known.map(\.name).joined(separator: ", ")
            let subject = option.map { "value \(quoted: name) for '--\($0)'" } ?? "adapter \(quoted: name)"
            throw .usage("Unknown \(subject): expected one of \(names).")
        }
        return entry
    }

    /// The sectioned adapter called `name`.
    ///
    /// - Throws: a usage error listing the sectioned adapters' names (naming
    ///   `--option` when the name was its value).
    package func sectionedNamed(_ name: String, option: String? = nil) throws(CLIError) -> AdapterEntry {
        guard let entry = sectioned.first(where: { $0.name == name }) else {
            let names = sectioned.map(\.name).joined(separator: ", ")
            let subject = option.map { "value \(quoted: name) for '--\($0)'" } ?? "sectioned adapter \(quoted: name)"
            throw .usage("Unknown \(subject): expected one of \(names).")
        }
        return entry
    }
}
