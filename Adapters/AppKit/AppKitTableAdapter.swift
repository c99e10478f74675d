import BatchUpdate
import UpdateCheckDiff

/// Turns an update plan into `NSTableView` calls.
///
/// Batch 1, one `beginUpdates()`/`endUpdates()` block: every deleted row in
/// one `removeRows(at:)` (indexes before the removal), then by ascending new
/// index `insertRows(at:)` for runs of new rows and `moveRow(at:to:)` for
/// moved rows, each index counted in the table as the previous calls left
/// it. Batch 2, only when content changed: `reloadData(forRowIndexes:)` at
/// the final indexes. A moved and changed row is moved, then reloaded; a
/// reload gives the row a new cell view.
public struct AppKitTableAdapter<ID: Hashable & Sendable>: UpdateAdapter {
    /// The model the calls are proven on.
    public typealias Model = AppKitTableModel<ID>

    /// Creates the adapter.
    public init() {}

    /// `appkit`.
    public var name: String { "appkit" }

    /// Moved+changed rows are moved then reloaded; reloads replace the cell view.
    public var policy: AdapterPolicy { AdapterPolicy(movedAndChanged: .moveThenRefresh, refresh: .reload) }

    /// The toolkit semantics and what this adapter does with them.
    public var summary: String {
        "NSTableView inside beginUpdates/endUpdates: each call is applied at once and every row index refers "
            + "to the table left by the calls before it. Removes from the bottom up, then inserts and moves by "
            + "ascending new index; changed rows are reloaded (new cell view) after endUpdates, moved and "
            + "changed rows moved first."
    }

    /// The removal, insert and move block, then the reload block (each only when not empty).
    ///
    /// - Complexity: O(*n* log *n*).
    @inlinable
    public func batches(for plan: UpdatePlan<ID>) -> [UpdateBatch<[ID], AppKitTableCall>] {
        var structure: [AppKitTableCall] = []
        var removed: [Int] = []
        var reloaded: [Int] = []
        for step in plan.sequentialSteps(movedAndChanged: .moveThenRefresh) {
            switch step {
            case .remove(let position, let count):
                removed.append(contentsOf: position..<position + count)
            case .insert(let position, let count):
                structure.append(.insertRows(Array(position..<position + count)))
            case .move(let from, let to):
                structure.append(.moveRow(at: from, to: to))
            case .change(let position, let count):
                reloaded.append(contentsOf: position..<position + count)
            }
        }
        if !removed.isEmpty { structure.insert(.removeRows(removed.sorted()), at: 0) }
        var batches: [UpdateBatch<[ID], AppKitTableCall>] = []
        if !structure.isEmpty { batches.append(UpdateBatch(dataSource: plan.new, calls: structure)) }
        if !reloaded.isEmpty { batches.append(UpdateBatch(dataSource: plan.new, calls: [.reloadRows(reloaded)])) }
        return batches
    }
}

/// The NSTableView adapter for sectioned lists: each section is a group row
/// (`tableView(_:isGroupRow:)` returns true for it) followed by its rows, and
/// ``AppKitTableAdapter`` makes the calls on the flattened table.
///
/// A deleted or inserted section is its group row and rows removed or
/// inserted; a moved section is the fewest `moveRow(at:to:)` calls (the
/// group row and its rows, or the rows around them), which keep their cell
/// views; a changed section reloads its group row. Named `appkit-sections`.
///
///     let adapter = AppKitSectionedTableAdapter<String, String>(AppKitTableAdapter())
public typealias AppKitSectionedTableAdapter<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable> =
    HeaderRowAdapter<AppKitTableAdapter<SectionedEntry<SectionID, ItemID>>, SectionID, ItemID>
