/// The one error type of UpdateCheckDiff.
///
/// Every case names what is wrong and where: the snapshot side and offsets of
/// duplicate IDs, the two versions of a stale diff, the offset and IDs where a
/// diff does not fit a snapshot, or the exact old/new pair a verification
/// failed on.
public enum ListDiffError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A snapshot holds some IDs more than once; every such ID is listed with
    /// all of its offsets, in order of first occurrence.
    case duplicateIDs(in: SnapshotSide, duplicates: [DuplicateID])
    /// A sectioned snapshot holds some section IDs more than once; each is
    /// listed with all of its section offsets, in order of first occurrence.
    case duplicateSectionIDs(in: SnapshotSide, duplicates: [DuplicateID])
    /// A sectioned snapshot holds some item IDs more than once (in one
    /// section or across sections); each is listed with all of its positions.
    case duplicateItemIDs(in: SnapshotSide, duplicates: [DuplicateItemID])
    /// A diff was computed from a snapshot whose version is no longer current;
    /// recompute it from the current snapshot.
    case staleVersion(captured: UInt64, current: UInt64)
    /// A diff does not fit the snapshot it is applied to (wrong count, an ID
    /// that is not at the offset the diff names, overlapping offsets); the
    /// reason names the offset and IDs.
    case doesNotFit(reason: String)
    /// A verified pair broke one of the checks; names the pair and what mismatched.
    case verificationFailed(VerificationFailure)

    /// A one-paragraph explanation for people.
    public var description: String {
        switch self {
        case .duplicateIDs(let side, let duplicates):
            let noun = duplicates.count == 1 ? "duplicate ID" : "duplicate IDs"
            return "The \(side.rawValue) snapshot has \(duplicates.count) \(noun): "
                + duplicates.map(\.description).joined(separator: "; ") + "."
        case .duplicateSectionIDs(let side, let duplicates):
            let noun = duplicates.count == 1 ? "duplicate section ID" : "duplicate section IDs"
            return "The \(side.rawValue) snapshot has \(duplicates.count) \(noun): "
                + duplicates.map { "\"\($0.id)\" at sections " + $0.offsets.map(String.init).joined(separator: ", ") }
                .joined(separator: "; ") + "."
        case .duplicateItemIDs(let side, let duplicates):
            let noun = duplicates.count == 1 ? "duplicate item ID" : "duplicate item IDs"
            return "The \(side.rawValue) snapshot has \(duplicates.count) \(noun): "
                + duplicates.map(\.description).joined(separator: "; ") + "."
        case .staleVersion(let captured, let current):
            return "The diff was computed from version \(captured), but the list is at version \(current); "
                + "recompute it from the current snapshot."
        case .doesNotFit(let reason):
            return "The diff does not fit the snapshot: \(reason)"
        case .verificationFailed(let failure):
            return failure.description
        }
    }
}

/// An ID that occurs more than once inside one snapshot, with every offset it occurs at.
///
/// Duplicate IDs make row identity ambiguous, so the engine refuses to diff
/// such a snapshot and reports each of them.
public struct DuplicateID: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The ID as text (its `description`).
    public var id: String
    /// Every offset of the ID in its snapshot, ascending (at least two).
    public var offsets: [Int]

    /// Creates a duplicate-ID record.
    public init(id: String, offsets: [Int]) {
        self.id = id
        self.offsets = offsets
    }

    /// `"a" at offsets 0, 2`.
    public var description: String {
        "\"\(id)\" at offsets \(offsets.map(String.init).joined(separator: ", "))"
    }
}
