import Testing
import UpdateCheckDiff

/// Content updates are reported apart from the structure.
@Suite struct ContentChangeTests {
    struct Row: Equatable {
        var id: String
        var title: String
    }

    /// An unchanged ID list with one changed title: empty structure, one update.
    @Test func changedTitleIsAContentUpdateOnly() throws {
        let old = [Row(id: "a", title: "Milk"), Row(id: "b", title: "Bread")]
        let new = [Row(id: "a", title: "Oat milk"), Row(id: "b", title: "Bread")]
        let changes = try diff(from: old, to: new, id: \.id)
        #expect(changes.structure.isEmpty)
        #expect(changes.contentUpdates == [ContentUpdate(id: "a", oldOffset: 0, newOffset: 0)])
        #expect(changes.updatedIDs == ["a"])
    }

    /// Moved and changed IDs are both a move and an update; inserted and
    /// deleted IDs are never updates.
    @Test func movedAndChangedIsBoth() throws {
        let old = [Row(id: "a", title: "1"), Row(id: "b", title: "2"), Row(id: "c", title: "3")]
        let new = [Row(id: "c", title: "3!"), Row(id: "a", title: "1"), Row(id: "d", title: "4")]
        let changes = try diff(from: old, to: new, id: \.id) { $0.title == $1.title }
        #expect(changes.structure == (try diff(from: ["a", "b", "c"], to: ["c", "a", "d"])))
        #expect(changes.contentUpdates == [ContentUpdate(id: "c", oldOffset: 2, newOffset: 0)])
    }

    /// Duplicate IDs among elements are rejected like duplicate plain IDs.
    @Test func duplicateElementIDsAreRejected() {
        let rows = [Row(id: "a", title: "1"), Row(id: "a", title: "2")]
        #expect(throws: ListDiffError.duplicateIDs(in: .new, duplicates: [DuplicateID(id: "a", offsets: [0, 1])])) {
            try diff(from: [], to: rows, id: \.id)
        }
    }
}
