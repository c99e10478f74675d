import UpdateCheckDiff

/// What happens to every section and item when a sectioned list goes from
/// `old` to `new`: the verified `SectionedDiff` plus the kept items and kept
/// sections whose content changed.
///
/// Section operations use section offsets; item operations use index paths
/// (``ItemPath``): deletions and move sources before the update, insertions
/// and move destinations after it. A flat list is the one-section case of
/// the shapes, kept as ``UpdatePlan`` (see ``ListPlan``).
public struct SectionedUpdatePlan<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Sendable, Equatable {
    /// A snapshot of a sectioned list.
    public typealias Snapshot = SectionedSnapshot<SectionID, ItemID>
    /// What a model shows: its sections.
    public typealias Displayed = [DisplayedSection<SectionID, ItemID>]

    /// The snapshot before the update.
    public let old: SectionedSnapshot<SectionID, ItemID>
    /// The snapshot after the update.
    public let new: SectionedSnapshot<SectionID, ItemID>
    /// The verified diff from `old` to `new`.
    public let diff: SectionedDiff<SectionID, ItemID>
    /// Kept items whose content changed.
    public let changedItems: Set<ItemID>
    /// Kept sections whose own content (header, footer) changed.
    public let changedSections: Set<SectionID>

    /// Diffs and verifies the pair, and checks that every changed item and
    /// section is kept.
    ///
    /// - Throws: ``BatchUpdateError/invalidSnapshots(_:)`` for duplicate IDs
    ///   or a failed verification, ``BatchUpdateError/changedIDNotKept(id:)``
    ///   for a changed item or section missing from either snapshot.
    /// - Complexity: O(*n* log *n*) for the verification's independent runs.
    ///   Inlinable, so that the diff and its verification are specialised
    ///   for the caller's IDs.
    @inlinable
    public init(
        old: SectionedSnapshot<SectionID, ItemID>, new: SectionedSnapshot<SectionID, ItemID>,
        changedItems: Set<ItemID> = [], changedSections: Set<SectionID> = []
    ) throws(BatchUpdateError) {
        let diff: SectionedDiff<SectionID, ItemID>
        do {
            diff = try verifiedDiff(from: old, to: new)
        } catch {
            throw .invalidSnapshots(error)
        }
        let oldItems = Set(old.sections.flatMap { $0.items })
        let newItems = Set(new.sections.flatMap { $0.items })
        if let stray = changedItems.first(where: { !oldItems.contains($0) || !newItems.contains($0) }) {
            throw .changedIDNotKept(id: "\(stray)")
        }
        let oldSections = Set(old.sectionIDs)
        let newSections = Set(new.sectionIDs)
        if let stray = changedSections.first(where: { !oldSections.contains($0) || !newSections.contains($0) }) {
            throw .changedIDNotKept(id: "\(stray)")
        }
        self.init(
            old: old, new: new, verified: diff, changedItems: changedItems, changedSections: changedSections)
    }

    /// A plan over a diff already verified from `old` to `new`, whose
    /// changed items and sections are kept in both: the conformance kit's
    /// cases of one pair share one verification.
    @inlinable
    init(
        old: SectionedSnapshot<SectionID, ItemID>, new: SectionedSnapshot<SectionID, ItemID>,
        verified diff: SectionedDiff<SectionID, ItemID>, changedItems: Set<ItemID>, changedSections: Set<SectionID>
    ) {
        self.old = old
        self.new = new
        self.diff = diff
        self.changedItems = changedItems
        self.changedSections = changedSections
    }

    /// Whether nothing changes, in structure or content.
    @inlinable
    public var isEmpty: Bool { diff.isEmpty && changedItems.isEmpty && changedSections.isEmpty }

    /// The kept items the diff moves (to another section, or within their own).
    @inlinable
    public var movedItems: Set<ItemID> { Set(diff.itemMoves.map { $0.id }) }

    /// The path of `position`, in UIKit's terms.
    @inlinable
    public static func path(_ position: ItemPosition) -> ItemPath {
        ItemPath(section: position.section, item: position.item)
    }
}
