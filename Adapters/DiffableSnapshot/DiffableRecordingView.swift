import BatchUpdate
import UpdateCheckDiff

/// A snapshot that records the edits made on it, for
/// ``DiffableRecordingView``.
public struct RecordingSnapshot<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>:
    DiffableSnapshotEditing, Sendable
{
    /// The edits, in order.
    @inlinable public var edits: [DiffableSectionedCall<SectionID, ItemID>] { recorded }
    /// Storage of ``edits``.
    @usableFromInline var recorded: [DiffableSectionedCall<SectionID, ItemID>] = []

    /// A snapshot with no edits yet.
    @inlinable
    public init() {}

    /// Records `deleteAllItems()`.
    @inlinable
    public mutating func deleteAllItems() { recorded.append(.deleteAllItems) }
    /// Records `appendSections(_:)`.
    @inlinable
    public mutating func appendSections(_ identifiers: [SectionID]) { recorded.append(.appendSections(identifiers)) }
    /// Records `insertSections(_:beforeSection:)`.
    @inlinable
    public mutating func insertSections(_ identifiers: [SectionID], beforeSection: SectionID) {
        recorded.append(.insertSections(identifiers, .before(beforeSection)))
    }
    /// Records `insertSections(_:afterSection:)`.
    @inlinable
    public mutating func insertSections(_ identifiers: [SectionID], afterSection: SectionID) {
        recorded.append(.insertSections(identifiers, .after(afterSection)))
    }
    /// Records `deleteSections(_:)`.
    @inlinable
    public mutating func deleteSections(_ identifiers: [SectionID]) { recorded.append(.deleteSections(identifiers)) }
    /// Records `moveSection(_:beforeSection:)`.
    @inlinable
    public mutating func moveSection(_ identifier: SectionID, beforeSection: SectionID) {
        recorded.append(.moveSection(identifier, .before(beforeSection)))
    }
    /// Records `moveSection(_:afterSection:)`.
    @inlinable
    public mutating func moveSection(_ identifier: SectionID, afterSection: SectionID) {
        recorded.append(.moveSection(identifier, .after(afterSection)))
    }
    /// Records `reloadSections(_:)`.
    @inlinable
    public mutating func reloadSections(_ identifiers: [SectionID]) { recorded.append(.reloadSections(identifiers)) }
    /// Records `appendItems(_:toSection:)`.
    @inlinable
    public mutating func appendItems(_ identifiers: [ItemID], toSection: SectionID?) {
        recorded.append(.appendItems(identifiers, toSection: toSection))
    }
    /// Records `insertItems(_:beforeItem:)`.
    @inlinable
    public mutating func insertItems(_ identifiers: [ItemID], beforeItem: ItemID) {
        recorded.append(.insertItems(identifiers, .before(beforeItem)))
    }
    /// Records `insertItems(_:afterItem:)`.
    @inlinable
    public mutating func insertItems(_ identifiers: [ItemID], afterItem: ItemID) {
        recorded.append(.insertItems(identifiers, .after(afterItem)))
    }
    /// Records `deleteItems(_:)`.
    @inlinable
    public mutating func deleteItems(_ identifiers: [ItemID]) { recorded.append(.deleteItems(identifiers)) }
    /// Records `moveItem(_:beforeItem:)`.
    @inlinable
    public mutating func moveItem(_ identifier: ItemID, beforeItem: ItemID) {
        recorded.append(.moveItem(identifier, .before(beforeItem)))
    }
    /// Records `moveItem(_:afterItem:)`.
    @inlinable
    public mutating func moveItem(_ identifier: ItemID, afterItem: ItemID) {
        recorded.append(.moveItem(identifier, .after(afterItem)))
    }
    /// Records `reconfigureItems(_:)`.
    @inlinable
    public mutating func reconfigureItems(_ identifiers: [ItemID]) { recorded.append(.reconfigureItems(identifiers)) }
    /// Records `reloadItems(_:)`.
    @inlinable
    public mutating func reloadItems(_ identifiers: [ItemID]) { recorded.append(.reloadItems(identifiers)) }
}

/// A ``DiffableDataSourceView`` that records what a bridge does to it, and
/// asks the data source for the cells a diffable data source configures:
/// the conformance kit's stand-in for a `UICollectionViewDiffableDataSource`
/// (see `BridgedAdapter`).
///
/// `snapshot()` opens a batch and `applySnapshot(_:)` records the edits
/// and closes it. When it applies, the view asks the data source for the
/// cells of the new items (not held when the batch opened), of the
/// reconfigured and reloaded items and of the items of reloaded sections.
public final class DiffableRecordingView<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>:
    DiffableDataSourceView
{
    /// The data source and the applications recorded so far.
    public let recorder: BridgeRecorder<SectionedSnapshot<SectionID, ItemID>, DiffableSectionedCall<SectionID, ItemID>>

    /// A data source showing `snapshot`.
    @inlinable
    public init(showing snapshot: SectionedSnapshot<SectionID, ItemID>) { recorder = BridgeRecorder(showing: snapshot) }

    /// Opens a batch; the snapshot records the edits made on it.
    @inlinable
    public func snapshot() -> RecordingSnapshot<SectionID, ItemID> {
        recorder.beginBatch()
        return RecordingSnapshot()
    }

    /// Records the snapshot's edits, asks for the cells of the application
    /// and closes the batch.
    @inlinable
    public func applySnapshot(_ snapshot: RecordingSnapshot<SectionID, ItemID>) {
        for edit in snapshot.edits { recorder.record(edit) }
        guard !recorder.hasNewContent else { return recorder.endBatch() }
        let before = Set(recorder.dataSourceAtBatchStart.sections.flatMap(\.items))
        var cells = recorder.dataSource.sections.flatMap(\.items).filter { !before.contains($0) }
        var reloadedSections: Set<SectionID> = []
        for edit in snapshot.edits {
            switch edit {
            case .reconfigureItems(let ids), .reloadItems(let ids): cells += ids
            case .reloadSections(let ids): reloadedSections.formUnion(ids)
            default: break
            }
        }
        cells += recorder.dataSource.sections.filter { reloadedSections.contains($0.id) }.flatMap(\.items)
        for item in cells { recorder.configureCell(of: "\(item)") }
        recorder.endBatch()
    }
}

