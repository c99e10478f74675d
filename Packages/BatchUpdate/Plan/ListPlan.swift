import UpdateCheckDiff

/// The plan of one list shape, which ties together what an ``UpdateAdapter``
/// and its ``ToolkitModel`` work on: the snapshots the plan goes between,
/// the item IDs and what a model shows of the list.
///
/// A flat list's plan is ``UpdatePlan`` (snapshots `[ID]`, shown as
/// ``DisplayedRow``s); a sectioned list's is ``SectionedUpdatePlan``
/// (snapshots `SectionedSnapshot`, shown as ``DisplayedSection``s). A flat
/// list is the one-section case, kept as its own plan because its engine and
/// the kit's flat loop are measurably faster.
public protocol ListPlan: Sendable {
    /// A snapshot of the list: `[ID]` or `SectionedSnapshot`.
    associatedtype Snapshot: Sendable & Equatable
    /// The item identifier.
    associatedtype ItemID: Hashable & Sendable
    /// What a toolkit model shows of the list: its rows, or its sections.
    associatedtype Displayed

    /// The snapshot before the update.
    var old: Snapshot { get }
    /// The snapshot after the update.
    var new: Snapshot { get }
    /// The kept items the diff moves.
    var movedItems: Set<ItemID> { get }
}

extension UpdatePlan: ListPlan {
    /// The kept items the diff moves.
    ///
    /// - Complexity: O(*n*) in the number of new items.
    public var movedItems: Set<ID> { Set(new.indices.lazy.filter { isMoved(new: $0) }.map { new[$0] }) }
}

extension SectionedUpdatePlan: ListPlan {}
