/// The rows of a toolkit that applies each call at once (NSTableView,
/// RecyclerView), for its model: cells move with their rows, new and
/// refreshed cells are bound to the data source only after the update, at
/// their final positions (that is when those toolkits ask for them).
///
/// Models validate every call before they change the rows.
@usableFromInline
package struct SequentialRows<ID: Hashable & Sendable>: Sendable {
    /// One row: its cell, what it shows (`nil` until bound), whether it was refreshed.
    @usableFromInline
    struct Row: Sendable {
        @usableFromInline var cell: Int
        @usableFromInline var id: ID?
        @usableFromInline var isRefreshed: Bool

        @inlinable
        init(cell: Int, id: ID?, isRefreshed: Bool) {
            self.cell = cell
            self.id = id
            self.isRefreshed = isRefreshed
        }
    }

    @usableFromInline var rows: [Row]
    @usableFromInline var nextCell: Int

    /// Rows showing `items`, row *i* in cell *i*.
    @inlinable
    package init(showing items: [ID]) {
        rows = items.enumerated().map { Row(cell: $0.offset, id: $0.element, isRefreshed: false) }
        nextCell = items.count
    }

    /// The number of rows.
    @inlinable
    package var count: Int { rows.count }

    /// Inserts `count` new cells so that they end up at `position`.
    @inlinable
    package mutating func insert(count: Int, at position: Int) {
        var fresh: [Row] = []
        fresh.reserveCapacity(count)
        for _ in 0..<count {
            fresh.append(Row(cell: nextCell, id: nil, isRefreshed: true))
            nextCell += 1
        }
        rows.insert(contentsOf: fresh, at: position)
    }

    /// Removes the rows in `range`.
    @inlinable
    package mutating func remove(_ range: Range<Int>) { rows.removeSubrange(range) }

    /// Takes the row at `from` out and puts it back at `to`.
    @inlinable
    package mutating func move(from: Int, to: Int) {
        let row = rows.remove(at: from)
        rows.insert(row, at: to)
    }

    /// Marks the row at `position` to be bound again after the update, in
    /// its own cell (`keepingCell`) or in a new one.
    @inlinable
    package mutating func refresh(at position: Int, keepingCell: Bool) {
        if !keepingCell {
            rows[position].cell = nextCell
            nextCell += 1
        }
        rows[position].id = nil
        rows[position].isRefreshed = true
    }

    /// Binds every new or refreshed row to `items` at its final position and
    /// returns what is shown.
    ///
    /// - Precondition: `items.count == count`.
    @inlinable
    package mutating func bind(to items: [ID]) -> [DisplayedRow<ID>] {
        precondition(items.count == rows.count, "bind to a data source of the same size")
        var shown: [DisplayedRow<ID>] = []
        shown.reserveCapacity(rows.count)
        for index in rows.indices {
            if rows[index].id == nil { rows[index].id = items[index] }
            shown.append(
                DisplayedRow(id: rows[index].id!, cell: rows[index].cell, isRefreshed: rows[index].isRefreshed))
        }
        return shown
    }
}
