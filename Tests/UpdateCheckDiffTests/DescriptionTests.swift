import Testing
import UpdateCheckDiff

/// The text forms a reader sees when printing diffs.
@Suite struct DescriptionTests {
    @Test func diffPrintsOffsetsInTheirOwnSnapshots() throws {
        let changes = try diff(from: ["a", "b", "c"], to: ["c", "a", "d"])
        #expect("\(changes)" == "deletions [1: b], insertions [2: d], moves [c: 2 -> 0]")
        #expect("\(try diff(from: ["a"], to: ["a"]))" == "no changes")
        #expect("\(try diff(from: [1, 2], to: [2, 1, 3]))" == "deletions [], insertions [2: 3], moves [2: 1 -> 0]")
    }

    @Test func contentUpdatesFollowTheStructure() throws {
        struct Row: Equatable {
            var id: String
            var title: String
        }
        let rows = try diff(
            from: [Row(id: "a", title: "Milk"), Row(id: "b", title: "Tea")],
            to: [Row(id: "b", title: "Tea"), Row(id: "a", title: "Oat milk")], id: \.id)
        #expect("\(rows)" == "deletions [], insertions [], moves [b: 1 -> 0]; updated [a]")
    }
}
