/// What a move does to an item's cell on the adapter's toolkit.
///
/// Most toolkits have a move primitive (`moveItem(at:to:)`, `onMoved`) that
/// carries the item's cell along. Some have none — Flutter's `AnimatedList`,
/// a splice-based web list without keyed reuse — so an adapter moves an item
/// by removing it and inserting it again: the old cell is discarded and the
/// item is configured afresh in a new one. Declaring ``replacesCell`` tells
/// the conformance kit to expect exactly that for every moved item, instead
/// of reporting the new cell as a lost cell and the fresh configuration as a
/// refresh without a content change.
public enum MoveStyle: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// A moved item keeps its cell (the toolkit has a move primitive).
    case keepsCell = "keeps-cell"
    /// A moved item is removed and inserted: it gets a new cell, freshly
    /// configured, whether or not its content changed.
    case replacesCell = "replaces-cell"

    /// The kebab-case name shown by the CLI.
    public var description: String { rawValue }
}
