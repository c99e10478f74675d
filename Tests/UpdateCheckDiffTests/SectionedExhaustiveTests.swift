import Testing

@testable import UpdateCheckDiff

/// The sectioned exhaustive run: exact counts, shards covering it exactly
/// once, and that it catches a broken engine.
@Suite struct SectionedExhaustiveTests {
    /// The documented counts: 2 sections × 3 items is 131 snapshots.
    @Test func countsMatchTheEnumeration() {
        for sections in 0...2 {
            for ids in 0...3 {
                let check = ExhaustiveCheck(sectionCount: sections, idCount: ids)
                let snapshots = check.snapshots
                #expect(snapshots.count == ExhaustiveCheck.snapshotCount(sectionCount: sections, idCount: ids))
                #expect(Set(snapshots.map(\.description)).count == snapshots.count)
            }
        }
        #expect(ExhaustiveCheck.snapshotCount(sectionCount: 2, idCount: 3) == 131)
        #expect(ExhaustiveCheck.snapshotCount(sectionCount: 2, idCount: 4) == 653)
        #expect(ExhaustiveCheck.snapshotCount(sectionCount: 3, idCount: 3) == 979)
        #expect(ExhaustiveCheck.snapshotCount(sectionCount: 1, idCount: 4) == 66)
        #expect(ExhaustiveSectionID(1).description == "T")
    }

    /// Shards of 2 × 3 into 4 are disjoint, cover every old snapshot once,
    /// and every one of the 17,161 pairs verifies.
    @Test func shardsCoverTheRunExactlyOnce() {
        var positions: [Int] = []
        var pairs = 0
        for index in 1...4 {
            let part = ExhaustiveCheck(sectionCount: 2, idCount: 3, shard: Shard(index: index, count: 4)!)
                .run()
            positions += part.rows.map(\.position)
            pairs += part.pairCount
            #expect(part.snapshotCount == 131)
            #expect(part.passed, "\(part.failures.prefix(3))")
        }
        #expect(positions.sorted() == Array(0..<131))
        #expect(pairs == 17_161)
    }

    /// An engine that turns every cross-section move into a delete and an
    /// insert is caught on exactly the pairs with such a move.
    @Test func brokenEngineIsCaught() {
        let report = ExhaustiveCheck(sectionCount: 2, idCount: 2).runSectioned { old, new throws(ListDiffError) in
            var result = try diff(from: old, to: new)
            let crossing = result.itemMoves.filter {
                old.sections[$0.from.section].id != new.sections[$0.to.section].id
            }
            result.itemMoves.removeAll { move in crossing.contains(move) }
            return result
        }
        var expected = 0
        let snapshots = ExhaustiveCheck(sectionCount: 2, idCount: 2).snapshots
        for old in snapshots {
            for new in snapshots {
                let moves = try! diff(from: old, to: new).itemMoves
                if moves.contains(where: { old.sections[$0.from.section].id != new.sections[$0.to.section].id }) {
                    expected += 1
                }
            }
        }
        #expect(expected > 0)
        #expect(report.failures.count == expected)
        #expect(report.failures.allSatisfy { $0.check == .reachesNew })
    }
}
