import BatchUpdate
import UpdateCheckAnimatedList
import UpdateCheckAppKit
import UpdateCheckDiff
import UpdateCheckDiffable
import UpdateCheckRecyclerView
import UpdateCheckUIKit

/// The adapters `updatecheck plan` and `updatecheck adapters` know: the four
/// defaults, then their variants, then the sectioned adapters.
package enum BuiltInAdapters {
    /// Every adapter, defaults first.
    package static let all: [AdapterEntry] = [
        AdapterEntry(UIKitBatchAdapter<String>(), proving: UIKitBatchAdapter<Int>()),
        AdapterEntry(AppKitTableAdapter<String>(), proving: AppKitTableAdapter<Int>()),
        AdapterEntry(RecyclerViewUpdateAdapter<String>(), proving: RecyclerViewUpdateAdapter<Int>()),
        AdapterEntry(DiffableDataSourceAdapter<String>(), proving: DiffableDataSourceAdapter<Int>()),
        AdapterEntry(
            UIKitBatchAdapter<String>(refresh: .reload), proving: UIKitBatchAdapter<Int>(refresh: .reload),
            isVariant: true),
        AdapterEntry(
            UIKitBatchAdapter<String>(movedAndChanged: .deleteAndInsert),
            proving: UIKitBatchAdapter<Int>(movedAndChanged: .deleteAndInsert), isVariant: true),
        AdapterEntry(
            RecyclerViewUpdateAdapter<String>(payload: nil), proving: RecyclerViewUpdateAdapter<Int>(payload: nil),
            isVariant: true),
        AdapterEntry(
            DiffableDataSourceAdapter<String>(refresh: .reload),
            proving: DiffableDataSourceAdapter<Int>(refresh: .reload),
            isVariant: true),
        AdapterEntry(AnimatedListAdapter<String>(), proving: AnimatedListAdapter<Int>(), isVariant: true),
    ]

    /// The names of every flat and sectioned adapter: a manifest or a
    /// team's own CLI may take none of them.
    package static var names: [String] { all.map(\.name) + sectioned.map(\.name) }

    /// The four default adapters.
    package static var defaults: [AdapterEntry] { all.filter { !$0.isVariant } }

    /// Every sectioned adapter: UIKit's and the diffable data source's with
    /// sections, then the header-row adapters of the toolkits without sections.
    package static let sectioned: [AdapterEntry] = [
        AdapterEntry(
            UIKitSectionedAdapter<String, String>(), proving: UIKitSectionedAdapter<ExhaustiveSectionID, ExhaustiveID>()
        ),
        AdapterEntry(
            UIKitSectionedAdapter<String, String>(refresh: .reload),
            proving: UIKitSectionedAdapter<ExhaustiveSectionID, ExhaustiveID>(refresh: .reload)),
        AdapterEntry(
            DiffableSectionedAdapter<String, String>(),
            proving: DiffableSectionedAdapter<ExhaustiveSectionID, ExhaustiveID>()),
        AdapterEntry(
            DiffableSectionedAdapter<String, String>(refresh: .reload),
            proving: DiffableSectionedAdapter<ExhaustiveSectionID, ExhaustiveID>(refresh: .reload)),
        AdapterEntry(
            AppKitSectionedTableAdapter<String, String>(AppKitTableAdapter()),
            proving: AppKitSectionedTableAdapter<ExhaustiveSectionID, ExhaustiveID>(AppKitTableAdapter())),
        AdapterEntry(
            RecyclerViewSectionedAdapter<String, String>(RecyclerViewUpdateAdapter()),
            proving: RecyclerViewSectionedAdapter<ExhaustiveSectionID, ExhaustiveID>(RecyclerViewUpdateAdapter())),
        AdapterEntry(
            RecyclerViewSectionedAdapter<String, String>(RecyclerViewUpdateAdapter(payload: nil)),
            proving: RecyclerViewSectionedAdapter<ExhaustiveSectionID, ExhaustiveID>(
                RecyclerViewUpdateAdapter(payload: nil))),
        AdapterEntry(
            AnimatedListSectionedAdapter<String, String>(AnimatedListAdapter()),
            proving: AnimatedListSectionedAdapter<ExhaustiveSectionID, ExhaustiveID>(AnimatedListAdapter())),
    ]

    /// The bridges that hand the built-in adapters' batches to UIKit, AppKit
    /// and diffable data sources, each proven on its recording view
    /// (`BridgedAdapter`): flat UIKit (default and refresh-then-move), AppKit
    /// and diffable, then sectioned UIKit, diffable and AppKit (header rows).
    package static let bridges: [AdapterEntry] = [
        AdapterEntry(provingOnly: UIKitBatchAdapter<Int>().bridged),
        AdapterEntry(provingOnly: UIKitBatchAdapter<Int>(movedAndChanged: .refreshThenMove).bridged),
        AdapterEntry(provingOnly: AppKitTableAdapter<Int>().bridged),
        AdapterEntry(provingOnly: DiffableDataSourceAdapter<Int>().bridged),
        AdapterEntry(provingOnly: UIKitSectionedAdapter<ExhaustiveSectionID, ExhaustiveID>().bridged),
        AdapterEntry(provingOnly: DiffableSectionedAdapter<ExhaustiveSectionID, ExhaustiveID>().bridged),
        AdapterEntry(
            provingOnly: AppKitSectionedTableAdapter<ExhaustiveSectionID, ExhaustiveID>(AppKitTableAdapter()).bridged),
    ]
}
