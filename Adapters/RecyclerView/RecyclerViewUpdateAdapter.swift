import BatchUpdate
import UpdateCheckDiff

/// Turns an update plan into `ListUpdateCallback` notifications for an
/// Android `RecyclerView.Adapter`.
///
/// One dispatch: removals from the bottom up as ranges, then by ascending
/// new index insertions (runs as ranges) and moves, each position counted in
/// the list as the previous notifications left it, then `onChanged` ranges at
/// the final positions. Changes carry a payload, so RecyclerView binds the
/// existing view holder again; a moved and changed item is moved first.
public struct RecyclerViewUpdateAdapter<ID: Hashable & Sendable>: UpdateAdapter {
    /// The model the notifications are proven on.
    public typealias Model = RecyclerViewModel<ID>

    /// The payload sent with `onChanged`; `nil` makes RecyclerView swap in
    /// a new view holder (a `RefreshStyle.reload`).
    public var payload: String?

    /// An adapter whose changes carry `payload` (by default `"content"`, keeping view holders).
    public init(payload: String? = "content") { self.payload = payload }

    /// `recyclerview`, or `recyclerview-no-payload`.
    public var name: String { payload == nil ? "recyclerview-no-payload" : "recyclerview" }

    /// Moved+changed items are moved, then changed; the payload decides whether the view holder stays.
    public var policy: AdapterPolicy {
        AdapterPolicy(movedAndChanged: .moveThenRefresh, refresh: payload == nil ? .reload : .reconfigure)
    }

    /// The toolkit semantics and what this adapter does with them.
    public var summary: String {
        "Android RecyclerView via ListUpdateCallback: each notification is applied at once and every position "
            + "refers to the list left by the notifications before it; ranges are position + count. Removals "
            + "from the bottom up, then insertions and moves by ascending new position, then onChanged at the "
            + "final positions "
            + (payload == nil ? "without a payload (new view holder)." : "with a payload (same view holder).")
    }

    /// One dispatch of notifications (none for an empty plan).
    ///
    /// - Complexity: O(*n* log *n*).
    @inlinable
    public func batches(for plan: UpdatePlan<ID>) -> [UpdateBatch<[ID], RecyclerViewCall>] {
        let calls: [RecyclerViewCall] = plan.sequentialSteps(movedAndChanged: .moveThenRefresh).map { step in
            switch step {
            case .remove(let position, let count): .removed(position: position, count: count)
            case .insert(let position, let count): .inserted(position: position, count: count)
            case .move(let from, let to): .moved(from: from, to: to)
            case .change(let position, let count): .changed(position: position, count: count, payload: payload)
            }
        }
        return calls.isEmpty ? [] : [UpdateBatch(dataSource: plan.new, calls: calls)]
    }
}

/// The RecyclerView adapter for sectioned lists: each section is an item of
/// a header view type followed by its items, and
/// ``RecyclerViewUpdateAdapter`` notifies the flattened list.
///
/// A deleted or inserted section is its header and items removed or
/// inserted as ranges; a moved section is the fewest `onMoved` calls (the
/// header and its items, or the items around them), which keep their view
/// holders; a changed section is an `onChanged` of its header. Named
/// `recyclerview-sections` (`recyclerview-no-payload-sections`).
///
///     let adapter = RecyclerViewSectionedAdapter<String, String>(RecyclerViewUpdateAdapter())
public typealias RecyclerViewSectionedAdapter<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable> =
    HeaderRowAdapter<RecyclerViewUpdateAdapter<SectionedEntry<SectionID, ItemID>>, SectionID, ItemID>
