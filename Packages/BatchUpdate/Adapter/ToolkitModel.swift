import UpdateCheckDiff

/// A platform-free model of one UI toolkit's update semantics: it starts
/// showing the old list, replays batches of calls exactly as the toolkit
/// documents them, and fails with the toolkit's kind of error where the
/// toolkit would throw.
///
/// A flat list's model shows `[ID]` as ``DisplayedRow``s; a sectioned one's
/// shows a `SectionedSnapshot` as ``DisplayedSection``s. The conformance kit
/// replays an adapter's batches on its model and then compares
/// ``displayed`` with the new snapshot, the content changes and the
/// adapter's policy.
public protocol ToolkitModel<Snapshot, Call> {
    /// The list the model shows: `[ID]` or `SectionedSnapshot`.
    associatedtype Snapshot: Sendable & Equatable
    /// What the model shows of it: `[DisplayedRow<ID>]` or `[DisplayedSection<SectionID, ItemID>]`.
    associatedtype Displayed
    /// The calls the toolkit takes.
    associatedtype Call: ToolkitCall
    /// The toolkit's error, worded the way the toolkit reports it.
    associatedtype Failure: Error & CustomStringConvertible

    /// A model showing `snapshot`, row *i* (over all sections) in cell *i*,
    /// none refreshed.
    init(showing snapshot: Snapshot)

    /// Replays one batch on the current state.
    ///
    /// - Throws: the toolkit's error for a call list the toolkit would
    ///   reject; the state is then unspecified.
    mutating func perform(_ batch: UpdateBatch<Snapshot, Call>) throws(Failure)

    /// The rows (or sections) shown now, top to bottom.
    var displayed: Displayed { get }
}

/// A toolkit model whose calls can be rebuilt from their ``CallRecord``s,
/// so that calls made outside Swift — a log recorded on a device, the
/// answers of an adapter program in another language — can be replayed on
/// it and proven by the conformance kit.
///
/// The records are the same ones reports print: the method name as the
/// toolkit spells it and its labelled arguments. A record is accepted
/// exactly when it names one of the model's methods with exactly that
/// method's labels and values of the right kinds; anything else is a
/// ``BatchUpdateError/invalidCall(method:reason:)`` naming what is wrong.
///
/// A flat list's model has no sections: its ``SectionID`` is `Never`, and
/// its records name items only.
///
/// The model's type is shared by the kit's threads (an adapter program
/// answers them all), hence `SendableMetatype`.
public protocol ReplayableModel: ToolkitModel, SendableMetatype {
    /// The section identifier: `Never` for a flat list.
    associatedtype SectionID: Hashable & Sendable = Never
    /// The item identifier.
    associatedtype ItemID: Hashable & Sendable

    /// The calls the model takes, one signature each, as documented for
    /// adapter programs: `onMoved(fromPosition: Int, toPosition: Int)`.
    static var vocabulary: [String] { get }

    /// The call `record` describes, with section and item IDs named in the
    /// record resolved by `section` and `item` (`nil` for a name that is not
    /// in the case).
    ///
    /// - Throws: ``BatchUpdateError/invalidCall(method:reason:)``.
    static func call(
        from record: CallRecord, section: (String) -> SectionID?, item: (String) -> ItemID?
    ) throws(BatchUpdateError) -> Call

    /// Whether the model shows the snapshot its calls apply, whatever a
    /// batch's `dataSource` holds: `true` for a diffable data source, whose
    /// snapshot is its data source; `false` (the default) for a model that
    /// shows the batch's `dataSource`.
    ///
    /// Such a model never looks at `dataSource`, so a replay of calls made
    /// outside Swift (an adapter program's answer) checks it instead: each
    /// batch's `dataSource` must be what the model shows after the batch.
    static var showsAppliedSnapshot: Bool { get }
}

extension ReplayableModel {
    /// `false`: the model shows each batch's `dataSource`.
    public static var showsAppliedSnapshot: Bool { false }
}

/// A row as a toolkit model shows it: which item it displays, which cell
/// displays it, and whether that cell has been given the item's current content.
///
/// Cells are numbered: before an update the row at old index *i* is shown by
/// cell *i*; every cell the toolkit creates later (for an insert or a
/// reload) gets the next number from the old count on. So a kept item kept
/// its cell exactly when its row's ``cell`` equals its old index.
public struct DisplayedRow<ID: Hashable & Sendable>: Sendable, Hashable {
    /// The item the row displays.
    public var id: ID
    /// The number of the cell that displays it.
    public var cell: Int
    /// Whether the cell was configured (or reconfigured) during the update,
    /// so it shows the item's current content rather than what it showed before.
    public var isRefreshed: Bool

    /// Creates a row.
    @inlinable
    public init(id: ID, cell: Int, isRefreshed: Bool) {
        self.id = id
        self.cell = cell
        self.isRefreshed = isRefreshed
    }
}

extension DisplayedRow {
    /// The rows of a view showing `items` before any update: the row at
    /// index *i* is shown by cell *i*, none refreshed.
    ///
    /// Every toolkit model starts from these rows.
    ///
    /// - Complexity: O(*n*).
    @inlinable
    public static func initial(showing items: [ID]) -> [DisplayedRow<ID>] {
        items.enumerated().map { DisplayedRow(id: $0.element, cell: $0.offset, isRefreshed: false) }
    }
}

/// One section as a toolkit model shows it: its ID, its rows, and whether
/// the section itself was (re)created and so shows fresh content.
public struct DisplayedSection<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Sendable, Hashable {
    /// The section shown.
    public var id: SectionID
    /// Its rows, top to bottom.
    public var rows: [DisplayedRow<ItemID>]
    /// Whether the section was inserted or reloaded (its header shows new content).
    public var isRefreshed: Bool

    /// Creates a displayed section.
    @inlinable
    public init(id: SectionID, rows: [DisplayedRow<ItemID>], isRefreshed: Bool) {
        self.id = id
        self.rows = rows
        self.isRefreshed = isRefreshed
    }

    /// The starting sections of a model showing `snapshot`: row *i* over all
    /// sections in cell *i*, nothing refreshed.
    @inlinable
    public static func initial(showing snapshot: SectionedSnapshot<SectionID, ItemID>) -> [DisplayedSection] {
        var cell = 0
        return snapshot.sections.map { section in
            let rows = section.items.map { item in
                defer { cell += 1 }
                return DisplayedRow(id: item, cell: cell, isRefreshed: false)
            }
            return DisplayedSection(id: section.id, rows: rows, isRefreshed: false)
        }
    }
}

/// What the conformance kit expects of one kept item's row after an update,
/// given an adapter's policy.
public struct RowExpectation: Sendable, Hashable {
    /// Whether the row must still use the item's old cell (`false`: it must use a new one).
    public var keepsCell: Bool
    /// Whether the row must have been refreshed (`false`: it must not have been).
    public var isRefreshed: Bool

    /// Creates an expectation.
    @inlinable
    public init(keepsCell: Bool, isRefreshed: Bool) {
        self.keepsCell = keepsCell
        self.isRefreshed = isRefreshed
    }
}
