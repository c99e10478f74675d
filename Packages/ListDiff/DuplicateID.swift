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
