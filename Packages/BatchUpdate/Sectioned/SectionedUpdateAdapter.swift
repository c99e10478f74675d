import UpdateCheckDiff

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

/// One batch of calls on a sectioned list, with what the data source holds
/// once the batch is done (the sections a toolkit reads after it).
public struct SectionedUpdateBatch<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable, Call: ToolkitCall>:
    Sendable, Equatable, CustomStringConvertible
{
    /// The data source after the batch.
    public var sections: SectionedSnapshot<SectionID, ItemID>
    /// The calls, in order.
    public var calls: [Call]

    /// Creates a batch.
    @inlinable
    public init(sections: SectionedSnapshot<SectionID, ItemID>, calls: [Call]) {
        self.sections = sections
        self.calls = calls
    }

    /// `deleteSections [0]; moveItem … → [T: a c]`.
    public var description: String {
        calls.map(\.description).joined(separator: "; ") + " → \(sections)"
    }
}

/// A platform-free model of one toolkit's sectioned updates: it starts
/// showing the old sections, replays batches as the toolkit documents them,
/// and fails with the toolkit's error where the toolkit would throw.
public protocol SectionedToolkitModel<SectionID, ItemID, Call> {
    /// The section identifier.
    associatedtype SectionID: Hashable & Sendable
    /// The item identifier.
    associatedtype ItemID: Hashable & Sendable
    /// The calls the toolkit takes.
    associatedtype Call: ToolkitCall
    /// The toolkit's error, worded the way the toolkit reports it.
    associatedtype Failure: Error & CustomStringConvertible

    /// A model showing `snapshot`, row *i* over all sections in cell *i*.
    init(showing snapshot: SectionedSnapshot<SectionID, ItemID>)

    /// Replays one batch on the current state.
    ///
    /// - Throws: the toolkit's error for a batch the toolkit would reject.
    mutating func perform(_ batch: SectionedUpdateBatch<SectionID, ItemID, Call>) throws(Failure)

    /// The sections shown now, top to bottom.
    var sections: [DisplayedSection<SectionID, ItemID>] { get }
}

/// A sectioned toolkit model whose calls can be rebuilt from their
/// ``CallRecord``s, so that the answers of a sectioned adapter program in
/// another language can be replayed on it and proven by the sectioned kit:
/// the sectioned counterpart of ``ReplayableModel``.
///
/// A record is accepted exactly when it names one of the model's methods
/// with exactly that method's labels and values of the right kinds.
public protocol ReplayableSectionedModel: SectionedToolkitModel, SendableMetatype {
    /// The calls the model takes, one signature each, as documented for
    /// adapter programs: `moveSection(at: Int, to: Int)`.
    static var vocabulary: [String] { get }

    /// The call `record` describes, with section and item IDs named in the
    /// record resolved by `section` and `item` (`nil` for a name that is not
    /// in the case).
    ///
    /// - Throws: ``BatchUpdateError/invalidCall(method:reason:)``.
    static func call(
        from record: CallRecord, section: (String) -> SectionID?, item: (String) -> ItemID?
    ) throws(BatchUpdateError) -> Call
}

/// Turns a ``SectionedUpdatePlan`` into the ordered batches of one toolkit.
///
/// The sectioned counterpart of ``UpdateAdapter`` (which keeps serving flat
/// lists unchanged); ``ConformanceKit`` proves it on its model (`check(_:options:)`).
public protocol SectionedUpdateAdapter<SectionID, ItemID>: Sendable {
    /// The section identifier.
    associatedtype SectionID: Hashable & Sendable
    /// The item identifier.
    associatedtype ItemID: Hashable & Sendable
    /// The calls this adapter makes.
    associatedtype Call: ToolkitCall
    /// The model of the toolkit the calls are made on.
    associatedtype Model: SectionedToolkitModel
    where Model.SectionID == SectionID, Model.ItemID == ItemID, Model.Call == Call

    /// A short name, unique among adapters (`uikit-sections`).
    var name: String { get }
    /// One paragraph on the toolkit semantics the adapter follows, for
    /// listings; empty by default.
    var summary: String { get }
    /// How the adapter refreshes changed items and handles moved+changed ones.
    var policy: AdapterPolicy { get }

    /// The batches that take the toolkit from `plan.old` to `plan.new`, in order.
    func batches(for plan: SectionedUpdatePlan<SectionID, ItemID>) -> [SectionedUpdateBatch<SectionID, ItemID, Call>]

    /// The batches for each of `plans`, in order: the kit asks for all the
    /// cases of one group at once.
    ///
    /// The default asks ``batches(for:)`` for each plan; an adapter program
    /// answers them pipelined.
    func batches(
        forEach plans: [SectionedUpdatePlan<SectionID, ItemID>]
    ) -> [[SectionedUpdateBatch<SectionID, ItemID, Call>]]

    /// The kept items this adapter moves, whose cells follow the policy's
    /// ``AdapterPolicy/moves`` style.
    ///
    /// The default is the sectioned diff's moves (`plan.movedItems`); an
    /// adapter that works on another form of the list (header rows, see
    /// ``HeaderRowAdapter``) names the items its own diff moves.
    func movedItems(for plan: SectionedUpdatePlan<SectionID, ItemID>) -> Set<ItemID>
}

extension SectionedUpdateAdapter {
    /// No summary: an empty paragraph.
    public var summary: String { "" }

    /// ``batches(for:)`` of each plan, in order.
    @inlinable
    public func batches(
        forEach plans: [SectionedUpdatePlan<SectionID, ItemID>]
    ) -> [[SectionedUpdateBatch<SectionID, ItemID, Call>]] {
        plans.map { batches(for: $0) }
    }

    /// The sectioned diff's moved items.
    public func movedItems(for plan: SectionedUpdatePlan<SectionID, ItemID>) -> Set<ItemID> { plan.movedItems }
}
