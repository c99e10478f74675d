import BatchUpdate
import UpdateCheckDiff

/// An ``AppKitTableView`` that records what a bridge does to it, and asks
/// the data source for the cell views NSTableView asks for: the conformance
/// kit's stand-in for an `NSTableView` (see `BridgedAdapter`).
///
/// At the end of the outermost `endUpdates()` it asks the data source for
/// the rows inserted and reloaded in the block, at the indexes the calls
/// named. Counts and order are checked by the toolkit model on the list the
/// data source holds then.
public final class AppKitRecordingView<Plan: ListPlan>: AppKitTableView {
    /// The data source and the blocks recorded so far.
    public let recorder: BridgeRecorder<Plan.Snapshot, AppKitTableCall>
    /// The labels of a snapshot's rows, top to bottom.
    @usableFromInline
    let rows: (Plan.Snapshot) -> [String]
    /// Rows whose cell views are asked for at the end of the block.
    @usableFromInline
    var configured: [Int] = []

    /// A table showing `snapshot`, whose rows are labelled by `rows`.
    @inlinable
    public init(showing snapshot: Plan.Snapshot, rows: @escaping (Plan.Snapshot) -> [String]) {
        recorder = BridgeRecorder(showing: snapshot)
        self.rows = rows
    }

    /// Opens (or nests) a block.
    @inlinable
    public func beginUpdates() { recorder.beginBatch() }

    /// Closes a block; the outermost end asks for the block's cell views.
    @inlinable
    public func endUpdates() {
        if recorder.depth == 1, !recorder.hasNewContent {
            let labels = rows(recorder.dataSource)
            for row in configured where labels.indices.contains(row) { recorder.configureCell(of: labels[row]) }
        }
        if recorder.depth == 1 { configured = [] }
        recorder.endBatch()
    }

    /// Records `insertRows(at:)`; their cell views are asked for at the end.
    @inlinable
    public func insertRows(at rows: [Int]) {
        configured += rows
        recorder.record(.insertRows(rows))
    }

    /// Records `removeRows(at:)`.
    @inlinable
    public func removeRows(at rows: [Int]) { recorder.record(.removeRows(rows)) }

    /// Records `moveRow(at:to:)`.
    @inlinable
    public func moveRow(at oldIndex: Int, to newIndex: Int) { recorder.record(.moveRow(at: oldIndex, to: newIndex)) }

    /// Records a reload; the cell views are asked for at the end.
    @inlinable
    public func reloadRows(_ rows: [Int]) {
        configured += rows
        recorder.record(.reloadRows(rows))
    }
}

extension AppKitTableAdapter {
    /// This adapter's bridge (`apply(_:to:dataSource:)`),
    /// run on an ``AppKitRecordingView``, for the conformance kit to prove.
    @inlinable
    public var bridged: BridgedAdapter<Self> {
        BridgedAdapter(self) { adapter, plan in
            let view = AppKitRecordingView<UpdatePlan<ID>>(showing: plan.old) { $0.map { "\($0)" } }
            adapter.apply(plan, to: view, dataSource: view.recorder.updateDataSource)
            return view.recorder.recording
        }
    }
}

extension HeaderRowAdapter where Base.Call == AppKitTableCall {
    /// This adapter's bridge, run on an ``AppKitRecordingView`` whose rows
    /// are the header rows, for the conformance kit to prove.
    @inlinable
    public var bridged: BridgedAdapter<Self> {
        BridgedAdapter(self) { adapter, plan in
            let view = AppKitRecordingView<SectionedUpdatePlan<SectionID, ItemID>>(showing: plan.old) {
                $0.flattened.map(\.description)
            }
            adapter.apply(plan, to: view, dataSource: view.recorder.updateDataSource)
            return view.recorder.recording
        }
    }
}
