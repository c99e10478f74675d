import OptimisticState

/// Something that runs event paths on a store and reports what the store
/// shows: a Swift `ExplorableStore` in process (``InProcessStoreDriver``)
/// or a program in any language over the store-program protocol.
///
/// The explorer and the scenario runner only ever talk to a store through
/// a driver. A driver cannot be asked to copy a state; every path starts
/// from a fresh load, so a state is named by the path that reaches it.
/// Paths that share a prefix are sent as one path with several branches,
/// and many paths go in one call, so that a level of the search costs few
/// round trips.
public protocol StoreDriver: Sendable {
    /// A name for messages: the Swift type or the program's command.
    var name: String { get }

    /// Runs every path from a fresh load, in order; one result per path.
    ///
    /// - Throws: ``OptimisticScenarioError/storeFailed(store:message:)`` when
    ///   the store cannot take a value or record of a path, or a program
    ///   fails (crashes, hangs, answers garbage).
    func run(_ paths: [StorePath]) throws(OptimisticScenarioError) -> [StorePathResult]
}

/// One event of a path, with records and values as scenario files write
/// them, and requests named by the step of the path that issued them.
public enum PathEvent: Hashable, Sendable {
    /// A tap asking for `value`.
    case tap(record: String, value: ScenarioValue)
    /// The answer to the write issued by step `request` (0-based), delivered to `record`.
    case answerWrite(record: String, request: Int, outcome: Outcome<ScenarioValue>)
    /// The request issued by step `request` was cancelled.
    case cancelRequest(record: String, request: Int)
    /// The answer to the re-read issued by step `request`.
    case answerReread(record: String, request: Int, value: ScenarioValue)
    /// An account switch to `session`, loading the records in order.
    case switchSession(Session, [LoadedRecord<String, ScenarioValue>])
    /// The list was sorted or filtered into this order.
    case reorder([String])

    /// The kind of the event.
    public var kind: EventKind {
        switch self {
        case .tap: .tap
        case .answerWrite: .finish
        case .cancelRequest: .cancel
        case .answerReread: .resync
        case .switchSession: .switchSession
        case .reorder: .reorder
        }
    }

    /// The record the event addresses, if any.
    public var record: String? {
        switch self {
        case .tap(let record, _), .answerWrite(let record, _, _), .cancelRequest(let record, _),
            .answerReread(let record, _, _):
            record
        case .switchSession, .reorder: nil
        }
    }

    /// The step whose request the event answers, if any.
    public var request: Int? {
        switch self {
        case .answerWrite(_, let request, _), .cancelRequest(_, let request), .answerReread(_, let request, _):
            request
        case .tap, .switchSession, .reorder: nil
        }
    }

    /// Whether the event carries a server value for its record.
    public var carriesServerValue: Bool {
        switch self {
        case .answerWrite(_, _, .confirmed), .answerWrite(_, _, .conflict), .answerReread: true
        default: false
        }
    }
}

/// A path to run on a fresh store: the load, the events, then branches:
/// events each tried on its own from the state after the last event.
///
/// An event answering a request that its step did not issue is skipped:
/// it changes nothing and issues nothing.
public struct StorePath: Hashable, Sendable {
    /// The session the store loads first.
    public var session: Session
    /// The records it loads, in list order.
    public var records: [LoadedRecord<String, ScenarioValue>]
    /// The events, in order.
    public var events: [PathEvent]
    /// Events each applied alone to the state after ``events``.
    public var branches: [PathEvent]
    /// Whether the result holds the observation after the load and after
    /// every event (a scenario run), or only after the last (the explorer).
    public var reportsEveryStep: Bool

    /// Creates a path.
    public init(
        session: Session, records: [LoadedRecord<String, ScenarioValue>], events: [PathEvent],
        branches: [PathEvent] = [], reportsEveryStep: Bool = false
    ) {
        self.session = session
        self.records = records
        self.events = events
        self.branches = branches
        self.reportsEveryStep = reportsEveryStep
    }
}

/// What a store showed after one event, and whether it issued a request.
public struct ObservedStep: Hashable, Sendable {
    /// The observation after the event.
    public var observation: StoreObservation<String, ScenarioValue>
    /// Whether the event returned a request token.
    public var issuedRequest: Bool

    /// Creates an observed step.
    public init(_ observation: StoreObservation<String, ScenarioValue>, issuedRequest: Bool) {
        self.observation = observation
        self.issuedRequest = issuedRequest
    }
}

/// The result of one ``StorePath``.
public struct StorePathResult: Hashable, Sendable {
    /// With ``StorePath/reportsEveryStep``: the observation after the load,
    /// then after each event. Otherwise one step: after the last event (or
    /// the load).
    public var steps: [ObservedStep]
    /// One step per branch.
    public var branches: [ObservedStep]

    /// Creates a result.
    public init(steps: [ObservedStep], branches: [ObservedStep]) {
        self.steps = steps
        self.branches = branches
    }
}
