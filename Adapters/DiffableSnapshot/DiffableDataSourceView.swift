import BatchUpdate
import UpdateCheckDiff

/// The edits a diffable bridge makes on a snapshot, mirroring
/// `NSDiffableDataSourceSnapshot`'s own methods (names, labels and types), so
/// that `NSDiffableDataSourceSnapshot` conforms with no code at all.
public protocol DiffableSnapshotEditing {
    /// The section identifier.
    associatedtype SectionIdentifierType: Hashable
    /// The item identifier.
    associatedtype ItemIdentifierType: Hashable

    /// `deleteAllItems()`: every section and item goes.
    mutating func deleteAllItems()
    /// `appendSections(_:)`.
    mutating func appendSections(_ identifiers: [SectionIdentifierType])
    /// `insertSections(_:beforeSection:)`.
    mutating func insertSections(_ identifiers: [SectionIdentifierType], beforeSection: SectionIdentifierType)
    /// `insertSections(_:afterSection:)`.
    mutating func insertSections(_ identifiers: [SectionIdentifierType], afterSection: SectionIdentifierType)
    /// `deleteSections(_:)`.
    mutating func deleteSections(_ identifiers: [SectionIdentifierType])
    /// `moveSection(_:beforeSection:)`.
    mutating func moveSection(_ identifier: SectionIdentifierType, beforeSection: SectionIdentifierType)
    /// `moveSection(_:afterSection:)`.
    mutating func moveSection(_ identifier: SectionIdentifierType, afterSection: SectionIdentifierType)
    /// `reloadSections(_:)`.
    mutating func reloadSections(_ identifiers: [SectionIdentifierType])
    /// `appendItems(_:toSection:)`.
    mutating func appendItems(_ identifiers: [ItemIdentifierType], toSection: SectionIdentifierType?)
    /// `insertItems(_:beforeItem:)`.
    mutating func insertItems(_ identifiers: [ItemIdentifierType], beforeItem: ItemIdentifierType)
    /// `insertItems(_:afterItem:)`.
    mutating func insertItems(_ identifiers: [ItemIdentifierType], afterItem: ItemIdentifierType)
    /// `deleteItems(_:)`.
    mutating func deleteItems(_ identifiers: [ItemIdentifierType])
    /// `moveItem(_:beforeItem:)`.
    mutating func moveItem(_ identifier: ItemIdentifierType, beforeItem: ItemIdentifierType)
    /// `moveItem(_:afterItem:)`.
    mutating func moveItem(_ identifier: ItemIdentifierType, afterItem: ItemIdentifierType)
    /// `reconfigureItems(_:)`.
    mutating func reconfigureItems(_ identifiers: [ItemIdentifierType])
    /// `reloadItems(_:)`.
    mutating func reloadItems(_ identifiers: [ItemIdentifierType])
}

/// What a diffable bridge needs of a data source: its current snapshot and
/// applying an edited one, mirroring `UICollectionViewDiffableDataSource`,
/// `UITableViewDiffableDataSource` and AppKit's two.
///
/// The real data sources conform in `DiffableDataSourceView+UIKit.swift`,
/// one line per method, and so does ``DiffableRecordingView``, which proves
/// the bridges on any platform.
public protocol DiffableDataSourceView: AnyObject {
    /// The snapshot type (`NSDiffableDataSourceSnapshot<Section, Item>`).
    associatedtype Snapshot: DiffableSnapshotEditing
    /// `snapshot()`: a copy of the snapshot shown now.
    func snapshot() -> Snapshot
    /// `apply(_:animatingDifferences:)`.
    func applySnapshot(_ snapshot: Snapshot)
}

