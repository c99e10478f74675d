import Testing
import UpdateCheckDiff

/// Stale diffs are refused by version, even when they would apply.
@Suite struct VersionedListTests {
    /// A diff of the current capture applies and bumps the version.
    @Test func currentDiffApplies() throws {
        var list = try VersionedList(["a", "b", "c"])
        let captured = list.capture()
        try list.apply(try diff(from: captured.snapshot, to: ["c", "a", "d"]), capturedVersion: captured.version)
        #expect(list.ids == ["c", "a", "d"])
        #expect(list.version == 1)
    }

    /// A diff that would still apply cleanly is refused once the version
    /// moved on, and the list is unchanged; recomputing from a new capture works.
    @Test func staleDiffIsRefusedEvenWhenItFits() throws {
        var list = try VersionedList(["a", "b"], version: 7)
        let captured = list.capture()
        let background = try diff(from: captured.snapshot, to: ["b", "a"])
        try list.replace(with: ["a", "b"])  // same IDs, new version
        #expect(try background.apply(to: list.ids) == ["b", "a"])
        #expect(throws: ListDiffError.staleVersion(captured: 7, current: 8)) {
            try list.apply(background, capturedVersion: captured.version)
        }
        #expect(list.ids == ["a", "b"] && list.version == 8)
        let fresh = list.capture()
        try list.apply(try diff(from: fresh.snapshot, to: ["b", "a"]), capturedVersion: fresh.version)
        #expect(list.ids == ["b", "a"] && list.version == 9)
    }

    /// A list created at the top version wraps to 0 on its next change, and
    /// a diff captured before the wrap is stale after it.
    @Test func theTopVersionWraps() throws {
        var list = try VersionedList(["a"], version: .max)
        let captured = list.capture()
        try list.replace(with: ["b"])
        #expect(list.version == 0)
        let changes = try diff(from: captured.snapshot, to: ["c"])
        #expect(throws: ListDiffError.staleVersion(captured: .max, current: 0)) {
            try list.apply(changes, capturedVersion: captured.version)
        }
    }

    /// Duplicates are refused on creation, on replace, and from a diff that would repeat an ID.
    @Test func duplicatesAreRefused() throws {
        #expect(throws: ListDiffError.self) { try VersionedList(["a", "a"]) }
        var list = try VersionedList(["a"])
        #expect(throws: ListDiffError.self) { try list.replace(with: ["b", "b"]) }
        let repeating = SnapshotDiff<String>(
            oldCount: 1, newCount: 2, deletions: [], insertions: [.init(offset: 1, id: "a")], moves: [])
        #expect(throws: ListDiffError.duplicateIDs(in: .new, duplicates: [DuplicateID(id: "a", offsets: [0, 1])])) {
            try list.apply(repeating, capturedVersion: 0)
        }
        #expect(list.ids == ["a"] && list.version == 0)
    }
}
