import Testing

@testable import BatchUpdate

/// `ChunkedRows` is an array with calls that cost a chunk: the same random
/// calls on it and on an array leave the same rows, across chunk
/// boundaries, splits and emptied chunks.
@Suite struct ChunkedRowsTests {
    /// The rows of `chunked` in order, and whether its chunks keep their
    /// invariants: none empty unless it is the only one, none past twice
    /// the chunk size, the count the sum of theirs, and each chunk's first
    /// and last rows, and the end, located where they are.
    func rows(_ chunked: ChunkedRows<Int>) -> [Int] {
        let size = ChunkedRows<Int>.chunkSize
        let chunks = (0..<chunked.chunkCount).map(chunked.chunk)
        #expect(chunked.count == chunks.reduce(0) { $0 + $1.count })
        #expect(chunks.count == 1 || chunks.allSatisfy { !$0.isEmpty })
        #expect(chunks.allSatisfy { $0.count <= 2 * size })
        var start = 0
        for (index, chunk) in chunks.enumerated() where !chunk.isEmpty {
            #expect(chunked.locate(start) == (index, 0))
            #expect(chunked.locate(start + chunk.count - 1) == (index, chunk.count - 1))
            start += chunk.count
        }
        #expect(chunked.locate(chunked.count) == (chunks.count - 1, chunks[chunks.count - 1].count))
        return chunks.flatMap { $0 }
    }

    @Test(arguments: [0, 5, 2048, 2049, 5000])
    func randomCallsAgreeWithAnArray(start: Int) {
        var random = SplitMix64(seed: UInt64(start))
        var array = Array(0..<start)
        var chunked = ChunkedRows(array)
        #expect(rows(chunked) == array)
        var next = start
        for round in 0..<3_000 {
            let position = Int.random(in: 0...array.count, using: &random)
            switch Int.random(in: 0..<6, using: &random) {
            case 0:
                // Sometimes more than a chunk at once.
                let count = round % 97 == 0 ? 3_000 : Int.random(in: 0..<5, using: &random)
                let new = Array(next..<(next + count))
                next += count
                array.insert(contentsOf: new, at: position)
                chunked.insert(contentsOf: new, at: position)
            case 1:
                array.insert(next, at: position)
                chunked.insert(next, at: position)
                next += 1
            case 2 where position < array.count:
                let end = min(array.count, position + (round % 89 == 0 ? 2_500 : Int.random(in: 0..<4, using: &random)))
                array.removeSubrange(position..<end)
                chunked.removeSubrange(position..<end)
            case 3 where position < array.count:
                #expect(chunked.remove(at: position) == array.remove(at: position))
            case 4 where position < array.count:
                #expect(chunked[position] == array[position])
                chunked[position] = -round
                array[position] = -round
            default:
                continue
            }
            #expect(chunked.count == array.count)
            if round % 100 == 0 { #expect(rows(chunked) == array, "round \(round)") }
        }
        #expect(rows(chunked) == array)
        // The first chunk emptied, by one range and row by row, gives way to the next.
        if chunked.chunkCount > 2 {
            let first = chunked.chunk(0).count
            chunked.removeSubrange(0..<first)
            array.removeSubrange(0..<first)
            #expect(rows(chunked) == array)
            for _ in 0..<chunked.chunk(0).count { #expect(chunked.remove(at: 0) == array.remove(at: 0)) }
            #expect(rows(chunked) == array)
        }
    }

    /// Moving every row of a long list costs chunks: the plan of 200,000
    /// shuffled IDs replays on a sequential model and shows the new order.
    @Test func aLongShuffleReplaysInChunks() throws {
        var random = SplitMix64(seed: 7)
        let old = Array(0..<200_000)
        let new = old.shuffled(using: &random)
        let plan = try UpdatePlan(from: old, to: new)
        var list = SequentialRows(showing: old)
        for step in plan.sequentialSteps() {
            switch step {
            case .remove(let position, let count): list.remove(position..<(position + count))
            case .insert(let position, let count): list.insert(count: count, at: position)
            case .move(let from, let to): list.move(from: from, to: to)
            case .change(let position, let count):
                for index in position..<(position + count) { list.refresh(at: index, keepingCell: true) }
            }
        }
        let shown = list.bind(to: new)
        #expect(shown.map(\.id) == new)
        // Every row kept its cell: cell i shows old item i.
        #expect(shown.allSatisfy { $0.cell == $0.id && !$0.isRefreshed })
    }
}
