import BatchUpdate
import Foundation
import Testing
import UpdateCheckSupport
import UpdateCheckUIKit

@testable import UpdateCheckCLI

/// A team's own CLI (`UpdateCheck.main(adapters:)`): the added in-process
/// adapters are listed, proven by name and by default, planned, and run as
/// suites of `check`; names that clash are refused.
@Suite struct OwnCLITests {
    /// UIKit batches that reload changed items at their new paths: wrong,
    /// as UIKit reads reload paths before the update.
    struct ReloadsAtNewPaths<ID: Hashable & Sendable>: UpdateAdapter {
        typealias Model = UIKitBatchModel<ID>
        var name: String { "reloads-at-new-paths" }
        var summary: String { "Reloads changed items at their new paths in the batch of the moves." }
        var policy: AdapterPolicy { AdapterPolicy(movedAndChanged: .moveThenRefresh, refresh: .reload) }
        func batches(for plan: UpdatePlan<ID>) -> [UpdateBatch<[ID], UIKitBatchCall>] {
            var calls: [UIKitBatchCall] = [.deleteItems(plan.deletions), .insertItems(plan.insertions)]
            var reloads: [ItemPath] = []
            for case .kept(_, let from, let to, let isMoved, let isChanged) in plan.items {
                if isMoved { calls.append(.moveItem(at: from, to: to)) }
                if isChanged { reloads.append(to) }
            }
            calls.append(.reloadItems(reloads))
            return plan.isEmpty ? [] : [UpdateBatch(dataSource: plan.new, calls: calls)]
        }
    }

    /// The built-in UIKit adapter under a team's name.
    struct TeamTable<ID: Hashable & Sendable>: UpdateAdapter {
        typealias Model = UIKitBatchModel<ID>
        var name: String { "team-table" }
        var summary: String { "The team's table: UIKit batches." }
        var policy: AdapterPolicy { UIKitBatchAdapter<ID>().policy }
        func batches(for plan: UpdatePlan<ID>) -> [UpdateBatch<[ID], UIKitBatchCall>] {
            UIKitBatchAdapter<ID>().batches(for: plan)
        }
    }

    /// The built-in UIKit adapter under any name.
    struct Named<ID: Hashable & Sendable>: UpdateAdapter {
        typealias Model = UIKitBatchModel<ID>
        let name: String
        var summary: String { "UIKit batches under the name \(name)." }
        var policy: AdapterPolicy { UIKitBatchAdapter<ID>().policy }
        func batches(for plan: UpdatePlan<ID>) -> [UpdateBatch<[ID], UIKitBatchCall>] {
            UIKitBatchAdapter<ID>().batches(for: plan)
        }
    }

    static let added = [
        UpdateCheck.Adapter(TeamTable<String>(), proving: TeamTable<Int>()),
        UpdateCheck.Adapter(ReloadsAtNewPaths<Int>()),
    ]

    /// Runs the CLI in-process with the added adapters.
    func run(_ arguments: [String], in folder: String? = nil) -> (code: Int32, out: String, err: String) {
        let captured = CheckRunnerTests.Captured()
        let code = UpdateCheckMain.run(arguments, console: captured.console(), adapters: Self.added.map(\.entry))
        return (code, captured.out.withLock { $0 }, captured.err.withLock { $0 })
    }

