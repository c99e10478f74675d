import AnimatedListAdapter
import AppKitAdapter
import BatchUpdate
import DiffableSnapshotAdapter
import RecyclerViewAdapter
import UIKitAdapter

/// The adapters `updatecheck plan` and `updatecheck adapters` know: the four
/// defaults, then their variants.
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

    /// The four default adapters.
    package static var defaults: [AdapterEntry] { all.filter { !$0.isVariant } }
}
