import BatchUpdate

/// The section rules of a UIKit batch update on a sectioned collection or
/// table view, each with the message UIKit raises
/// (`NSInternalInconsistencyException`) or, where UIKit corrupts its state
/// instead of raising, a message naming the rule.
///
/// Sections print as offsets, index paths as UIKit prints them,
/// `{length = 2, path = 0 - 1}`.
public enum UIKitSectionViolation: Sendable, Hashable, CustomStringConvertible {
    /// A section delete, reload or move source past the sections before the update.
    case sectionOutOfRange(action: String, section: Int, count: Int)
    /// A section insert or move destination past the sections after the update.
    case sectionOutOfRangeAfter(action: String, section: Int, count: Int)
    /// One section named twice by the same kind of call.
    case duplicateSection(action: String, section: Int)
    /// Two calls that cannot both name one section (delete+reload,
    /// delete+move, reload+move before the update; insert+move after it).
    case sectionConflict(first: String, second: String, section: Int)
    /// An item path names an item past the end of its section.
    case itemOutOfRange(action: String, path: ItemPath, count: Int, afterUpdate: Bool)
    /// One item path named twice by the same kind of call.
    case duplicateItem(action: String, path: ItemPath)
    /// Two calls that cannot both name one item path.
    case itemConflict(first: String, second: String, path: ItemPath)
    /// An item delete, reload or reconfigure in a section that is deleted:
    /// its items go with it.
    case itemInDeletedSection(action: String, path: ItemPath)
    /// A move whose source is in a deleted section.
    case moveOutOfDeletedSection(from: ItemPath, to: ItemPath)
    /// A move whose destination is in an inserted section.
    case moveIntoInsertedSection(from: ItemPath, to: ItemPath)
    /// An item insert into an inserted section: its items arrive with it.
    case insertIntoInsertedSection(ItemPath)
    /// An item call on a section that is moved in the same batch (the
    /// combination that corrupts UIKit's state, e.g. an insert into a moved section).
    case itemChangeInMovedSection(action: String, path: ItemPath, section: Int)
    /// An item call on a section that is reloaded in the same batch (for
    /// example an item moved into it).
    case itemChangeInReloadedSection(action: String, path: ItemPath, section: Int)
    /// The section count after the update is not the count before, minus
    /// deleted, plus inserted sections.
    case invalidSectionCount(before: Int, after: Int, inserted: Int, deleted: Int)
    /// A kept section's item count after the update is not its count before,
    /// plus inserted, minus deleted, plus moved in, minus moved out.
    case invalidItemCount(
        section: Int, before: Int, after: Int, inserted: Int, deleted: Int, movedIn: Int, movedOut: Int)

    /// The message, as UIKit words it where it raises.
    public var description: String {
        switch self {
        case .sectionOutOfRange(let action, let section, let count):
            return "attempt to \(action) section \(section), but there are only \(count) sections before the update"
        case .sectionOutOfRangeAfter(let action, let section, let count):
            return "attempt to \(action) section \(section), but there are only \(count) sections after the update"
        case .duplicateSection(let action, let section):
            return "attempt to perform two \(action)s of the same section (\(section))"
        case .sectionConflict(let first, let second, let section):
            return "attempt to perform a \(first) and a \(second) of the same section (\(section))"
        case .itemOutOfRange(let action, let path, let count, let afterUpdate):
            return "attempt to \(action) item \(path.item) in section \(path.section) which only contains \(count) "
                + "items \(afterUpdate ? "after" : "before") the update"
        case .duplicateItem(let action, let path):
            return "attempt to perform two \(action)s of the same index path (\(Self.text(path)))"
        case .itemConflict(let first, let second, let path):
            return "attempt to perform a \(first) and a \(second) of the same index path (\(Self.text(path)))"
        case .itemInDeletedSection(let action, let path):
            return "attempt to \(action) index path (\(Self.text(path))) in section \(path.section), "
                + "which is being deleted"
        case .moveOutOfDeletedSection(let from, let to):
            return "attempt to move index path (\(Self.text(from))) to index path (\(Self.text(to))): "
                + "cannot move an item from a deleted section (\(from.section))"
        case .moveIntoInsertedSection(let from, let to):
            return "attempt to move index path (\(Self.text(from))) to index path (\(Self.text(to))): "
                + "cannot move an item into a newly inserted section (\(to.section))"
        case .insertIntoInsertedSection(let path):
            return "attempt to insert index path (\(Self.text(path))) into section \(path.section), "
                + "which is being inserted with its items"
        case .itemChangeInMovedSection(let action, let path, let section):
            return "attempt to \(action) index path (\(Self.text(path))) in section \(section), which is moved in "
                + "the same batch: a section move with item changes corrupts the view's state"
        case .itemChangeInReloadedSection(let action, let path, let section):
            return "attempt to \(action) index path (\(Self.text(path))) in section \(section), "
                + "which is being reloaded in the same batch"
        case .invalidSectionCount(let before, let after, let inserted, let deleted):
            return "Invalid update: invalid number of sections. The number of sections contained in the "
                + "collection view after the update (\(after)) must be equal to the number of sections contained "
                + "in the collection view before the update (\(before)), plus or minus the number of sections "
                + "inserted or deleted (\(inserted) inserted, \(deleted) deleted)."
        case .invalidItemCount(let section, let before, let after, let inserted, let deleted, let movedIn, let movedOut):
            return "Invalid update: invalid number of items in section \(section). The number of items contained "
                + "in an existing section after the update (\(after)) must be equal to the number of items "
                + "contained in that section before the update (\(before)), plus or minus the number of items "
                + "inserted or deleted from that section (\(inserted) inserted, \(deleted) deleted) and plus or "
                + "minus the number of items moved into or out of that section (\(movedIn) moved in, "
                + "\(movedOut) moved out)."
        }
    }

    /// `{length = 2, path = 0 - 1}`, the way UIKit prints an `NSIndexPath`.
    static func text(_ path: ItemPath) -> String { "{length = 2, path = \(path.section) - \(path.item)}" }
}
