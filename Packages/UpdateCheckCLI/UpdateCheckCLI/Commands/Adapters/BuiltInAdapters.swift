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

    /// The adapter called `name`.
    ///
    /// - Throws: a usage error listing the known names (and `plugged`, the
    ///   names of a manifest's adapters, when given).
    package static func named(_ name: String, option: String? = nil, plugged: [String] = []) throws(CLIError)
        -> AdapterEntry
    {
        guard let entry = all.first(where: { $0.name == name }) else {
            let known = (all.map(\.name) + plugged).joined(separator: ", ")
            let subject = option.map { "value '\(name)' for '--\($0)'" } ?? "adapter '\(name)'"
            throw .usage("Unknown \(subject): expected one of \(known).")
        }
        return entry
    }
}
