import Testing
import UpdateCheckDiff

/// Ordered selections in the article's order, and shards that partition them.
@Suite struct SelectionAndShardTests {
    /// The article's recursive enumeration, written out as in the article.
    static func articleSnapshots(prefix: [String], remaining: [String]) -> [[String]] {
        var result = [prefix]
        for index in remaining.indices {
            var rest = remaining
            let next = rest.remove(at: index)
            result += articleSnapshots(prefix: prefix + [next], remaining: rest)
        }
        return result
    }

    /// Same snapshots in the same order as the article, and the documented counts.
    @Test func selectionsMatchTheArticle() {
        for k in 0...5 {
            let ids = Array(["a", "b", "c", "d", "e"].prefix(k))
            #expect(orderedSelections(of: ids) == Self.articleSnapshots(prefix: [], remaining: ids))
        }
        #expect(orderedSelections(of: ["a", "b", "c", "d"]).count == 65)
        #expect(orderedSelections(of: Array(0..<5)).count == 326)
        #expect(orderedSelections(of: Array(0..<6)).count == 1_957)
        #expect(orderedSelections(of: ["a", "b"]) == [[], ["a"], ["a", "b"], ["b"], ["b", "a"]])
    }

    /// Shards parse from `i/n` and refuse anything else.
    @Test func shardsParse() {
        #expect(Shard("2/4") == Shard(index: 2, count: 4))
        #expect(Shard("1/1") == .whole)
        for bad in ["0/4", "5/4", "2", "2/", "/4", "a/b", "-1/2", "1/0", "1/2/3", " 1/2", "+1/2"] {
            #expect(Shard(bad) == nil, "\(bad)")
        }
        #expect(Shard(index: 3, count: 7)?.description == "3/7")
    }

    /// For several shard counts, the shards are disjoint and their union is every position.
    @Test(arguments: [1, 2, 3, 4, 7, 65, 100])
    func shardsPartition(count: Int) {
        let total = 65
        var seen = [Int](repeating: 0, count: total)
        for index in 1...count {
            let shard = Shard(index: index, count: count)!
            for position in shard.positions(among: total) {
                #expect(shard.contains(position))
                seen[position] += 1
            }
        }
        #expect(seen == [Int](repeating: 1, count: total))
    }
}
