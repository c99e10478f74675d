/// The exceptions a diffable data source and its snapshot raise for an
/// invalid snapshot or edit, worded as UIKit words them (an unknown
/// identifier's assertion is followed by the identifier).
public enum DiffableDataSourceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The snapshot holds some identifiers more than once (listed in order of first repeat).
    case duplicateIdentifiers([String])
    /// An identifier to reconfigure is not in the snapshot.
    case reconfigureUnknownItem(String)
    /// An identifier to reload is not in the snapshot.
    case reloadUnknownItem(String)
    /// Items were appended to a snapshot that has no section.
    case noSections
    /// One list of section identifiers names some of them more than once.
    case duplicateSectionIdentifiers([String])
    /// Sections were appended or inserted that the snapshot already holds.
    case sectionsAlreadyExist([String])
    /// An edit names a section the snapshot does not hold; `condition` is
    /// the assertion UIKit reports (`section != NSNotFound`).
    case unknownSection(String, condition: String)
    /// An edit names an item the snapshot does not hold; `condition` is the
    /// assertion UIKit reports (`fromIndex != NSNotFound`).
    case unknownItem(String, condition: String)
    /// A section to reload is not in the snapshot.
    case reloadUnknownSection(String)
    /// A section or item is moved before or after itself.
    case moveOntoItself(String, isSection: Bool)
    /// Sections or items are inserted before or after one of themselves.
    case anchorIsInserted(String, isSection: Bool)

    /// The message, as UIKit words it.
    public var description: String {
        switch self {
        case .duplicateIdentifiers(let ids):
            "Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(\(ids.joined(separator: ", ")))}"
        case .reconfigureUnknownItem(let id):
            "Attempted to reconfigure item identifier that does not exist in the snapshot: \(id)"
        case .reloadUnknownItem(let id):
            "Attempted to reload item identifier that does not exist in the snapshot: \(id)"
        case .noSections:
            "There are currently no sections in the data source. Please add a section first."
        case .duplicateSectionIdentifiers(let ids):
            "Fatal: supplied section identifiers are not unique. Duplicate identifiers: "
                + "{(\(ids.joined(separator: ", ")))}"
        case .sectionsAlreadyExist(let ids):
            ids.count == 1
                ? "Diffable data source detected an attempt to insert or append 1 section identifier that already "
                    + "exists in the snapshot. Identifiers in a snapshot must be unique. Section identifier that "
                    + "already exists: \(ids[0])"
                : "Diffable data source detected an attempt to insert or append \(ids.count) section identifiers "
                    + "that already exist in the snapshot. Identifiers in a snapshot must be unique. Section "
                    + "identifiers that already exist: \(ids.joined(separator: ", "))"
        case .unknownSection(let id, let condition):
            "Invalid parameter not satisfying: \(condition) (section identifier \(id) is not in the snapshot)"
        case .unknownItem(let id, let condition):
            "Invalid parameter not satisfying: \(condition) (item identifier \(id) is not in the snapshot)"
        case .reloadUnknownSection(let id):
            "Attempted to reload section identifier that does not exist in the snapshot: \(id)"
        case .moveOntoItself(let id, let isSection):
            "Invalid update: destination for \(isSection ? "section" : "item") move is the same as the source [\(id)]."
        case .anchorIsInserted(let id, let isSection):
            isSection
                ? "Invalid update: destination for section operation [\(id)] is in the inserted section list."
                : "Invalid update: destination for insertion operation [\(id)] is in the insertion identifier list."
        }
    }
}
