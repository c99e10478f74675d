import UpdateCheckDiff

/// The one error type of BatchUpdate: an update plan that cannot be built,
/// or a recorded call that cannot be replayed on a model.
///
/// Every case names what is wrong and where (the snapshot, the offset, the ID).
public enum BatchUpdateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The snapshots cannot be diffed (for example an ID occurs twice).
    case invalidSnapshots(ListDiffError)
    /// The diff does not belong to the two snapshots it was given with; the
    /// reason names the offset and the IDs that disagree.
    case diffDoesNotFit(reason: String)
    /// An ID was marked as content-changed but is not present in both
    /// snapshots (an inserted or deleted item has no old content to refresh).
    case changedIDNotKept(id: String)
    /// A call record does not describe a call of the model it is replayed on
    /// (unknown method, missing or extra argument, a value of the wrong kind
    /// or an ID that is not in the case).
    case invalidCall(method: String, reason: String)

    /// A one-line explanation for people.
    public var description: String {
        switch self {
        case .invalidSnapshots(let error):
            return error.description
        case .diffDoesNotFit(let reason):
            return "The diff does not belong to these snapshots: \(reason)"
        case .changedIDNotKept(let id):
            return "The ID \"\(id)\" is marked as content-changed but is not present in both snapshots."
        case .invalidCall(let method, let reason):
            return "The call \"\(method)\" cannot be replayed: \(reason)"
        }
    }
}
