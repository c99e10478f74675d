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
    /// Storage of ``dataSource``.
    @usableFromInline var held: Snapshot
    /// Storage of ``dataSourceAtBatchStart``.
    @usableFromInline var heldAtBatchStart: Snapshot
    /// Storage of ``hasNewContent``.
    @usableFromInline var updated = false
    /// Storage of ``batches``.
    @usableFromInline var closed: [UpdateBatch<Snapshot, BridgeEvent<Call>>] = []
    /// The events of the open batch.
    @usableFromInline var open: [BridgeEvent<Call>] = []
    /// Storage of ``depth``.
    @usableFromInline var nesting = 0

    /// A recorder whose data source holds `snapshot`, the plan's old list.
    @inlinable
    public init(showing snapshot: Snapshot) {
        held = snapshot
        heldAtBatchStart = snapshot
    }

    /// What the app's data source holds now.
    @inlinable public var dataSource: Snapshot { held }
    /// What the data source held when the open batch began (the toolkit's
    /// "before the update" positions).
    @inlinable public var dataSourceAtBatchStart: Snapshot { heldAtBatchStart }
    /// Whether the bridge has given the data source the update's content yet.
    @inlinable public var hasNewContent: Bool { updated }
    /// The batches closed so far, each with what the data source held at its
    /// end; an update outside any batch is recorded as a batch of its own.
    @inlinable public var batches: [UpdateBatch<Snapshot, BridgeEvent<Call>>] { closed }
    /// How deeply batches are nested now (0: none is open, 1: the outermost).
    @inlinable public var depth: Int { nesting }
    /// Whether a batch is open.
    @inlinable public var isInBatch: Bool { nesting > 0 }

    /// Every batch recorded, with a batch still open at the end (a bridge
    /// that never closed it) as a last batch that says so.
    @inlinable
    public var recording: [UpdateBatch<Snapshot, BridgeEvent<Call>>] {
        guard isInBatch else { return closed }
        let unclosed = BridgeEvent<Call>.unsupportedCall(CallRecord(method: "batchLeftOpen", arguments: []))
        return closed + [UpdateBatch(dataSource: held, calls: open + [unclosed])]
    }

    /// The app's data-source closure: the data source now holds `snapshot`
    /// with the update's content.
    @inlinable
    public func updateDataSource(_ snapshot: Snapshot) {
        held = snapshot
        updated = true
        if isInBatch {
            open.append(.dataSourceUpdate(outsideBatch: false))
        } else {
            closed.append(UpdateBatch(dataSource: snapshot, calls: [.dataSourceUpdate(outsideBatch: true)]))
        }
    }

    /// Opens a batch (or a nested one, which belongs to the outer batch, as
    /// nested `beginUpdates()` calls do).
    @inlinable
    public func beginBatch() {
        if nesting == 0 {
            open = []
            heldAtBatchStart = held
        }
        nesting += 1
    }

    /// Records a toolkit call in the open batch; a call outside any batch is
    /// a batch of its own, as the toolkit applies it at once.
    @inlinable
    public func record(_ call: Call) { append(.call(call)) }

    /// Records a call the toolkit model cannot take.
    @inlinable
    public func recordUnsupported(_ record: CallRecord) { append(.unsupportedCall(record)) }

    /// The toolkit configures the cell of the item `label` names from the
    /// data source now: recorded (and a failure) only when the data source
    /// was not updated yet, so the cell shows stale content. Which item a
    /// cell shows is checked by the toolkit model against the data source's
    /// list at the batch's end.
    @inlinable
    public func configureCell(of label: @autoclosure () -> String) {
        if !updated { append(.cellConfigured(item: label(), stale: true)) }
    }

    /// Closes the open batch; the outermost end records it with what the
    /// data source holds now. An end without a begin is ignored.
    @inlinable
    public func endBatch() {
        guard nesting > 0 else { return }
        nesting -= 1
        if nesting == 0 {
            closed.append(UpdateBatch(dataSource: held, calls: open))
            open = []
        }
    }

    /// Appends `event` to the open batch, or records it as a batch of its own.
    @inlinable
    func append(_ event: BridgeEvent<Call>) {
        if isInBatch {
            open.append(event)
        } else {
            closed.append(UpdateBatch(dataSource: held, calls: [event]))
        }
    }
}
