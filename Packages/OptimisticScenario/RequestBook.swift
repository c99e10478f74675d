import OptimisticState

/// The requests a store issued along a path, per record, as the explorer
/// and the scenario runner keep them to deliver answers and to judge
/// whether an answer is current without asking the store.
///
/// Per record: the request it holds (the last one it issued in the current
/// session, in flight or settled), the one it gave up before that in the
/// same session (stale), and its last one of an earlier session. Requests
/// are named by the 0-based step that issued them, which is also their
/// order of issue.
public struct RequestBook: Hashable, Sendable {
    /// The kind of a request.
    public enum Kind: Hashable, Sendable {
        /// A write, issued by a tap.
        case write
        /// A re-read, issued by an uncertain answer or a cancel.
        case reread
    }

    /// A request held by a record: the step that issued it and its kind.
    public struct Held: Hashable, Sendable {
        /// The 0-based step that issued it.
        public var step: Int
        /// Write or re-read.
        public var kind: Kind
    }

    /// Per record: the request it holds.
    public private(set) var held: [String: Held] = [:]
    /// Per record: the request it gave up last in the current session.
    public private(set) var stale: [String: Int] = [:]
    /// Per record: its last request of an earlier session.
    public private(set) var earlier: [String: Int] = [:]
    /// Per step: the record its request was issued for, when it issued one.
    public private(set) var issuedFor: [Int: String] = [:]

    /// An empty book.
    public init() {}

    /// Whether `event` answers a request that is not current for its
    /// record in `before`: not the request the record holds, of the other
    /// kind, or for a record not in a phase that awaits it; or, for a
    /// session switch, a session that is not newer.
    public func isStale(_ event: PathEvent, before: StoreObservation<String, ScenarioValue>) -> Bool {
        switch event {
        case .tap, .reorder: return false
        case .switchSession(let session, _): return session <= before.session
        case .answerWrite(let record, let request, _):
            return held[record] != Held(step: request, kind: .write) || before.records[record]?.phase != .saving
        case .answerReread(let record, let request, _):
            return held[record] != Held(step: request, kind: .reread) || before.records[record]?.phase != .needsSync
        case .cancelRequest(let record, let request):
            guard let current = held[record], current.step == request else { return true }
            switch (current.kind, before.records[record]?.phase) {
            case (.write, .saving?), (.reread, .needsSync?): return false
            default: return true
            }
        }
    }

    /// Notes `event` at `step`: a request it issued becomes its record's
    /// held one (the held one going stale); a session switch that changed
    /// the session makes every record's latest request an earlier-session one.
    public mutating func note(
        _ event: PathEvent, step: Int, issued: Bool, sessionChanged: Bool
    ) {
        if sessionChanged {
            var records = Set(held.keys)
            records.formUnion(stale.keys)
            for record in records { earlier[record] = held[record]?.step ?? stale[record] }
            held = [:]
            stale = [:]
            return
        }
        guard issued, let record = event.record else { return }
        if let old = held[record] { stale[record] = old.step }
        held[record] = Held(step: step, kind: event.kind == .tap ? .write : .reread)
        issuedFor[step] = record
    }
}
