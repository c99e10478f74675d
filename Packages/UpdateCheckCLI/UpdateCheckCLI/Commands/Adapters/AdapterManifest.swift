import BatchUpdate
import Foundation
import JUnitReporter
import UpdateCheckIO
import UpdateCheckPlatform
import UpdateCheckSupport

/// A team's manifest, `updatecheck.json`: the adapter programs that
/// `updatecheck check` and `updatecheck adapters check` prove beside the
/// built-in adapters, and the store programs that `check` explores beside
/// the built-in store (format: `docs/own-adapters.md` and
/// `docs/state-machine.md`, schema `docs/schemas/manifest.json`).
///
/// ```json
/// {
///   "adapters": [
///     {
///       "name": "android-feed",
///       "command": "python3 tools/feed_adapter.py",
///       "model": "recyclerview",
///       "policy": {"movedAndChanged": "move-then-refresh", "refresh": "reconfigure"},
///       "timeout": 20,
///       "workingDirectory": ".",
///       "everyCase": false
///     }
///   ],
///   "stores": [
///     {"name": "favourites", "command": "python3 tools/favourites_store.py", "refinement": true}
///   ]
/// }
/// ```
///
/// The manifest is read from `--config FILE`, or from `updatecheck.json` in
/// the current folder when that exists. Commands run in the manifest's
/// folder, or in `workingDirectory` (relative to that folder). A program is
/// started only when a suite of it runs, and must declare exactly the
/// manifest's policy in its handshake.
package struct AdapterManifest: Sendable, Equatable {
    /// One adapter program of the manifest.
    package struct Adapter: Sendable, Equatable {
        /// The adapter's name in reports, suites and `adapters check NAME`.
        package var name: String
        /// The program and its arguments, run with `/bin/sh -c`.
        package var command: String
        /// The built-in model the program's calls are replayed on.
        package var model: String
        /// The policy the program must declare, which the kit holds it to.
        package var policy: AdapterPolicy
        /// How long the program may take to answer a case (its whole line), in seconds.
        package var timeout: Int
        /// The folder the program runs in (the manifest's folder by default).
        package var workingDirectory: String
        /// `updatecheck.json:4:5`: where the adapter stands in the manifest.
        package var location: String
        /// Whether the program is sent every case as it is (a program with
        /// state), not each distinct case once.
        package var everyCase = false
    }

    /// One store program of the manifest, explored by `check` as the suite
    /// `store <name>`.
    package struct Store: Sendable, Equatable {
        /// The store's name in reports and suites.
        package var name: String
        /// The program and its arguments, run with `/bin/sh -c`.
        package var command: String
        /// How long the program may take to answer a request (its whole line), in seconds.
        package var timeout: Int
        /// The folder the program runs in (the manifest's folder by default).
        package var workingDirectory: String
        /// Whether the store must also show what the built-in store shows.
        package var refinement = false
        /// `updatecheck.json:12:5`: where the store stands in the manifest.
        package var location: String

        /// The store as `check` explores it.
        package var entry: StoreEntry {
            StoreEntry(
                program: command, name: name, refinement: refinement, timeout: Double(timeout),
                workingDirectory: workingDirectory, location: location)
        }
    }

    /// The name looked for in the current folder: `updatecheck.json`.
    package static let defaultFileName = "updatecheck.json"
    /// A program's timeout when the manifest gives none, in seconds.
    package static let defaultTimeout = 10
    /// The accepted timeouts, in seconds.
    package static let timeoutRange = 1...3600
    /// The longest adapter name accepted.
    package static let maxNameLength = 64

    /// The file the manifest was read from, as given.
    package var file: String
    /// The adapters, in file order; names are unique.
    package var adapters: [Adapter]
    /// The store programs, in file order; names are unique.
    package var stores: [Store] = []

    /// The manifest of a command: `--config` when given, else
    /// `updatecheck.json` in the current folder when one exists, else none.
    ///
    /// - Throws: exit 66 when the `--config` file (or a found
    ///   `updatecheck.json` that cannot be read) is missing; exit 65 naming
    ///   file, line, column and key when it is malformed, or when it is
    ///   larger than ``InputFile/maxDocumentBytes``.
    /// Names in `reserved` (the adapters and stores a team's own CLI adds)
    /// are refused as the built-in adapters' names are.
    package static func find(config: String?, reserved: Reserved = Reserved()) throws(CLIError)
        -> AdapterManifest?
    {
        if let config { return try load(config, reserved: reserved) }
        guard (try? System.linkStatus(defaultFileName)) != nil else { return nil }
        return try load(defaultFileName, reserved: reserved)
    }

    /// The names a manifest may not use: those of the adapters and stores
    /// that a team's own CLI adds.
    package struct Reserved: Sendable, Equatable {
        /// The added adapters' names.
        package var adapters: [String] = []
        /// The added stores' names.
        package var stores: [String] = []

        /// Names reserved for `adapters` and `stores`.
        package init(adapters: [String] = [], stores: [String] = []) {
            self.adapters = adapters
            self.stores = stores
        }
    }

    /// The line `check` prints when no `--config` is given and the current
    /// folder has no ``defaultFileName``: where it looked, and how to name
    /// a manifest; `nil` when the file is there.
    package static func noneFoundLine() -> String? {
        guard (try? System.linkStatus(defaultFileName)) == nil else { return nil }
        let folder = FileManager.default.currentDirectoryPath
        return "No adapter manifest: \(JUnitText.terminalSafe(folder))/\(defaultFileName) does not exist "
            + "(--config FILE names one); the built-in suites only."
    }

    /// Reads and checks the manifest at `path` (`-`: standard input, whose
    /// programs then run in the current folder).
    ///
    /// - Throws: as ``find(config:reserved:)``.
    package static func load(_ path: String, reserved: Reserved = Reserved()) throws(CLIError) -> AdapterManifest {
        try parse(
            InputFile.json(at: path, what: "adapter manifest"), file: path,
            folder: path == "-" ? "." : folder(of: path), reserved: reserved)
    }

    /// Checks a parsed manifest read from `file`, whose relative working
    /// folders start at `folder`; no adapter may be named as a built-in
    /// adapter or as one in `reserved`, no store as one in `reserved`.
    ///
    /// - Throws: exit 65 naming `file`, line, column and key.
    package static func parse(_ root: JSONNode, file: String, folder: String, reserved: Reserved = Reserved())
        throws(CLIError) -> AdapterManifest
    {
        let reader = Reader(file: InputFile.displayName(file), folder: folder, reserved: reserved)
        do {
            let (adapters, stores) = try reader.manifest(root)
            return AdapterManifest(file: file, adapters: adapters, stores: stores)
        } catch {
            throw .dataError(error.message)
        }
    }

    /// Whether `name` can name an adapter or store: 1 to ``maxNameLength``
    /// letters, digits, `-`, `_` or `.`, not starting with `.`, so that it
    /// is safe in reports, suite names and picture file names.
    package static func isValidName(_ name: String) -> Bool {
        let allowed = name.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
        }
        return allowed && !name.isEmpty && name.first != "." && name.utf8.count <= maxNameLength
    }

    /// The folder of `path`: `.` for a bare name.
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// A malformed manifest, with its message already located.
    struct Malformed: Error {
        var message: String
    }

    /// Reads JSON nodes into manifest values, naming where each error is.
    struct Reader {
        let file: String
        let folder: String
        let reserved: Reserved

        static let topKeys = ["$schema", "version", "adapters", "stores"]
        static let adapterKeys = ["name", "command", "model", "policy", "timeout", "workingDirectory", "everyCase"]
        static let storeKeys = ["name", "command", "timeout", "workingDirectory", "refinement"]
        static let policyKeys = ["movedAndChanged", "refresh", "moves"]

        func fail(_ node: JSONNode, _ subject: String, _ message: String) -> Malformed {
            fail(node.shapeError(message), subject)
        }

        func fail(_ error: JSONNode.ShapeError, _ subject: String) -> Malformed {
            Malformed(message: "\(file):\(error.line):\(error.column): \(subject)\(error.message)")
        }

        func members(_ node: JSONNode, _ subject: String, _ what: String, allowed: [String])
            throws(Malformed) -> [(key: String, value: JSONNode)]
        {
            do { return try node.members(of: what, allowed: allowed) } catch { throw fail(error, subject) }
        }

        func required(_ node: JSONNode, _ key: String, _ subject: String, in what: String) throws(Malformed)
            -> JSONNode
        {
            guard let value = node[key] else { throw fail(node, subject, "\(what) needs the key \(quoted: key)") }
            return value
        }

        /// A name, model, policy value or folder: a string without control characters.
        func string(_ node: JSONNode, _ subject: String, key: String) throws(Malformed) -> String {
            do { return try node.identifier("\(quoted: key)") } catch { throw fail(error, subject) }
        }

        /// The command: a string without NUL (`/bin/sh -c` runs it, line breaks and tabs included).
        func command(_ node: JSONNode, _ subject: String) throws(Malformed) -> String {
            let text: String
            do { text = try node.nonEmptyString("'command'") } catch { throw fail(error, subject) }
            guard !text.utf8.contains(0) else {
                throw fail(node, subject, "'command' must not contain a NUL character")
            }
            return text
        }

        func choice<T: RawRepresentable<String> & CaseIterable>(
            _ node: JSONNode, _ subject: String, key: String, as: T.Type
        ) throws(Malformed) -> T {
            let text = try string(node, subject, key: key)
            guard let found = T(rawValue: text) else {
                let known = T.allCases.map { "\(quoted: $0.rawValue)" }.joined(separator: ", ")
                throw fail(node, subject, "unknown value \(quoted: text) for \(quoted: key) (expected \(known))")
            }
            return found
        }

        func manifest(_ root: JSONNode) throws(Malformed) -> (adapters: [Adapter], stores: [Store]) {
            _ = try members(root, "", "the manifest", allowed: Self.topKeys)
            if let version = root["version"], version.value != .number("1") {
                throw fail(version, "", "'version' must be 1, the only manifest version")
            }
            if let schema = root["$schema"], schema.stringValue == nil {
                throw fail(schema, "", "'$schema' must be a string, not \(schema.kindDescription)")
            }
            guard root["adapters"] != nil || root["stores"] != nil else {
                throw fail(root, "", "the manifest needs the key 'adapters' or 'stores'")
            }
            let adapters = try entries(root, key: "adapters", read: adapter)
            let stores = try entries(root, key: "stores", read: store)
            return (adapters, stores)
        }

        /// The array at `key` (none when absent), each item read by `read`;
        /// names are unique within the array.
        func entries<Entry>(
            _ root: JSONNode, key: String, read: (JSONNode, Int) throws(Malformed) -> Entry
        ) throws(Malformed) -> [Entry] {
            guard let list = root[key] else { return [] }
            guard let items = list.arrayValue else {
                throw fail(list, "", "\(quoted: key) must be an array, not \(list.kindDescription)")
            }
            let what = key == "adapters" ? "adapter" : "store"
            var entries: [Entry] = []
            // Keyed by the name in lower case: names that differ only in case
            // name files (pictures) that are one file on macOS's disks.
            var seen: [String: JSONNode] = [:]
            for (index, item) in items.enumerated() {
                let entry = try read(item, index)
                let name = item["name"]!
                let text = name.stringValue!
                if let first = seen[text.lowercased()] {
                    let other = first["name"]!.stringValue!
                    throw fail(
                        name, "\(key)[\(index)] \(quoted: text): ",
                        other == text
                            ? "the name \(quoted: text) is already used by the \(what) at line \(first.line)"
                            : "the name \(quoted: text) differs only in case from \(quoted: other), the \(what) at line "
                                + "\(first.line), and names that differ only in case are one file name on macOS")
                }
                seen[text.lowercased()] = item
                entries.append(entry)
            }
            return entries
        }

        func adapter(_ node: JSONNode, _ index: Int) throws(Malformed) -> Adapter {
            var subject = "adapters[\(index)]: "
            guard node.objectValue != nil else {
                throw fail(node, subject, "an adapter must be an object, not \(node.kindDescription)")
            }
            let name = try self.name(required(node, "name", subject, in: "an adapter"), subject)
            subject = "adapters[\(index)] \(quoted: name): "
            _ = try members(node, subject, "an adapter", allowed: Self.adapterKeys)
            if let builtIn = BuiltInAdapters.names.first(where: { $0.lowercased() == name.lowercased() }) {
                throw fail(
                    node["name"]!, subject,
                    builtIn == name
                        ? "the name \(quoted: name) is a built-in adapter's; choose another"
                        : "the name \(quoted: name) differs only in case from the built-in adapter \(quoted: builtIn), "
                            + "and names that differ only in case are one file name on macOS; choose another")
            }
            if reserved.adapters.contains(name) {
                throw fail(
                    node["name"]!, subject, "the name \(quoted: name) is an adapter's of this tool; choose another")
            }
            let command = try self.command(required(node, "command", subject, in: "an adapter"), subject)
            let modelNode = try required(node, "model", subject, in: "an adapter")
            let model = try string(modelNode, subject, key: "model")
            guard ExternalAdapters.allModelNames.contains(model) else {
                let known = ExternalAdapters.allModelNames.map { "\(quoted: $0)" }.joined(separator: ", ")
                throw fail(modelNode, subject, "unknown model \(quoted: model) for 'model' (expected \(known))")
            }
            let policy = try self.policy(required(node, "policy", subject, in: "an adapter"), subject)
            return Adapter(
                name: name, command: command, model: model, policy: policy, timeout: try timeout(node, subject),
                workingDirectory: try workingDirectory(node, subject), location: "\(file):\(node.line):\(node.column)",
                everyCase: try flag(node, "everyCase", subject))
        }

        func store(_ node: JSONNode, _ index: Int) throws(Malformed) -> Store {
            var subject = "stores[\(index)]: "
            guard node.objectValue != nil else {
                throw fail(node, subject, "a store must be an object, not \(node.kindDescription)")
            }
            let name = try self.name(required(node, "name", subject, in: "a store"), subject)
            subject = "stores[\(index)] \(quoted: name): "
            _ = try members(node, subject, "a store", allowed: Self.storeKeys)
            if reserved.stores.contains(name) {
                throw fail(node["name"]!, subject, "the name \(quoted: name) is a store's of this tool; choose another")
            }
            return Store(
                name: name, command: try command(required(node, "command", subject, in: "a store"), subject),
                timeout: try timeout(node, subject), workingDirectory: try workingDirectory(node, subject),
                refinement: try flag(node, "refinement", subject), location: "\(file):\(node.line):\(node.column)")
        }

        /// The entry's `timeout` in seconds, or the default.
        func timeout(_ node: JSONNode, _ subject: String) throws(Malformed) -> Int {
            guard let timeoutNode = node["timeout"] else { return AdapterManifest.defaultTimeout }
            guard case .number(let text) = timeoutNode.value, let seconds = Int(text),
                AdapterManifest.timeoutRange.contains(seconds)
            else {
                let range = AdapterManifest.timeoutRange
                throw fail(
                    timeoutNode, subject,
                    "'timeout' must be a whole number of seconds from \(range.lowerBound) to \(range.upperBound)")
            }
            return seconds
        }

        /// The entry's boolean `key`, `false` when absent.
        func flag(_ node: JSONNode, _ key: String, _ subject: String) throws(Malformed) -> Bool {
            guard let flagNode = node[key] else { return false }
            guard case .bool(let flag) = flagNode.value else {
                throw fail(flagNode, subject, "\(quoted: key) must be true or false, not \(flagNode.kindDescription)")
            }
            return flag
        }

        /// A name safe in reports, suite names and picture file names.
        func name(_ node: JSONNode, _ subject: String) throws(Malformed) -> String {
            let name = try string(node, subject, key: "name")
            guard AdapterManifest.isValidName(name) else {
                throw fail(
                    node, subject,
                    "the name \(quoted: name) must be 1 to \(AdapterManifest.maxNameLength) letters, digits, '-', '_' "
                        + "or '.', not starting with '.'")
            }
            return name
        }

        func policy(_ node: JSONNode, _ subject: String) throws(Malformed) -> AdapterPolicy {
            _ = try members(node, subject, "'policy'", allowed: Self.policyKeys)
            let movedAndChanged = try choice(
                required(node, "movedAndChanged", subject, in: "'policy'"), subject, key: "movedAndChanged",
                as: MovedAndChangedPolicy.self)
            let refresh = try choice(
                required(node, "refresh", subject, in: "'policy'"), subject, key: "refresh", as: RefreshStyle.self)
            var moves = MoveStyle.keepsCell
            if let movesNode = node["moves"] {
                moves = try choice(movesNode, subject, key: "moves", as: MoveStyle.self)
            }
            return AdapterPolicy(movedAndChanged: movedAndChanged, refresh: refresh, moves: moves)
        }

        /// The entry's `workingDirectory`, relative to the manifest's folder
        /// (which it is when absent); it must exist.
        func workingDirectory(_ entry: JSONNode, _ subject: String) throws(Malformed) -> String {
            guard let node = entry["workingDirectory"] else { return folder }
            let text = try string(node, subject, key: "workingDirectory")
            let path = text.hasPrefix("/") || folder == "." ? text : "\(folder)/\(text)"
            guard (try? System.status(path))?.kind == .folder else {
                throw fail(node, subject, "'workingDirectory' \(quoted: text) is not a folder (looked for \(path))")
            }
            return path
        }
    }
}

