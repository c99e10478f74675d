import OptimisticState
import UpdateCheckSupport

/// The event of one scenario step, with tickets named instead of numbered.
///
/// A ticket name is bound by the step that mints the ticket (`as`): a tap
/// names its write, an uncertain answer or a cancel names the new re-read.
/// A step that answers a ticket routes it to the record the ticket was
/// minted for, unless it names another record (a misrouted answer).
public enum ScenarioEvent: Hashable, Sendable {
    /// A tap asking for `value`; `name` binds the write ticket.
    case tap(record: String, value: ScenarioValue, name: String?)
    /// The answer to the write `ticket`; `name` binds the re-read ticket of
    /// an uncertain outcome.
    case finish(ticket: String, record: String?, outcome: Outcome<ScenarioValue>, name: String?)
    /// The request `ticket` was cancelled; `name` binds the new re-read ticket.
    case cancel(ticket: String, record: String?, name: String?)
    /// The answer to the re-read `ticket`.
    case resync(ticket: String, record: String?, value: ScenarioValue)
    /// An account switch to `session`, which loads `records` in order.
    case switchSession(Session, [LoadedRecord<String, ScenarioValue>])
    /// The list was sorted or filtered into this order.
    case reorder([String])

    /// The kind of the event.
    public var kind: EventKind {
        switch self {
        case .tap: .tap
        case .finish: .finish
        case .cancel: .cancel
        case .resync: .resync
        case .switchSession: .switchSession
        case .reorder: .reorder
        }
    }

    /// The ticket name the event answers, if any.
    public var answeredTicket: String? {
        switch self {
        case .finish(let ticket, _, _, _), .cancel(let ticket, _, _), .resync(let ticket, _, _): ticket
        case .tap, .switchSession, .reorder: nil
        }
    }

    /// The ticket name the event binds, if any.
    public var boundName: String? {
        switch self {
        case .tap(_, _, let name), .finish(_, _, _, let name), .cancel(_, _, let name): name
        case .resync, .switchSession, .reorder: nil
        }
    }

    /// The record named explicitly by the event (a tap's record, a routing
    /// override), if any.
    public var namedRecord: String? {
        switch self {
        case .tap(let record, _, _): record
        case .finish(_, let record, _, _), .cancel(_, let record, _), .resync(_, let record, _): record
        case .switchSession, .reorder: nil
        }
    }

    /// A short label for messages: `tap 'post-1'`, `finish 'first'`.
    public var label: String {
        switch self {
        case .tap(let record, _, _): "tap \(quoted: record)"
        case .finish(let ticket, _, _, _), .cancel(let ticket, _, _), .resync(let ticket, _, _):
            "\(kind.rawValue) \(quoted: ticket)"
        case .switchSession(let session, _): "switchSession \(session.rawValue)"
        case .reorder: "reorder"
        }
    }
}