extension DiffableSectionedCall {
    /// Makes this edit on `snapshot`.
    @inlinable
    public func edit<Snapshot: DiffableSnapshotEditing>(_ snapshot: inout Snapshot)
    where Snapshot.SectionIdentifierType == SectionID, Snapshot.ItemIdentifierType == ItemID {
        switch self {
        case .deleteAllItems: snapshot.deleteAllItems()
        case .appendSections(let ids): snapshot.appendSections(ids)
        case .insertSections(let ids, .before(let anchor)): snapshot.insertSections(ids, beforeSection: anchor)
        case .insertSections(let ids, .after(let anchor)): snapshot.insertSections(ids, afterSection: anchor)
        case .deleteSections(let ids): snapshot.deleteSections(ids)
        case .moveSection(let id, .before(let anchor)): snapshot.moveSection(id, beforeSection: anchor)
        case .moveSection(let id, .after(let anchor)): snapshot.moveSection(id, afterSection: anchor)
        case .reloadSections(let ids): snapshot.reloadSections(ids)
        case .appendItems(let ids, let section): snapshot.appendItems(ids, toSection: section)
        case .insertItems(let ids, .before(let anchor)): snapshot.insertItems(ids, beforeItem: anchor)
        case .insertItems(let ids, .after(let anchor)): snapshot.insertItems(ids, afterItem: anchor)
        case .deleteItems(let ids): snapshot.deleteItems(ids)
        case .moveItem(let id, .before(let anchor)): snapshot.moveItem(id, beforeItem: anchor)
        case .moveItem(let id, .after(let anchor)): snapshot.moveItem(id, afterItem: anchor)
        case .reconfigureItems(let ids): snapshot.reconfigureItems(ids)
        case .reloadItems(let ids): snapshot.reloadItems(ids)
        }
    }
}

extension SnapshotApplyCall {
    /// Builds this application on `snapshot`, from scratch, as one section
    /// `section`: `deleteAllItems()`, `appendSections`, `appendItems`, then
    /// `reconfigureItems` and `reloadItems` of the changed items.
    @inlinable
    public func edit<Snapshot: DiffableSnapshotEditing>(
        _ snapshot: inout Snapshot, section: Snapshot.SectionIdentifierType
    )
    where Snapshot.ItemIdentifierType == ID {
        snapshot.deleteAllItems()
        snapshot.appendSections([section])
        if !items.isEmpty { snapshot.appendItems(items, toSection: section) }
        if !reconfigured.isEmpty { snapshot.reconfigureItems(reconfigured) }
        if !reloaded.isEmpty { snapshot.reloadItems(reloaded) }
    }
}

extension DiffableDataSourceAdapter {
    /// Applies `plan` to the diffable data source `view` as one section,
    /// `section`.
    ///
    /// For the batch: the data source's snapshot is taken, `dataSource` is
    /// given the new items (store their content where the cell provider
    /// reads it), the snapshot is rebuilt with the changed items reconfigured
    /// or reloaded, and applied. An empty plan applies nothing.
    ///
    /// ```swift
    /// DiffableDataSourceAdapter<Item.ID>().apply(plan, to: dataSource, section: .main) { self.shownIDs = $0 }
    /// ```
    ///
    /// - Complexity: O(*n*) plus what the data source does with the snapshot.
    @inlinable
    public func apply<View: DiffableDataSourceView>(
        _ plan: UpdatePlan<ID>, to view: View, section: View.Snapshot.SectionIdentifierType,
        dataSource: ([ID]) -> Void
    ) where View.Snapshot.ItemIdentifierType == ID {
        for batch in batches(for: plan) {
            var snapshot = view.snapshot()
            dataSource(batch.dataSource)
            for call in batch.calls { call.edit(&snapshot, section: section) }
            view.applySnapshot(snapshot)
        }
    }
}

extension DiffableSectionedAdapter {
    /// Applies `plan` to the diffable data source `view`.
    ///
    /// For the batch: the data source's snapshot is taken, `dataSource` is
    /// given the new sections (store their content where the cell provider
    /// reads it), the snapshot is edited as the adapter says, changed
    /// sections reloaded and changed items refreshed, and applied. An empty
    /// plan applies nothing.
    ///
    /// - Complexity: O(*n*) plus what the data source does with the snapshot.
    @inlinable
    public func apply<View: DiffableDataSourceView>(
        _ plan: SectionedUpdatePlan<SectionID, ItemID>, to view: View,
        dataSource: (SectionedSnapshot<SectionID, ItemID>) -> Void
    ) where View.Snapshot.SectionIdentifierType == SectionID, View.Snapshot.ItemIdentifierType == ItemID {
        for batch in batches(for: plan) {
            var snapshot = view.snapshot()
            dataSource(batch.dataSource)
            for call in batch.calls { call.edit(&snapshot) }
            view.applySnapshot(snapshot)
        }
    }
}
