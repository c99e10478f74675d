/// The rows of a ``SequentialRows``, in chunks, so that a call in the
/// middle of a long list costs a chunk, not the list (and the list that
/// ``RandomPairs`` edits one item at a time, for the same reason).
///
/// A toolkit that applies each call at once (NSTableView, RecyclerView)
/// replays a plan of *n* moves as *n* removals and insertions. In one array
/// each shifts up to every row after it, *n*² row copies in all: 200,000
/// shuffled IDs took 11 s, a 16 MiB snapshot file many minutes. Here each
/// finds its chunk by the chunks' counts and shifts inside that chunk only.
///
/// Chunks hold up to 2 × ``chunkSize`` rows and are split in ``chunkSize``
/// pieces past that; a chunk emptied is dropped, unless it is the only one.
/// The chunk of a position is found in O(log *c*) for *c* chunks, through
/// a Fenwick tree of the chunks' counts: a scan of the counts made the
/// shuffle of 5,000,000 IDs on a RecyclerView model take 367 s.
/// A list of up to 2 × ``chunkSize`` rows, every list the conformance kit
/// checks, is its first chunk alone: one array, each call a test away
/// from the array's own.
@usableFromInline
struct ChunkedRows<Element> {
    /// The first chunk: every row of a list that was never longer than
    /// 2 × ``chunkSize``, kept apart so that such a list is one array.
    @usableFromInline var head: [Element]
    /// The chunks after the first, none empty; empty for a short list.
    @usableFromInline var tail: [[Element]]
    /// The number of rows.
    @usableFromInline var count: Int
    /// A Fenwick tree of the counts of the chunks of ``tail``: element *i*
    /// (1-based; element 0 is unused) holds the sum of the counts of the
    /// *i* & −*i* chunks ending with chunk *i*. Empty while ``tail`` is.
    @usableFromInline var sums: [Int] = []

    /// The rows of a chunk made by a split; a chunk holds at most twice as many.
    @inlinable
    static var chunkSize: Int { 1024 }

    /// `elements` in order.
    ///
    /// - Complexity: O(*n*).
    @inlinable
    init(_ elements: [Element]) {
        count = elements.count
        head = elements
        tail = []
        splitIfLarge(0)
    }

    /// Every row, in order.
    ///
    /// - Complexity: O(*n*).
    @inlinable
    var elements: [Element] { tail.isEmpty ? head : head + tail.joined() }

    /// The number of chunks.
    @inlinable
    var chunkCount: Int { 1 + tail.count }

    /// The rows of chunk `index`.
    @inlinable
    func chunk(_ index: Int) -> [Element] { index == 0 ? head : tail[index - 1] }

    /// The number of rows of chunk `index` (read without copying the chunk).
    @inlinable
    func size(ofChunk index: Int) -> Int { index == 0 ? head.count : tail[index - 1].count }

    /// Runs `body` on chunk `index` in place, and keeps ``sums`` in step
    /// with the rows it inserts or removes.
    ///
    /// - Complexity: that of `body`, plus O(log *c*) for *c* chunks.
    @inlinable
    mutating func modifyChunk<Result>(_ index: Int, _ body: (inout [Element]) -> Result) -> Result {
        if index == 0 { return body(&head) }
        let before = tail[index - 1].count
        let result = body(&tail[index - 1])
        var node = index
        let change = tail[index - 1].count - before
        if change != 0 {
            while node < sums.count {
                sums[node] += change
                node += node & -node
            }
        }
        return result
    }

    /// The chunk holding `position` and the row's offset in it; for
    /// `position == count`, the end of the last chunk.
    ///
    /// - Complexity: O(log *c*) for *c* chunks: a descent of ``sums``.
    @inlinable
    func locate(_ position: Int) -> (chunk: Int, offset: Int) {
        if tail.isEmpty || position < head.count { return (0, position) }
        // The most chunks of the tail whose rows all come before the position.
        var offset = position - head.count
        var passed = 0
        var step = 1 << (Int.bitWidth - 1 - tail.count.leadingZeroBitCount)
        while step > 0 {
            let next = passed + step
            if next <= tail.count, sums[next] <= offset {
                passed = next
                offset -= sums[next]
            }
            step >>= 1
        }
        if passed == tail.count { return (tail.count, tail[tail.count - 1].count) }
        return (passed + 1, offset)
    }

