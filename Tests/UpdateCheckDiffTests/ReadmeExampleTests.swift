import Testing
import UpdateCheckDiff

/// The README's "Checking list changes" example, as written there.
@Suite struct ReadmeExampleTests {
    struct Row: Equatable {
        var id: String
        var title: String
    }

    @Test func readmeExampleHolds() throws {
        let old = ["a", "b", "c"]
        let new = ["c", "a", "d"]
        let changes = try diff(from: old, to: new)
        #expect(try changes.apply(to: old) == ["c", "a", "d"])
        #expect(old.applying(try #require(changes.collectionDifference)) == new)
        try changes.verify(from: old, to: new)

        let rows = try diff(from: [Row(id: "a", title: "Milk")], to: [Row(id: "a", title: "Oat milk")], id: \.id)
        #expect(rows.structure.isEmpty && rows.updatedIDs == ["a"])

        var list = try VersionedList(old)
        let captured = list.capture()
        let background = try diff(from: captured.snapshot, to: new)
        try list.apply(background, capturedVersion: captured.version)
        #expect(list.ids == new)
    }
}
