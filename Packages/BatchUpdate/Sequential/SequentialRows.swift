/// The cell tracker of a toolkit that applies each call at once
/// (NSTableView, RecyclerView, a splice-based web list, Flutter's
/// `AnimatedList`), for writing its ``ToolkitModel``.
///
/// It follows the cell-numbering contract of ``DisplayedRow``: it starts
/// with row *i* in cell *i*, and every cell it creates (for an insertion, or
/// a refresh that replaces the cell) gets the next number from the old count
/// on. Cells move with their rows. New and refreshed rows are bound to the
/// data source only after the update, at their final positions (that is when
/// those toolkits ask for them): ``bind(to:)`` fills them from the batch's
/// items and returns the ``DisplayedRow``s the kit compares.
///
/// A model validates every call against ``count`` before it changes the
/// rows; the methods here trap on positions out of range.
///
/// ```swift
/// var list = SequentialRows(showing: ["a", "b", "c"])
/// list.remove(0..<1)                      // b, c in cells 1, 2
/// list.insert(count: 1, at: 2)            // a new cell 3 at the end
/// list.refresh(at: 0, keepingCell: true)  // b is bound again in cell 1
/// let rows = list.bind(to: ["b", "c", "d"])
/// // b in cell 1 (refreshed), c in cell 2, d in cell 3 (refreshed)
/// ```
///
/// A model is then its calls' checks and nothing else: it keeps one
/// `SequentialRows`, shows its ``shown`` rows, and performs a batch with
/// ``replay(_:apply:mismatch:)``, which applies every call in turn, checks
/// the data source's count and binds.
public struct SequentialRows<ID: Hashable & Sendable>: Sendable {
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

    /// The rows in order, in chunks (see ``ChunkedRows``).
    @usableFromInline var rows: ChunkedRows<Row>
    @usableFromInline var nextCell: Int
    /// Storage of ``shown``.
    @usableFromInline var displayed: [DisplayedRow<ID>]

    /// Rows showing `items`, row *i* in cell *i*, none refreshed.
    ///
    /// - Complexity: O(*n*).
    @inlinable
    public init(showing items: [ID]) {
        rows = ChunkedRows(items.enumerated().map { Row(cell: $0.offset, id: $0.element, isRefreshed: false) })
        nextCell = items.count
        displayed = DisplayedRow.initial(showing: items)
    }

    /// The rows shown after the last ``bind(to:)``: at first the items the
    /// rows were created showing, row *i* in cell *i*.
    ///
    /// A model's ``ToolkitModel/displayed``.
    @inlinable
    public var shown: [DisplayedRow<ID>] { displayed }

    /// The number of rows now.
    @inlinable
    public var count: Int { rows.count }

    /// Inserts `count` new cells so that they end up at `position` ..<
    /// `position + count`; they are bound at ``bind(to:)``.
    ///
    /// - Precondition: `0 <= position <= count`, `count >= 0`.
    /// - Complexity: O(`count`) plus the rows of one chunk (rows are kept
    ///   in chunks of up to 2,048) and a walk over the chunks: O(*n*) for a
    ///   list that is one chunk, far less than *n* for a long one.
    @inlinable
    public mutating func insert(count: Int, at position: Int) {
        var fresh: [Row] = []
        fresh.reserveCapacity(count)
        for _ in 0..<count {
            fresh.append(Row(cell: nextCell, id: nil, isRefreshed: true))
            nextCell += 1
        }
        rows.insert(contentsOf: fresh, at: position)
    }

    /// Removes the rows in `range`, with their cells.
    ///
    /// - Precondition: `range` lies inside `0 ..< count`.
    /// - Complexity: O(`range.count`) plus a chunk of rows.
    @inlinable
    public mutating func remove(_ range: Range<Int>) { rows.removeSubrange(range) }

    /// Takes the row at `from` out and puts it back so that it ends up at
    /// `to`, keeping its cell and what it shows.
    ///
    /// - Precondition: both positions lie inside `0 ..< count`.
    /// - Complexity: two chunks of rows.
    @inlinable
    public mutating func move(from: Int, to: Int) {
        let row = rows.remove(at: from)
        rows.insert(row, at: to)
    }

    /// Marks the row at `position` to be bound again after the update, in
    /// its own cell (`keepingCell`, a reconfigure) or in a new one (a reload).
    ///
    /// - Precondition: `0 <= position < count`.
    /// - Complexity: a walk over the chunks of rows to find the row: O(1)
    ///   for a list that is one chunk.
    @inlinable
    public mutating func refresh(at position: Int, keepingCell: Bool) {
        var row = rows[position]
        if !keepingCell {
            row.cell = nextCell
            nextCell += 1
        }
        row.id = nil
        row.isRefreshed = true
        rows[position] = row
    }

    /// Binds every new or refreshed row to `items` at its final position and
    /// returns what is shown.
    ///
    /// Rows bound earlier keep what they show; the next update starts from
    /// these rows, which are ``shown`` from now on.
    ///
    /// - Precondition: `items.count == count` (a model checks the item count
    ///   and throws the toolkit's error first).
    /// - Complexity: O(*n*).
    @inlinable
    @discardableResult
    public mutating func bind(to items: [ID]) -> [DisplayedRow<ID>] {
        precondition(items.count == rows.count, "bind to a data source of the same size")
        var bound: [DisplayedRow<ID>] = []
        bound.reserveCapacity(rows.count)
        for chunk in 0..<rows.chunkCount {
            rows.modifyChunk(chunk) { chunkRows in
                for offset in chunkRows.indices {
                    if chunkRows[offset].id == nil { chunkRows[offset].id = items[bound.count] }
                    let row = chunkRows[offset]
                    bound.append(DisplayedRow(id: row.id!, cell: row.cell, isRefreshed: row.isRefreshed))
                }
            }
        }
        displayed = bound
        return bound
    }

    /// Replays one batch of a toolkit that applies each call at once: hands
    /// every call in order to `apply` (which checks it against the rows as
    /// they are at that moment, throws the toolkit's error or changes the
    /// rows), then requires the data source to hold as many items as the rows
    /// (`mismatch(rows, dataSource)` otherwise) and binds new and refreshed
    /// rows to it.
    ///
    /// ```swift
    /// mutating func perform(_ batch: UpdateBatch<[ID], SpliceCall>) throws(SpliceError) {
    ///     try list.replay(batch, apply: Self.apply) { rows, data in
    ///         SpliceError(description: "the list holds \(rows) items, the data \(data)")
    ///     }
    /// }
    /// ```
    ///
    /// - Throws: what `apply` or `mismatch` give; the rows are then
    ///   unspecified, and ``shown`` is still what the last bind showed.
    /// - Complexity: the calls' own, plus O(*n*) for the bind.
    @inlinable
    public mutating func replay<Call: ToolkitCall, Failure: Error>(
        _ batch: UpdateBatch<[ID], Call>, apply: (Call, inout SequentialRows<ID>) throws(Failure) -> Void,
        mismatch: (_ rows: Int, _ dataSource: Int) -> Failure
    ) throws(Failure) {
        for call in batch.calls { try apply(call, &self) }
        guard count == batch.dataSource.count else { throw mismatch(count, batch.dataSource.count) }
        bind(to: batch.dataSource)
    }
}
