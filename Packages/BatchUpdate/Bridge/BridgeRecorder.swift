/// The toolkit's side of a bridge under test: what the app's data source
/// holds, when the bridge updates it, and the batches the toolkit received,
/// as ``BridgeEvent``s.
///
/// A recording view (`UIKitRecordingView`, `AppKitRecordingView`,
/// `DiffableRecordingView`, or a team's own) conforms to a toolkit's view
/// protocol and forwards to a recorder: it opens a batch where the toolkit
/// opens one (`performBatchUpdates`, `beginUpdates()`, `snapshot()`),
/// records each call, and at the batch's end asks the data source for the
/// cells the toolkit would configure, as UIKit does. The bridge is handed
/// ``updateDataSource(_:)`` as the app's data-source closure.
///
/// A recorder is used by one bridge run on one thread; it is a class so that
/// the view and the data-source closure share it.
public final class BridgeRecorder<Snapshot: Sendable & Equatable, Call: ToolkitCall> {
    /// What the app's data source holds now.
    public private(set) var dataSource: Snapshot
    /// What the data source held when the open batch began (the toolkit's
    /// "before the update" positions).
    public private(set) var dataSourceAtBatchStart: Snapshot
    /// Whether the bridge has given the data source the update's content yet.
    public private(set) var hasNewContent = false
    /// The batches recorded so far, each with what the data source held at
    /// its end; an update outside any batch is recorded as a batch of its own.
    public private(set) var batches: [UpdateBatch<Snapshot, BridgeEvent<Call>>] = []
    /// The events of the open batch.
    var open: [BridgeEvent<Call>] = []
    /// How deeply batches are nested now (0: none is open, 1: the outermost).
    public private(set) var depth = 0

    /// A recorder whose data source holds `snapshot`, the plan's old list.
    public init(showing snapshot: Snapshot) {
        dataSource = snapshot
        dataSourceAtBatchStart = snapshot
    }

    /// Whether a batch is open.
    public var isInBatch: Bool { depth > 0 }

    /// The app's data-source closure: the data source now holds `snapshot`
    /// with the update's content.
    public func updateDataSource(_ snapshot: Snapshot) {
        dataSource = snapshot
        hasNewContent = true
        if isInBatch {
            open.append(.dataSourceUpdate(outsideBatch: false))
        } else {
            batches.append(UpdateBatch(dataSource: snapshot, calls: [.dataSourceUpdate(outsideBatch: true)]))
        }
    }

    /// Opens a batch (or a nested one, which belongs to the outer batch, as
    /// nested `beginUpdates()` calls do).
    public func beginBatch() {
        if depth == 0 {
            open = []
            dataSourceAtBatchStart = dataSource
        }
        depth += 1
    }

    /// Records a toolkit call in the open batch; a call outside any batch is
    /// a batch of its own, as the toolkit applies it at once.
    public func record(_ call: Call) { append(.call(call)) }

    /// Records a call the toolkit model cannot take.
    public func recordUnsupported(_ record: CallRecord) { append(.unsupportedCall(record)) }

    /// Records that the toolkit configured `item`'s cell from the data
    /// source now: stale when the data source was not yet updated.
    public func configureCell(of item: String) { append(.cellConfigured(item: item, stale: !hasNewContent)) }

    /// Closes the open batch; the outermost end records it with what the
    /// data source holds now. An end without a begin is ignored.
    public func endBatch() {
        guard depth > 0 else { return }
        depth -= 1
        if depth == 0 {
            batches.append(UpdateBatch(dataSource: dataSource, calls: open))
            open = []
        }
    }

    /// Every batch recorded, with a batch still open at the end (a bridge
    /// that never closed it) as a last batch that says so.
    public var recording: [UpdateBatch<Snapshot, BridgeEvent<Call>>] {
        guard isInBatch else { return batches }
        let unclosed = BridgeEvent<Call>.unsupportedCall(CallRecord(method: "batchLeftOpen", arguments: []))
        return batches + [UpdateBatch(dataSource: dataSource, calls: open + [unclosed])]
    }

    /// Appends `event` to the open batch, or records it as a batch of its own.
    func append(_ event: BridgeEvent<Call>) {
        if isInBatch {
            open.append(event)
        } else {
            batches.append(UpdateBatch(dataSource: dataSource, calls: [event]))
        }
    }
}
