/// The rows a toolkit model shows and the number its next new cell gets,
/// for models that build each batch's rows anew from the rows before it
/// (UIKit's batch updates, a diffable data source's snapshots).
///
/// It starts with row *i* in cell *i* and hands out cell numbers from the
/// old count on, as ``DisplayedRow`` requires. (Toolkits that apply each call
/// at once use ``SequentialRows``, which also moves cells with their rows.)
public struct NumberedRows<ID: Hashable & Sendable>: Sendable {
    /// The rows shown now, top to bottom: a model's ``ToolkitModel/displayed``.
    public var rows: [DisplayedRow<ID>]
    /// The number the next new cell gets.
    @usableFromInline var nextCell: Int

    /// Rows showing `items`, row *i* in cell *i*, none refreshed.
    ///
    /// - Complexity: O(*n*).
    @inlinable
    public init(showing items: [ID]) {
        rows = DisplayedRow.initial(showing: items)
        nextCell = items.count
    }

    /// A new cell's number: the next one from the old count on.
    @inlinable
    public mutating func newCell() -> Int {
        defer { nextCell += 1 }
        return nextCell
    }
}
