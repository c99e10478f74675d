import BatchUpdate
import UpdateCheckDiff

/// Turns an update plan into the calls of an `AnimatedList`-style list,
/// which has no move.
///
/// One group of calls: removals from the bottom up, then by ascending new
/// index insertions, each index counted in the list as the previous calls
/// left it, then `updateItem` at the final indexes of the changed items that
/// stay put. An item the diff moves is removed and inserted again, so its
/// element is replaced and it is built afresh — the adapter declares
/// `MoveStyle.replacesCell` and the kit holds it to exactly that.
public struct AnimatedListAdapter<ID: Hashable & Sendable>: UpdateAdapter {
    /// The model the calls are proven on.
    public typealias Model = AnimatedListModel<ID>

    /// An adapter.
    public init() {}

    /// `animatedlist`.
    public var name: String { "animatedlist" }

    /// Moves replace the element (delete + insert); changed items that stay
    /// put are rebuilt in place.
    public var policy: AdapterPolicy {
        AdapterPolicy(movedAndChanged: .deleteAndInsert, refresh: .reconfigure, moves: .replacesCell)
    }

    /// The toolkit semantics and what this adapter does with them.
    public var summary: String {
        "AnimatedList-style list (Flutter AnimatedListState, a splice list without keyed reuse): insertItem, "
            + "removeItem and updateItem take one index each, applied at once against the list the calls before "
            + "them left; there is no move. Removals from the bottom up, then insertions by ascending new index, "
            + "then updateItem at the final indexes; a moved item is removed and inserted (a new element)."
    }

    /// One group of calls (none for an empty plan).
    ///
    /// - Complexity: O(*n* log *n*).
    @inlinable
    public func batches(for plan: UpdatePlan<ID>) -> [UpdateBatch<[ID], AnimatedListCall>] {
        var calls: [AnimatedListCall] = []
        for step in plan.sequentialSteps(movedAndChanged: .deleteAndInsert, moves: .replacesCell) {
            switch step {
            case .remove(let position, let count):
                for _ in 0..<count { calls.append(.removeItem(index: position)) }
            case .insert(let position, let count):
                for offset in 0..<count { calls.append(.insertItem(index: position + offset)) }
            case .change(let position, let count):
                for offset in 0..<count { calls.append(.updateItem(index: position + offset)) }
            case .move:
                preconditionFailure("steps without moves contain no move")
            }
        }
        return calls.isEmpty ? [] : [UpdateBatch(dataSource: plan.new, calls: calls)]
    }
}

/// The `AnimatedList` adapter for sectioned lists: each section is a header
/// item followed by its items, and ``AnimatedListAdapter`` makes the calls on
/// the flattened list.
///
/// There is no move, so a moved section is its header and items (or the
/// items around them) removed and inserted again — new elements, as the
/// adapter's `MoveStyle.replacesCell` declares; an item moving to another
/// section is likewise removed and inserted. A changed section is an
/// `updateItem` of its header. Named `animatedlist-sections`.
///
///     let adapter = AnimatedListSectionedAdapter<String, String>(AnimatedListAdapter())
public typealias AnimatedListSectionedAdapter<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable> =
    HeaderRowAdapter<AnimatedListAdapter<SectionedEntry<SectionID, ItemID>>, SectionID, ItemID>
