import BatchUpdate
import UpdateCheckPlatform

/// Your own `updatecheck`: every command of the CLI, with your in-process
/// Swift adapters added to the built-in ones.
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
        where ForFiles.ID == String, ForKit.ID == Int {
            entry = AdapterEntry(forFiles, proving: proving)
        }

        /// An adapter over integer IDs only: proven by `adapters check` and
        /// `check`, but not available to `plan`.
        public init<ForKit: UpdateAdapter>(_ adapter: ForKit) where ForKit.ID == Int {
            entry = AdapterEntry(provingOnly: adapter)
        }

        /// The adapter's name, as commands take it.
        public var name: String { entry.name }
    }

    /// Runs the CLI with the process's arguments and `adapters`, then exits
    /// with its exit code (see `updatecheck --help`).
    ///
    /// Adapter names must differ from the built-in adapters' and from each
    /// other; a clash stops the program with exit 64 before any command runs.
    public static func main(adapters: [Adapter] = []) -> Never {
        if let clash = clash(adapters) {
            Console.standard.errorLine("Error: \(clash)")
            System.exit(ExitCode.usage.rawValue)
        }
        UpdateCheckMain.main(Array(CommandLine.arguments.dropFirst()), adapters: adapters.map(\.entry))
    }

    /// Runs the CLI in-process with `arguments` (without the program name)
    /// and `adapters`, printing on standard output and error, and returns
    /// the exit code instead of exiting.
    public static func run(_ arguments: [String], adapters: [Adapter] = []) -> Int32 {
        if let clash = clash(adapters) {
            Console.standard.errorLine("Error: \(clash)")
            return ExitCode.usage.rawValue
        }
        return UpdateCheckMain.run(arguments, adapters: adapters.map(\.entry))
    }

    /// Why `adapters` cannot be added, or `nil` when they can.
    static func clash(_ adapters: [Adapter]) -> String? {
        let builtIn = Set(BuiltInAdapters.names)
        var seen = builtIn
        for adapter in adapters where !seen.insert(adapter.name).inserted {
            return builtIn.contains(adapter.name)
                ? "The added adapter '\(adapter.name)' is named like a built-in adapter; rename it."
                : "Two added adapters are named '\(adapter.name)'; rename one."
        }
        return nil
    }
}
