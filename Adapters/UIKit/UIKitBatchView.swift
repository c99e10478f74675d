import BatchUpdate

/// What a UIKit bridge needs of a view: a batch of updates and its section
/// and item calls, mirroring `UICollectionView` and `UITableView`.
///
/// `UICollectionView` and `UITableView` conform in `UIKitBatchView+UIKit.swift`,
/// one line per method, and so does ``UIKitRecordingView``, which proves the
/// bridges on any platform. A team's own wrapper (a view with a custom
/// animation, a view under test) conforms the same way and gets the same
/// bridge and the same proof (`BridgedAdapter`).
///
/// Paths and offsets follow UIKit's batch rules (see ``UIKitBatchModel``
/// and ``UIKitSectionedModel``): deletes, reloads, reconfigures and move
/// sources before the update, inserts and move destinations after it.
public protocol UIKitBatchView: AnyObject {
    /// Runs `updates` as one batch (`performBatchUpdates(_:completion:)`).
    func performBatch(_ updates: () -> Void)
    /// `deleteItems(at:)` / `deleteRows(at:with:)`.
    func deleteItems(at paths: [ItemPath])
    /// `insertItems(at:)` / `insertRows(at:with:)`.
    func insertItems(at paths: [ItemPath])
    /// `reloadItems(at:)` / `reloadRows(at:with:)`.
    func reloadItems(at paths: [ItemPath])
    /// `reconfigureItems(at:)` / `reconfigureRows(at:)`.
    func reconfigureItems(at paths: [ItemPath])
    /// `moveItem(at:to:)` / `moveRow(at:to:)`.
    func moveItem(at path: ItemPath, to newPath: ItemPath)
    /// `deleteSections(_:)` (of an `IndexSet`).
    func deleteSections(_ sections: [Int])
    /// `insertSections(_:)`.
    func insertSections(_ sections: [Int])
    /// `reloadSections(_:)`.
    func reloadSections(_ sections: [Int])
    /// `moveSection(_:toSection:)`.
    func moveSection(_ section: Int, toSection newSection: Int)
}

/// A UIKit call a ``UIKitBatchView`` can make: ``UIKitBatchCall`` (one
/// section) and ``UIKitSectionedCall``.
public protocol UIKitViewCall: ToolkitCall {
    /// The call as a sectioned one.
    var sectioned: UIKitSectionedCall { get }
    /// `call` as this kind of call, or `nil` when it is not one (a section
    /// call for a one-section list).
    init?(_ call: UIKitSectionedCall)
}

extension UIKitBatchCall: UIKitViewCall {
    /// The item call, in a sectioned batch.
    @inlinable
    public var sectioned: UIKitSectionedCall { .item(self) }

    /// The item call of `call`; `nil` for a section call.
    @inlinable
    public init?(_ call: UIKitSectionedCall) {
        guard case .item(let item) = call else { return nil }
        self = item
    }
}

extension UIKitSectionedCall: UIKitViewCall {
    /// The call itself.
    @inlinable
    public var sectioned: UIKitSectionedCall { self }

    /// `call` itself.
    @inlinable
    public init?(_ call: UIKitSectionedCall) { self = call }
}

extension UIKitSectionedCall {
    /// Makes this call on `view`, inside its batch.
    @inlinable
    public func perform(on view: some UIKitBatchView) {
        switch self {
        case .deleteSections(let sections): view.deleteSections(sections)
        case .insertSections(let sections): view.insertSections(sections)
        case .reloadSections(let sections): view.reloadSections(sections)
        case .moveSection(let from, let to): view.moveSection(from, toSection: to)
        case .item(.deleteItems(let paths)): view.deleteItems(at: paths)
        case .item(.insertItems(let paths)): view.insertItems(at: paths)
        case .item(.reloadItems(let paths)): view.reloadItems(at: paths)
        case .item(.reconfigureItems(let paths)): view.reconfigureItems(at: paths)
        case .item(.moveItem(let from, let to)): view.moveItem(at: from, to: to)
        }
    }
}

extension UpdateAdapter where Call: UIKitViewCall {
    /// Applies `plan` to `view`, one `performBatchUpdates` per batch.
    ///
    /// Inside each batch, before its calls, `dataSource` is given the list
    /// the data source must hold for that batch: the new list, an in-between
    /// list of a staged sectioned plan, or the old order (with the new
    /// content) before a refresh-then-move. Store it where the data source's
    /// `numberOfItemsInSection` and cell provider read; show each item's new
    /// content when the plan's new list holds it, its old content otherwise.
    ///
    /// ```swift
    /// let plan = try UpdatePlan(from: items, to: newItems, changed: edited)
    /// UIKitBatchAdapter<Item.ID>().apply(plan, to: collectionView) { self.shownIDs = $0 }
    /// ```
    ///
    /// Call it on the main actor with a UIKit view; `UIKitBatchView+UIKit.swift`
    /// makes `UICollectionView` and `UITableView` views of this kind. The same
    /// code runs on ``UIKitRecordingView``, where the conformance kit proves it.
    ///
    /// - Complexity: the adapter's batches plus one call per batch call.
    @inlinable
    public func apply(_ plan: Plan, to view: some UIKitBatchView, dataSource: (Plan.Snapshot) -> Void) {
        bridge(plan, batch: view.performBatch, dataSource: dataSource) { $0.sectioned.perform(on: view) }
    }
}
