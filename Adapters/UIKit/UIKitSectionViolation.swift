import BatchUpdate

/// The section rules of a UIKit batch update on a sectioned collection or
/// table view, each with the message UIKit raises
/// (`NSInternalInconsistencyException`) or, where UIKit corrupts its state
/// instead of raising, a message naming the rule.
///
/// The rules of item calls alone (paths in range, no two calls of a kind
/// on one path, no conflicting calls, item counts) are the same on one
/// section as on many, and are ``UIKitBatchError``'s own cases.
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
        case .itemInDeletedSection(let action, let path):
            return "attempt to \(action) index path (\(UIKitBatchError.text(path))) in section \(path.section), "
                + "which is being deleted"
        case .moveOutOfDeletedSection(let from, let to):
            return
                "attempt to move index path (\(UIKitBatchError.text(from))) to index path (\(UIKitBatchError.text(to))): "
                + "cannot move an item from a deleted section (\(from.section))"
        case .moveIntoInsertedSection(let from, let to):
            return
                "attempt to move index path (\(UIKitBatchError.text(from))) to index path (\(UIKitBatchError.text(to))): "
                + "cannot move an item into a newly inserted section (\(to.section))"
        case .insertIntoInsertedSection(let path):
            return "attempt to insert index path (\(UIKitBatchError.text(path))) into section \(path.section), "
                + "which is being inserted with its items"
        case .itemChangeInMovedSection(let action, let path, let section):
            return
                "attempt to \(action) index path (\(UIKitBatchError.text(path))) in section \(section), which is moved in "
                + "the same batch: a section move with item changes corrupts the view's state"
        case .itemChangeInReloadedSection(let action, let path, let section):
            return "attempt to \(action) index path (\(UIKitBatchError.text(path))) in section \(section), "
                + "which is being reloaded in the same batch"
        case .invalidSectionCount(let before, let after, let inserted, let deleted):
            return "Invalid update: invalid number of sections. The number of sections contained in the "
                + "collection view after the update (\(after)) must be equal to the number of sections contained "
                + "in the collection view before the update (\(before)), plus or minus the number of sections "
                + "inserted or deleted (\(inserted) inserted, \(deleted) deleted)."
        }
    }
}
