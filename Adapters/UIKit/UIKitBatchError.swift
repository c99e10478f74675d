import BatchUpdate

/// The exceptions UIKit raises for an invalid batch update
/// (`NSInternalInconsistencyException`), worded as UIKit words them.
///
/// The item cases are the same for ``UIKitBatchModel`` and
/// ``UIKitSectionedModel``: on one section both raise the same error for
/// every batch. The section rules of sectioned batches are
/// ``UIKitSectionViolation``s. Index paths print as UIKit prints them,
/// `{length = 2, path = 0 - 1}`.
public enum UIKitBatchError: Error, Sendable, Hashable, CustomStringConvertible {
    /// An item path names a section past the `sectionCount` sections before
    /// or after the update.
    case sectionOutOfRange(ItemPath, action: String, sectionCount: Int, afterUpdate: Bool)
    /// A delete names an item past the end of its section before the update.
    case deleteOutOfRange(ItemPath, count: Int)
    /// A reload names an item past the end of the section before the update.
    case reloadOutOfRange(ItemPath, count: Int)
    /// A reconfigure names an item past the end of the section before the update.
    case reconfigureOutOfRange(ItemPath, count: Int)
    /// An insert names an item past the end of the section after the update.
    case insertOutOfRange(ItemPath, count: Int)
    /// A move starts at an item past the end of the section before the update.
    case moveSourceOutOfRange(ItemPath, count: Int)
    /// A move ends at an item past the end of the section after the update.
    case moveDestinationOutOfRange(from: ItemPath, to: ItemPath, count: Int)
    /// The same path is deleted twice.
    case duplicateDelete(ItemPath)
    /// The same path is inserted twice.
    case duplicateInsert(ItemPath)
    /// The same path is deleted and reloaded.
    case deleteAndReload(ItemPath)
    /// The same path is deleted and reconfigured.
    case deleteAndReconfigure(ItemPath)
    /// The same path is deleted and is the source of a move.
    case deleteAndMove(ItemPath)
    /// The same path is reloaded and is the source of a move (UIKit reports
    /// it as a delete and a move, a reload being a delete plus an insert).
    case reloadAndMove(ItemPath)
    /// The same path is reconfigured and is the source of a move.
    case reconfigureAndMove(ItemPath)
    /// The same path is inserted and is the destination of a move.
    case insertAndMove(ItemPath)
    /// Two moves start at the same path.
    case twoMovesFrom(ItemPath)
    /// Two moves end at the same path.
    case twoMovesTo(ItemPath)
    /// The insert half of a reload lands on the destination of a move: the
    /// reloaded item's position after the update is its old position
    /// shifted by the batch's deletes and inserts, and a move ends there.
    case reloadInsertHitsMove(reloaded: ItemPath, at: ItemPath)
    /// A kept section's item count after the update is not its count
    /// before, plus inserted, minus deleted, plus moved in, minus moved out
    /// (items moved from or to another section).
    case invalidItemCount(
        section: Int, before: Int, after: Int, inserted: Int, deleted: Int, movedIn: Int, movedOut: Int)
    /// A sectioned batch broke one of UIKit's section rules (see ``UIKitSectionViolation``).
    case sections(UIKitSectionViolation)

    /// The message, as UIKit words it.
    public var description: String {
        switch self {
        case .sectionOutOfRange(let path, let action, let sectionCount, let afterUpdate):
            let preposition = action == "insert" ? "into" : "from"
            return "attempt to \(action) item \(path.item) \(preposition) section \(path.section), but there are only "
                + "\(sectionCount) sections \(afterUpdate ? "after" : "before") the update"
        case .deleteOutOfRange(let path, let count):
            return "attempt to delete item \(path.item) from section \(path.section) which only contains \(count) "
                + "items before the update"
        case .reloadOutOfRange(let path, let count):
            return "attempt to reload item \(path.item) from section \(path.section) which only contains \(count) "
                + "items before the update"
        case .reconfigureOutOfRange(let path, let count):
            return "attempt to reconfigure item \(path.item) from section \(path.section) which only contains "
                + "\(count) items before the update"
        case .insertOutOfRange(let path, let count):
            return "attempt to insert item \(path.item) into section \(path.section), but there are only \(count) "
                + "items in section \(path.section) after the update"
        case .moveSourceOutOfRange(let path, let count):
            return "attempt to move index path (\(Self.text(path))) that does not exist - there are only \(count) "
                + "items in section \(path.section) before the update"
        case .moveDestinationOutOfRange(let from, let to, let count):
            return "attempt to move index path (\(Self.text(from))) to index path (\(Self.text(to))) that does not "
                + "exist - there are only \(count) items in section \(to.section) after the update"
        case .duplicateDelete(let path):
            return "attempt to perform two deletes of the same index path (\(Self.text(path)))"
        case .duplicateInsert(let path):
            return "attempt to perform two inserts at the same index path (\(Self.text(path)))"
        case .deleteAndReload(let path):
            return "attempt to delete and reload the same index path (\(Self.text(path)))"
        case .deleteAndReconfigure(let path):
            return "attempt to delete and reconfigure the same index path (\(Self.text(path)))"
        case .deleteAndMove(let path):
            return "attempt to perform a delete and a move from the same index path (\(Self.text(path)))"
        case .reloadAndMove(let path):
            return "attempt to perform a delete and a move from the same index path (\(Self.text(path))) "
                + "(the path is reloaded, and a reload is a delete plus an insert)"
        case .reconfigureAndMove(let path):
            return "attempt to reconfigure and move the same index path (\(Self.text(path)))"
        case .insertAndMove(let path):
            return "attempt to perform an insert and a move to the same index path (\(Self.text(path)))"
        case .twoMovesFrom(let path):
            return "attempt to perform two moves from the same index path (\(Self.text(path)))"
        case .twoMovesTo(let path):
            return "attempt to perform two moves to the same index path (\(Self.text(path)))"
        case .reloadInsertHitsMove(let reloaded, let at):
            return "attempt to perform an insert and a move to the same index path (\(Self.text(at))) "
                + "(the insert is the second half of reloading \(Self.text(reloaded)))"
        case .invalidItemCount(let section, let before, let after, let inserted, let deleted, let movedIn, let movedOut):
            return "Invalid update: invalid number of items in section \(section). The number of items contained "
                + "in an existing section after the update (\(after)) must be equal to the number of items "
                + "contained in that section before the update (\(before)), plus or minus the number of items "
                + "inserted or deleted from that section (\(inserted) inserted, \(deleted) deleted) and plus or "
                + "minus the number of items moved into or out of that section (\(movedIn) moved in, "
                + "\(movedOut) moved out)."
        case .sections(let violation):
            return violation.description
        }
    }

    /// `{length = 2, path = 0 - 1}`, the way UIKit prints an `NSIndexPath`.
    static func text(_ path: ItemPath) -> String { "{length = 2, path = \(path.section) - \(path.item)}" }
}
