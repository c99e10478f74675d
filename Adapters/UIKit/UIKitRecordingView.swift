import BatchUpdate

/// A ``UIKitBatchView`` that records what a bridge does to it, and asks the
/// data source what UIKit asks: the conformance kit's stand-in for a
/// `UICollectionView` or `UITableView` (see `BridgedAdapter`).
///
/// Each batch opens and closes on its ``recorder``. At the end of a batch,
/// the view asks the data source for the cells UIKit configures: inserted
/// items and the items of inserted sections at their paths after the
/// update, reloaded and reconfigured items and the items of reloaded
/// sections at their paths before it. Counts and order are checked by the
/// toolkit model on the list the data source holds at the batch's end.
///
/// `Plan` is the list's shape and `Call` the calls its model takes:
/// ``UIKitBatchCall`` for a flat list (a section call is then recorded as
/// unsupported), ``UIKitSectionedCall`` for a sectioned one.
public final class UIKitRecordingView<Plan: ListPlan, Call: UIKitViewCall>: UIKitBatchView {
    /// The data source and the batches recorded so far.
    public let recorder: BridgeRecorder<Plan.Snapshot, Call>
    /// The cells to configure at the end of the open batch: paths after the
    /// update, and paths before it.
    @usableFromInline
    var cellsAfter: [ItemPath] = []
    @usableFromInline
    var cellsBefore: [ItemPath] = []
    @usableFromInline
    var sectionsAfter: [Int] = []
    @usableFromInline
    var sectionsBefore: [Int] = []

    /// A view showing `snapshot`, whose data source holds it too.
    @inlinable
    public init(showing snapshot: Plan.Snapshot) { recorder = BridgeRecorder(showing: snapshot) }

    /// Opens a batch, runs `updates`, configures the batch's cells from the
    /// data source and closes it.
    @inlinable
    public func performBatch(_ updates: () -> Void) {
        recorder.beginBatch()
        updates()
        if recorder.depth == 1 { configureCells() }
        recorder.endBatch()
    }

    /// Records `deleteItems(at:)`.
    @inlinable
    public func deleteItems(at paths: [ItemPath]) { record(.item(.deleteItems(paths))) }

    /// Records `insertItems(at:)`; their cells are configured at the batch's end.
    @inlinable
    public func insertItems(at paths: [ItemPath]) {
        cellsAfter += paths
        record(.item(.insertItems(paths)))
    }

    /// Records `reloadItems(at:)`; their cells are configured at the batch's end.
    @inlinable
    public func reloadItems(at paths: [ItemPath]) {
        cellsBefore += paths
        record(.item(.reloadItems(paths)))
    }

    /// Records `reconfigureItems(at:)`; their cells are configured at the batch's end.
    @inlinable
    public func reconfigureItems(at paths: [ItemPath]) {
        cellsBefore += paths
        record(.item(.reconfigureItems(paths)))
    }

    /// Records `moveItem(at:to:)`.
    @inlinable
    public func moveItem(at path: ItemPath, to newPath: ItemPath) { record(.item(.moveItem(at: path, to: newPath))) }

    /// Records `deleteSections(_:)`.
    @inlinable
    public func deleteSections(_ sections: [Int]) { record(.deleteSections(sections)) }

    /// Records `insertSections(_:)`; their cells are configured at the batch's end.
    @inlinable
    public func insertSections(_ sections: [Int]) {
        sectionsAfter += sections
        record(.insertSections(sections))
    }

    /// Records `reloadSections(_:)`; their cells are configured at the batch's end.
    @inlinable
    public func reloadSections(_ sections: [Int]) {
        sectionsBefore += sections
        record(.reloadSections(sections))
    }

    /// Records `moveSection(_:toSection:)`.
    @inlinable
    public func moveSection(_ section: Int, toSection newSection: Int) {
        record(.moveSection(section, to: newSection))
    }

    /// Records `call` as this view's kind of call, or as unsupported.
    @inlinable
    func record(_ call: UIKitSectionedCall) {
        if let call = Call(call) {
            recorder.record(call)
        } else {
            recorder.recordUnsupported(call.record)
        }
    }

    /// Asks the data source for the cells of the batch, as UIKit does when
    /// the batch ends; paths the data source does not hold are left to the
    /// toolkit model, which names them.
    @inlinable
    func configureCells() {
        defer {
            cellsAfter = []
            cellsBefore = []
            sectionsAfter = []
            sectionsBefore = []
        }
        // Only a cell configured before the data source had the new content is recorded.
        guard !recorder.hasNewContent else { return }
        let after = recorder.dataSource
        let before = recorder.dataSourceAtBatchStart
        var items = cellsAfter.compactMap { Plan.item(at: $0, in: after) }
        items += sectionsAfter.flatMap { Plan.items(inSection: $0, of: after) }
        items += cellsBefore.compactMap { Plan.item(at: $0, in: before) }
        items += sectionsBefore.flatMap { Plan.items(inSection: $0, of: before) }
        for item in items { recorder.configureCell(of: "\(item)") }
    }
}

extension UIKitBatchAdapter {
    /// This adapter's bridge (`apply(_:to:dataSource:)`),
    /// run on a ``UIKitRecordingView``, for the conformance kit to prove.
    @inlinable
    public var bridged: BridgedAdapter<Self> {
        BridgedAdapter(self) { adapter, plan in
            let view = UIKitRecordingView<UpdatePlan<ID>, UIKitBatchCall>(showing: plan.old)
            adapter.apply(plan, to: view, dataSource: view.recorder.updateDataSource)
            return view.recorder.recording
        }
    }
}

extension UIKitSectionedAdapter {
    /// This adapter's bridge (`apply(_:to:dataSource:)`),
    /// run on a ``UIKitRecordingView``, for the conformance kit to prove.
    @inlinable
    public var bridged: BridgedAdapter<Self> {
        BridgedAdapter(self) { adapter, plan in
            let view = UIKitRecordingView<SectionedUpdatePlan<SectionID, ItemID>, UIKitSectionedCall>(showing: plan.old)
            adapter.apply(plan, to: view, dataSource: view.recorder.updateDataSource)
            return view.recorder.recording
        }
    }
}