    @Test func addedAdaptersAreListedAfterTheDefaults() {
        let result = run(["adapters"])
        #expect(result.code == 0)
        let names = result.out.split(separator: "\n").filter { !$0.hasPrefix(" ") && !$0.hasSuffix(":") }
        #expect(
            names.prefix(7) == [
                "uikit", "appkit", "recyclerview", "diffable", "team-table", "reloads-at-new-paths", "uikit-reload",
            ])
        #expect(result.out.contains("team-table\n  The team's table: UIKit batches.\n  Policy: "))
    }

    @Test func addedAdaptersAreProvenByNameAndByDefault() {
        let passing = run(["adapters", "check", "team-table", "--ids", "3"])
        #expect(passing.code == 0, "\(passing)")
        #expect(passing.out.contains("team-table: passed "))
        let failing = run(["adapters", "check", "reloads-at-new-paths", "--ids", "3"])
        #expect(failing.code == 1)
        #expect(failing.out.contains("reloads-at-new-paths: FAILED "))
        #expect(
            failing.out.contains(
                "smallest:\n  [a] → [b, a], changed [a]: batch 1 raised: attempt to reload item 1 from section 0 "),
            "\(failing.out)")
        let all = run(["adapters", "check", "--ids", "2"])
        #expect(all.code == 1)
        #expect(all.out.hasPrefix("Proving uikit, appkit, recyclerview, diffable, team-table, reloads-at-new-paths: "))
        let unknown = run(["adapters", "check", "nobody"])
        #expect(unknown.code == 64)
        #expect(unknown.err.contains("expected one of uikit, appkit, recyclerview, diffable, team-table, "))
    }

    @Test func anAddedAdapterForFilesPlansThem() throws {
        let files = try DiffTestFiles()
        try files.ids("old.json", ["a", "b", "c"])
        try files.ids("new.json", ["c", "a"])
        let old = files.folder.appendingPathComponent("old.json").path
        let new = files.folder.appendingPathComponent("new.json").path
        let planned = run(["plan", "--adapter", "team-table", old, new])
        #expect(planned.code == 0, "\(planned)")
        #expect(planned.out.contains("deleteItems(at: [[0, 1]])"), "\(planned.out)")
        let kitOnly = run(["plan", "--adapter", "reloads-at-new-paths", old, new])
        #expect(kitOnly.code == 64)
        #expect(kitOnly.err.contains("The adapter 'reloads-at-new-paths' cannot plan files."))
    }

    @Test func checkRunsAddedAdaptersAsSuitesBeforeTheManifests() throws {
        let manifest = try AdapterManifest.parse(
            JSONNode.parse(
                Array(
                    #"""
                    {"adapters": [{"name": "web", "command": "exit 1", "model": "uikit",
                      "policy": {"movedAndChanged": "move-then-refresh", "refresh": "reconfigure"}}]}
                    """#.utf8)), file: "m.json", folder: ".")
        let catalog = AdapterCatalog(added: Self.added.map(\.entry), manifest: manifest)
        let options = CheckOptions(ids: 2, areas: [.adapters])
        let suites = CheckCommand.teamSuites(catalog, options: options, randomPairs: 0)
        #expect(suites.map(\.name) == ["adapters team-table", "adapters reloads-at-new-paths", "adapters web"])
        #expect(CheckCommand.teamSuites(catalog, options: CheckOptions(areas: [.state])).isEmpty)
        let run = try SuiteRunner(console: .discarding).run(suites)
        #expect(run.results.map(\.failureCount) == [0, 4, 5], "web cannot start: all its 5 groups fail")
    }

    @Test func namesThatClashAreRefused() throws {
        #expect(UpdateCheck.clash(Self.added) == nil)
        let builtIn = UpdateCheck.Adapter(UIKitBatchAdapter<String>(), proving: UIKitBatchAdapter<Int>())
        #expect(UpdateCheck.clash([builtIn])?.contains("'uikit' is named like a built-in adapter") == true)
        #expect(UpdateCheck.clash(Self.added + [Self.added[0]])?.contains("Two added adapters are named") == true)
        // Names that differ only in case name one picture file on macOS.
        #expect(
            UpdateCheck.clash([UpdateCheck.Adapter(Named<Int>(name: "UIKit"))])
                == "The added adapter 'UIKit' differs only in case from the built-in adapter 'uikit', and names that "
                + "differ only in case are one file name on macOS; rename it.")
        #expect(
            UpdateCheck.clash(Self.added + [UpdateCheck.Adapter(Named<Int>(name: "Team-Table"))])
                == "The added adapter 'Team-Table' differs only in case from the added adapter 'team-table', and "
                + "names that differ only in case are one file name on macOS; rename it.")
        let manifest =
            #"{"adapters": [{"name": "team-table", "command": "true", "model": "uikit", "#
            + #""policy": {"movedAndChanged": "move-then-refresh", "refresh": "reconfigure"}}]}"#
        #expect(throws: CLIError.self) {
            try AdapterManifest.parse(
                JSONNode.parse(Array(manifest.utf8)), file: "m.json", folder: ".",
                reserved: .init(adapters: ["team-table"]))
        }
    }
}
