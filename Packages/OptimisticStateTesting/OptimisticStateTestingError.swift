import OptimisticState

/// The one error type of OptimisticStateTesting: a test asked the scripted
/// network or the harness for something that is not there.
public enum OptimisticStateTestingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No request with this number was sent.
    case unknownRequest(Int)
    /// The request with this number was answered already.
    case alreadyAnswered(Int)
    /// The record has no unanswered request of this kind.
    case noPendingRequest(record: String, kind: ScriptedRequestKind)
    /// The controller's tasks did not all come to rest (ended, or waiting on
    /// the scripted network or the test clock) within this many yields: a
    /// closure waits on something the test does not control.
    case didNotSettle(yields: Int)

    /// A sentence naming the problem.
    public var description: String {
        switch self {
        case .unknownRequest(let id): "no request #\(id) was sent"
        case .alreadyAnswered(let id): "request #\(id) was answered already"
        case .noPendingRequest(let record, let kind): "record '\(record)' has no unanswered \(kind) request"
        case .didNotSettle(let yields):
            "the controller's tasks did not come to rest within \(yields) yields: a write or read closure waits on"
                + " something other than the scripted network or the test clock"
        }
    }
}
