/// The exceptions a diffable data source raises for an invalid snapshot,
/// worded as UIKit words them.
public enum DiffableDataSourceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The snapshot holds some identifiers more than once (listed in order of first repeat).
    case duplicateIdentifiers([String])
    /// An identifier to reconfigure is not in the snapshot.
    case reconfigureUnknownItem(String)
    /// An identifier to reload is not in the snapshot.
    case reloadUnknownItem(String)

    /// The message, as UIKit words it.
    public var description: String {
        switch self {
        case .duplicateIdentifiers(let ids):
            "Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(\(ids.joined(separator: ", ")))}"
        case .reconfigureUnknownItem(let id):
            "Attempted to reconfigure item identifier that does not exist in the snapshot: \(id)"
        case .reloadUnknownItem(let id):
            "Attempted to reload item identifier that does not exist in the snapshot: \(id)"
        }
    }
}
