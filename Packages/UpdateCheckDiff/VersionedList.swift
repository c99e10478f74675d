/// A snapshot of unique IDs with a version that increases on every change,
/// so that a diff computed in the background is applied only to the very
/// snapshot it was computed from.
///
///     var list = try VersionedList(["a", "b", "c"])
///     let captured = list.capture()                   // (snapshot, version)
///     let changes = try diff(from: captured.snapshot, to: ["c", "a", "d"])
///     // … back on the owning actor, with no suspension point in between:
///     try list.apply(changes, capturedVersion: captured.version)
///
/// The version check comes first and decides alone: a diff that would apply
/// without error to the current snapshot is still refused when its version
/// is stale, and the caller recomputes it from ``capture()``.
public struct VersionedList<ID: Hashable & Sendable>: Sendable, Equatable {
    /// The current snapshot.
    public private(set) var ids: [ID]
    /// The current version; every successful change increases it by one
    /// (wrapping from `UInt64.max` to 0, so a list created near the top
    /// never traps).
    public private(set) var version: UInt64

    /// Creates a list at `version`.
    ///
    /// - Throws: ``ListDiffError/duplicateIDs(in:duplicates:)`` (side `new`)
    ///   when `ids` holds an ID twice.
    public init(_ ids: [ID], version: UInt64 = 0) throws(ListDiffError) {
        try requireUniqueIDs(ids, side: .new)
        self.ids = ids
        self.version = version
    }

    /// The current snapshot and its version, to diff away from the owner.
    public func capture() -> Capture {
        Capture(snapshot: ids, version: version)
    }

    /// Applies a diff computed from the snapshot of `capturedVersion`.
    ///
    /// Synchronous by design: call it on the list's owner right after the
    /// diff arrives, with no suspension point between the check and the change.
    /// - Throws: ``ListDiffError/staleVersion(captured:current:)`` when the
    ///   list has changed since the capture (nothing is changed; recompute
    ///   from ``capture()``); ``ListDiffError/doesNotFit(reason:)`` or
    ///   ``ListDiffError/duplicateIDs(in:duplicates:)`` when the diff does
    ///   not fit the current snapshot or would repeat an ID.
    public mutating func apply(_ diff: SnapshotDiff<ID>, capturedVersion: UInt64) throws(ListDiffError) {
        guard capturedVersion == version else {
            throw .staleVersion(captured: capturedVersion, current: version)
        }
        let updated = try diff.apply(to: ids)
        try requireUniqueIDs(updated, side: .new)
        ids = updated
        version &+= 1
    }

    /// Replaces the snapshot with `newIDs` synchronously, returning the diff
    /// from the previous snapshot (empty changes still count as a change of version).
    ///
    /// - Throws: ``ListDiffError/duplicateIDs(in:duplicates:)`` (side `new`).
    @discardableResult
    public mutating func replace(with newIDs: [ID]) throws(ListDiffError) -> SnapshotDiff<ID> {
        let changes = try diff(from: ids, to: newIDs)
        ids = newIDs
        version &+= 1
        return changes
    }
}

extension VersionedList {
    /// A snapshot together with the version it was taken at.
    public struct Capture: Sendable, Equatable {
        /// The IDs at capture time.
        public var snapshot: [ID]
        /// The list's version at capture time.
        public var version: UInt64

        /// Creates a capture.
        public init(snapshot: [ID], version: UInt64) {
            self.snapshot = snapshot
            self.version = version
        }
    }
}
