import BatchUpdate
import JUnitReporter
import OptimisticScenario
import OptimisticState
import UpdateCheckPlatform
import UpdateCheckSupport

/// Your own `updatecheck`: every command of the CLI, with your in-process
/// Swift adapters added to the built-in ones, and your Swift stores beside
/// the built-in store.
///
/// A five-line package builds it — an executable target depending on the
/// `UpdateCheckCLI` product and on your adapters:
///
/// ```swift
/// import UpdateCheckCLI
///
/// UpdateCheck.main(adapters: [
///     UpdateCheck.Adapter(DesignSystemListAdapter<String>(), proving: DesignSystemListAdapter<Int>())
/// ])
/// ```
///
/// The added adapters are listed by `adapters`, proven by `adapters check`
/// (by name, and without names beside the four built-in defaults), run as
/// suites `adapters <name>` by `check` (after the built-in adapters, before
/// a manifest's programs), and planned by `plan --adapter <name>`.
///
/// The added stores are explored by `check` as suites `store <name>` (after
/// every built-in suite, before a manifest's store programs), with the
/// built-in store's configurations and the seven invariants:
///
/// ```swift
/// UpdateCheck.main(stores: [UpdateCheck.Store(FavouritesModel.self, named: "favourites")])
/// ```
public enum UpdateCheck {
    /// An in-process adapter for the CLI.
    ///
    /// The CLI plans snapshot files of string IDs (`plan`) and the
    /// conformance kit proves adapters on integer IDs, so an adapter generic
    /// over its IDs is given twice: for `String` and for `Int`.
    public struct Adapter: Sendable {
        /// The adapter as the CLI runs it.
        let entry: AdapterEntry

        /// An adapter the CLI plans files with (`forFiles`) and proves
        /// (`proving`: the same adapter over the kit's integer IDs).
        public init<ForFiles: UpdateAdapter, ForKit: UpdateAdapter>(_ forFiles: ForFiles, proving: ForKit)
        where ForFiles.Plan == UpdatePlan<String>, ForKit.Plan == UpdatePlan<Int> {
            entry = AdapterEntry(forFiles, proving: proving)
        }

        /// An adapter over integer IDs only: proven by `adapters check` and
        /// `check`, but not available to `plan`.
        public init<ForKit: UpdateAdapter>(_ adapter: ForKit) where ForKit.Plan == UpdatePlan<Int> {
            entry = AdapterEntry(provingOnly: adapter)
        }

        /// The adapter's name, as commands take it.
        public var name: String { entry.name }
    }

    /// A team's Swift store for the CLI, explored in process.
    ///
    /// The store conforms to `ExplorableStore` with record IDs made from
    /// the explorer's names (`r1`, `r2`, …) and values made from its
    /// values (see `ScenarioValueConvertible`).
    public struct Store: Sendable {
        /// The store as the CLI runs it.
        let entry: StoreEntry

        /// The store type `store`, named `name` in suites and reports, with
        /// refinement against `OptimisticStore` when `refinement` (for a
        /// store that adopts UpdateCheck's semantics; see `StoreExplorer`).
        public init<Explored: ExplorableStore>(_ store: Explored.Type, named name: String, refinement: Bool = false)
        where Explored.RecordID: LosslessStringConvertible, Explored.Value: ScenarioValueConvertible {
            entry = StoreEntry(store, name: name, refinement: refinement)
        }

        /// The store's name, as suites and reports show it.
        public var name: String { entry.name }
    }

    /// Runs the CLI with the process's arguments, `adapters` and `stores`,
    /// then exits with its exit code (see `updatecheck --help`).
    ///
    /// Adapter names must differ from the built-in adapters' and from each
    /// other, store names from each other and be 1 to 64 letters, digits,
    /// `-`, `_` or `.`; a clash stops the program with exit 64 before any
    /// command runs.
    public static func main(adapters: [Adapter] = [], stores: [Store] = []) -> Never {
        // Checked in a function that returns, so that the message is released
        // before the process exits (see UpdateCheckMain.start).
        if !canAdd(adapters, stores) { System.exit(ExitCode.usage.rawValue) }
        UpdateCheckMain.main(
            Array(CommandLine.arguments.dropFirst()), adapters: adapters.map(\.entry), stores: stores.map(\.entry))
    }

    /// Runs the CLI in-process with `arguments` (without the program name),
    /// `adapters` and `stores`, printing on standard output and error, and
    /// returns the exit code instead of exiting.
    public static func run(_ arguments: [String], adapters: [Adapter] = [], stores: [Store] = []) -> Int32 {
        guard canAdd(adapters, stores) else { return ExitCode.usage.rawValue }
        return UpdateCheckMain.run(arguments, adapters: adapters.map(\.entry), stores: stores.map(\.entry))
    }

    /// Whether `adapters` and `stores` can be added; when not, says why
    /// on standard error.
    private static func canAdd(_ adapters: [Adapter], _ stores: [Store]) -> Bool {
        guard let clash = clash(adapters, stores) else { return true }
        Console.standard.errorLine("Error: \(clash)")
        return false
    }

    /// Why `adapters` and `stores` cannot be added, or `nil` when they can.
    static func clash(_ adapters: [Adapter], _ stores: [Store] = []) -> String? {
        // By name in lower case: names that differ only in case name
        // pictures that are one file on macOS's disks.
        let builtIn = Dictionary(uniqueKeysWithValues: BuiltInAdapters.names.map { ($0.lowercased(), $0) })
        var seen = builtIn
        for adapter in adapters {
            let key = adapter.name.lowercased()
            guard let other = seen[key] else {
                seen[key] = adapter.name
                continue
            }
            let isBuiltIn = builtIn[key] != nil
            if other == adapter.name {
                return isBuiltIn
                    ? "The added adapter \(quoted: adapter.name) is named like a built-in adapter; rename it."
                    : "Two added adapters are named \(quoted: adapter.name); rename one."
            }
            return "The added adapter \(quoted: adapter.name) differs only in case from the "
                + "\(isBuiltIn ? "built-in" : "added") adapter \(quoted: other), and names that differ only in case "
                + "are one file name on macOS; rename it."
        }
        var storeNames: Set<String> = []
        for store in stores {
            guard AdapterManifest.isValidName(store.name) else {
                return "The added store \(quoted: JUnitText.terminalSafe(store.name)) needs a name of 1 to "
                    + "\(AdapterManifest.maxNameLength) letters, digits, '-', '_' or '.', not starting with '.'."
            }
            guard storeNames.insert(store.name).inserted else {
                return "Two added stores are named \(quoted: store.name); rename one."
            }
        }
        return nil
    }
}