extension DiffableSectionedAdapter {
    /// This adapter's bridge (`apply(_:to:dataSource:)`), run on a
    /// ``DiffableRecordingView``, for the conformance kit to prove.
    @inlinable
    public var bridged: BridgedAdapter<Self> {
        BridgedAdapter(self) { adapter, plan in
            let view = DiffableRecordingView(showing: plan.old)
            adapter.apply(plan, to: view, dataSource: view.recorder.updateDataSource)
            return view.recorder.recording
        }
    }
}

extension DiffableDataSourceAdapter {
    /// This adapter's bridge (`apply(_:to:section:dataSource:)`), run on a
    /// ``DiffableRecordingView`` of one section, for the conformance kit to
    /// prove: each recorded application becomes the whole snapshot it
    /// builds, a ``SnapshotApplyCall``.
    @inlinable
    public var bridged: BridgedAdapter<Self> {
        BridgedAdapter(self) { adapter, plan in
            let section = "list"
            let view = DiffableRecordingView<String, ID>(showing: [.init(id: section, items: plan.old)])
            adapter.apply(plan, to: view, section: section) {
                view.recorder.updateDataSource([.init(id: section, items: $0)])
            }
            return Self.flat(view.recorder.recording, old: plan.old, section: section)
        }
    }

    /// The application `edits` make when they are exactly the edits of
    /// ``SnapshotApplyCall/edit(_:section:)`` (a whole snapshot of one
    /// section, then its refreshes), without replaying them; `nil` otherwise.
    /// The flat model checks the call as the data source would (repeated
    /// identifiers, refreshes of items it does not hold).
    @inlinable
    static func wholeSnapshot(
        _ edits: [DiffableSectionedCall<String, ID>], section: String
    ) -> SnapshotApplyCall<ID>? {
        guard edits.count >= 2, edits[0] == .deleteAllItems, edits[1] == .appendSections([section]) else { return nil }
        var call = SnapshotApplyCall<ID>(items: [])
        var next = 2
        if next < edits.count, case .appendItems(let ids, .some(let target)) = edits[next], target == section {
            call.items = ids
            next += 1
        }
        if next < edits.count, case .reconfigureItems(let ids) = edits[next] {
            call.reconfigured = ids
            next += 1
        }
        if next < edits.count, case .reloadItems(let ids) = edits[next] {
            call.reloaded = ids
            next += 1
        }
        return next == edits.count ? call : nil
    }

    /// A recording of one section as flat batches: each application's edits
    /// replayed on the diffable model become the one list they build; edits
    /// the model rejects, or that leave another shape than the one section,
    /// are an unsupported call naming what happened.
    @inlinable
    static func flat(
        _ recording: [UpdateBatch<SectionedSnapshot<String, ID>, BridgeEvent<DiffableSectionedCall<String, ID>>>],
        old: [ID], section: String
    ) -> [UpdateBatch<[ID], BridgeEvent<SnapshotApplyCall<ID>>>] {
        var applied = SectionedSnapshot<String, ID>([.init(id: section, items: old)])
        return recording.map { batch in
            var events: [BridgeEvent<SnapshotApplyCall<ID>>] = []
            var edits: [DiffableSectionedCall<String, ID>] = []
            for event in batch.calls {
                switch event {
                case .call(let edit): edits.append(edit)
                case .unsupportedCall(let record): events.append(.unsupportedCall(record))
                case .dataSourceUpdate(let outside): events.append(.dataSourceUpdate(outsideBatch: outside))
                case .cellConfigured(let item, let stale): events.append(.cellConfigured(item: item, stale: stale))
                }
            }
            let items = batch.dataSource.sections.first?.items ?? []
            guard !edits.isEmpty else { return UpdateBatch(dataSource: items, calls: events) }
            if let call = wholeSnapshot(edits, section: section) {
                applied = SectionedSnapshot([.init(id: section, items: call.items)])
                return UpdateBatch(dataSource: items, calls: events + [.call(call)])
            }
            var model = DiffableSectionedModel(showing: applied)
            do {
                try model.perform(UpdateBatch(dataSource: applied, calls: edits))
            } catch {
                events.append(
                    .unsupportedCall(CallRecord(method: "apply", arguments: [CallArgument("error", .text("\(error)"))]))
                )
                return UpdateBatch(dataSource: items, calls: events)
            }
            applied = model.snapshot
            guard applied.sections.count == 1, applied.sections[0].id == section else {
                let shape = CallArgument("sections", .list(applied.sectionIDs.map { .text($0) }))
                events.append(.unsupportedCall(CallRecord(method: "apply", arguments: [shape])))
                return UpdateBatch(dataSource: items, calls: events)
            }
            var reconfigured: [ID] = []
            var reloaded: [ID] = []
            for edit in edits {
                if case .reconfigureItems(let ids) = edit { reconfigured += ids }
                if case .reloadItems(let ids) = edit { reloaded += ids }
            }
            let call = SnapshotApplyCall(
                items: applied.sections[0].items, reconfigured: reconfigured, reloaded: reloaded)
            return UpdateBatch(dataSource: items, calls: events + [.call(call)])
        }
    }
}