    /// Makes ``sums`` anew from the chunks' counts, after chunks were
    /// split or dropped.
    ///
    /// - Complexity: O(*c*) for *c* chunks.
    @usableFromInline
    mutating func rebuildSums() {
        guard !tail.isEmpty else {
            sums = []
            return
        }
        sums = [0] + tail.map(\.count)
        for node in 1..<sums.count {
            let parent = node + (node & -node)
            if parent < sums.count { sums[parent] += sums[node] }
        }
    }

    /// The row at `position`.
    ///
    /// - Complexity: O(*c*) for *c* chunks.
    @inlinable
    subscript(position: Int) -> Element {
        get {
            if tail.isEmpty { return head[position] }
            let (chunk, offset) = locate(position)
            return self.chunk(chunk)[offset]
        }
        set {
            if tail.isEmpty {
                head[position] = newValue
                return
            }
            let (chunk, offset) = locate(position)
            modifyChunk(chunk) { $0[offset] = newValue }
        }
    }

    /// Inserts `new` so that it starts at `position`.
    ///
    /// - Complexity: O(*c* + chunk size + `new.count`).
    @inlinable
    mutating func insert(contentsOf new: [Element], at position: Int) {
        guard !new.isEmpty else { return }
        let (chunk, offset) = locate(position)
        modifyChunk(chunk) { $0.insert(contentsOf: new, at: offset) }
        count += new.count
        splitIfLarge(chunk)
    }

    /// Inserts `element` at `position`.
    @inlinable
    mutating func insert(_ element: Element, at position: Int) {
        let (chunk, offset) = locate(position)
        modifyChunk(chunk) { $0.insert(element, at: offset) }
        count += 1
        splitIfLarge(chunk)
    }

    /// Removes the rows in `range`.
    ///
    /// - Complexity: O(*c* + chunk size × the chunks the range touches).
    @inlinable
    mutating func removeSubrange(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        count -= range.count
        if tail.isEmpty {
            head.removeSubrange(range)
            return
        }
        var (chunk, offset) = locate(range.lowerBound)
        var left = range.count
        while left > 0 {
            let taken = modifyChunk(chunk) { rows in
                let taken = min(left, rows.count - offset)
                rows.removeSubrange(offset..<(offset + taken))
                return taken
            }
            left -= taken
            if !dropIfEmpty(chunk) { chunk += 1 }
            offset = 0
        }
    }

    /// Removes and returns the row at `position`.
    @inlinable
    mutating func remove(at position: Int) -> Element {
        count -= 1
        if tail.isEmpty { return head.remove(at: position) }
        let (chunk, offset) = locate(position)
        let element = modifyChunk(chunk) { $0.remove(at: offset) }
        dropIfEmpty(chunk)
        return element
    }

    /// Drops chunk `index` when it is empty and not the only one; whether it did.
    @inlinable
    @discardableResult
    mutating func dropIfEmpty(_ index: Int) -> Bool {
        guard !tail.isEmpty, size(ofChunk: index) == 0 else { return false }
        if index == 0 {
            head = tail.removeFirst()
        } else {
            tail.remove(at: index - 1)
        }
        rebuildSums()
        return true
    }

    /// Splits chunk `index` in pieces of ``chunkSize`` rows when it holds
    /// more than twice as many.
    @inlinable @inline(__always)
    mutating func splitIfLarge(_ index: Int) {
        if size(ofChunk: index) > 2 * Self.chunkSize { split(index) }
    }

    /// Splits chunk `index` in pieces of ``chunkSize`` rows (a long list's
    /// path, kept out of line).
    @usableFromInline
    @inline(never)
    mutating func split(_ index: Int) {
        let large = chunk(index)
        var pieces = stride(from: 0, to: large.count, by: Self.chunkSize).map {
            Array(large[$0..<min($0 + Self.chunkSize, large.count)])
        }
        if index == 0 {
            head = pieces.removeFirst()
            tail.insert(contentsOf: pieces, at: 0)
        } else {
            tail.replaceSubrange((index - 1)...(index - 1), with: pieces)
        }
        rebuildSums()
    }
}

extension ChunkedRows: Sendable where Element: Sendable {}