extension AdapterManifest.Adapter {
    /// Whether the program is on a sectioned model (`uikit-sections`): the
    /// sectioned kit proves it (see ``entry``).
    package var isSectioned: Bool { ExternalAdapters.sectionedModelNames.contains(model) }

    /// The summary `updatecheck adapters` lists.
    var summary: String { "The adapter program `\(command)` on the \(model) model (from \(location))." }

    /// The program's failure to start, located at its manifest entry.
    func located(_ error: CLIError) -> CLIError {
        CLIError(error.code, "\(location): adapter \(quoted: name): \(error.message)")
    }

    /// The error for a program whose handshake declares `declared`, not the manifest's policy.
    func policyMismatch(_ declared: AdapterPolicy) -> CLIError {
        .dataError(
            "\(location): adapter \(quoted: name): the program declares the policy \(quoted: declared), but the manifest "
                + "gives \(quoted: policy).")
    }

    /// The adapter as the CLI runs it, flat or sectioned as its model is:
    /// its program is started when its suite runs, checked against the
    /// manifest's policy, proven by its kit, and ended.
    package var entry: AdapterEntry {
        let adapter = self
        return AdapterEntry(
            name: name, summary: summary, policy: policy, shape: isSectioned ? .sectioned : .flat
        ) { scope, shard throws(CLIError) in
            var report = try adapter.withProgram { entry throws(CLIError) in try entry.prove(scope, shard) }
            report.adapter = adapter.name
            return report
        }
    }

    /// `body`'s result on the program started with this entry's command,
    /// model, timeout, folder and `everyCase`: a failure to start is
    /// located at this entry, a handshake policy other than the manifest's
    /// is refused, and the program is ended afterwards.
    func withProgram<Result>(_ body: (AdapterEntry) throws(CLIError) -> Result) throws(CLIError) -> Result {
        let started: ExternalAdapters.Started
        do throws(CLIError) {
            started = try ExternalAdapters.start(
                command: command, model: model, timeout: Double(timeout), workingDirectory: workingDirectory,
                sendsEveryCase: everyCase)
        } catch {
            throw located(error)
        }
        defer { started.stop() }
        guard started.policy == policy else { throw policyMismatch(started.policy) }
        return try body(started.entry)
    }
}
