import OptimisticState
import UpdateCheckSupport

/// Drives a Swift `ExplorableStore` in process: each path from a fresh
/// `init(session:loading:)`, each branch on a copy of the state after the
/// path's events (replayed again for a store that is a class).
///
/// Record names become the store's IDs with `RecordID(name)`, values with
/// ``ScenarioValueConvertible``.
public struct InProcessStoreDriver<Store: ExplorableStore>: StoreDriver
where Store.RecordID: LosslessStringConvertible, Store.Value: ScenarioValueConvertible {
    /// The store type's name.
    public let name: String

    /// A driver for `Store`.
    public init(_ store: Store.Type = Store.self) { name = String(describing: Store.self) }

    /// Runs every path; see ``StoreDriver/run(_:)``.
    ///
    /// - Complexity: O(e + b · c) per path for e events, b branches and c
    ///   the cost of copying the store (O(b · e) for a class).
    public func run(_ paths: [StorePath]) throws(OptimisticScenarioError) -> [StorePathResult] {
        var results: [StorePathResult] = []
        results.reserveCapacity(paths.count)
        for path in paths { results.append(try run(path)) }
        return results
    }

    /// A store's run along one path: the store, its tokens by step, the
    /// IDs of the records loaded last.
    struct Replay {
        var store: Store
        var tokens: [Store.Request?] = []
        var ids: [Store.RecordID]
        var names: [String]
    }

    func run(_ path: StorePath) throws(OptimisticScenarioError) -> StorePathResult {
        var replay = try start(path)
        var steps: [ObservedStep] = []
        if path.reportsEveryStep { steps.append(ObservedStep(observe(replay), issuedRequest: false)) }
        var issued = false
        for event in path.events {
            issued = try apply(event, to: &replay)
            if path.reportsEveryStep { steps.append(ObservedStep(observe(replay), issuedRequest: issued)) }
        }
        if !path.reportsEveryStep { steps.append(ObservedStep(observe(replay), issuedRequest: issued)) }
        var branches: [ObservedStep] = []
        branches.reserveCapacity(path.branches.count)
        let copies = !(Store.self is AnyObject.Type)
        for branch in path.branches {
            var trial = copies ? replay : try replayed(path)
            let issued = try apply(branch, to: &trial)
            branches.append(ObservedStep(observe(trial), issuedRequest: issued))
        }
        return StorePathResult(steps: steps, branches: branches)
    }

    func start(_ path: StorePath) throws(OptimisticScenarioError) -> Replay {
        let loaded = try records(path.records)
        return Replay(
            store: Store(session: path.session, loading: loaded), ids: loaded.map(\.id),
            names: path.records.map(\.id))
    }

    func replayed(_ path: StorePath) throws(OptimisticScenarioError) -> Replay {
        var replay = try start(path)
        for event in path.events { _ = try apply(event, to: &replay) }
        return replay
    }

    func id(_ name: String) throws(OptimisticScenarioError) -> Store.RecordID {
        guard let id = Store.RecordID(name) else {
            throw .storeFailed(
                store: self.name, message: "its record ID type cannot hold the record name \(quoted: name)")
        }
        return id
    }

    func value(_ value: ScenarioValue) throws(OptimisticScenarioError) -> Store.Value {
        guard let converted = Store.Value(scenarioValue: value) else {
            throw .storeFailed(store: name, message: "its value type cannot hold the value \(value)")
        }
        return converted
    }

    func records(
        _ loaded: [LoadedRecord<String, ScenarioValue>]
    ) throws(OptimisticScenarioError) -> [LoadedRecord<Store.RecordID, Store.Value>] {
        var records: [LoadedRecord<Store.RecordID, Store.Value>] = []
        records.reserveCapacity(loaded.count)
        for record in loaded { records.append(LoadedRecord(try id(record.id), try value(record.value))) }
        return records
    }

    func outcome(_ outcome: Outcome<ScenarioValue>) throws(OptimisticScenarioError) -> Outcome<Store.Value> {
        switch outcome {
        case .confirmed(let server): .confirmed(try value(server))
        case .conflict(let server): .conflict(try value(server))
        case .rejected: .rejected
        case .uncertain: .uncertain
        }
    }

    /// Applies `event`; whether the store returned a request token.
    func apply(_ event: PathEvent, to replay: inout Replay) throws(OptimisticScenarioError) -> Bool {
        func token(_ step: Int) -> Store.Request? {
            step >= 0 && step < replay.tokens.count ? replay.tokens[step] : nil
        }
        var issued: Store.Request?
        switch event {
        case .tap(let record, let desired):
            issued = replay.store.tap(try id(record), to: try value(desired))
        case .answerWrite(let record, let step, let answer):
            if let request = token(step) {
                issued = replay.store.answerWrite(request, of: try id(record), with: try outcome(answer))
            }
        case .cancelRequest(let record, let step):
            if let request = token(step) { issued = replay.store.cancelRequest(request, of: try id(record)) }
        case .answerReread(let record, let step, let server):
            if let request = token(step) {
                replay.store.answerReread(request, of: try id(record), with: try value(server))
            }
        case .switchSession(let session, let loaded):
            let converted = try records(loaded)
            let previous = replay.store.session
            replay.store.switchSession(to: session, loading: converted)
            if session > previous, replay.store.session == session {
                replay.ids = converted.map(\.id)
                replay.names = loaded.map(\.id)
            }
        case .reorder(let order):
            var ids: [Store.RecordID] = []
            for name in order { ids.append(try id(name)) }
            replay.store.reorder(to: ids)
        }
        replay.tokens.append(issued)
        return issued != nil
    }

    /// What the store shows of the records loaded last, with record names and scenario values.
    func observe(_ replay: Replay) -> StoreObservation<String, ScenarioValue> {
        var records: [String: ObservedRecord<ScenarioValue>] = [:]
        records.reserveCapacity(replay.ids.count)
        var nameOf: [Store.RecordID: String] = [:]
        for (offset, id) in replay.ids.enumerated() {
            nameOf[id] = replay.names[offset]
            if let state = replay.store.state(of: id) {
                records[replay.names[offset]] = ObservedRecord(
                    confirmed: state.confirmed.scenarioValue, visible: state.visible.scenarioValue, phase: state.phase)
            }
        }
        let hidden = replay.store.hiddenState
        return StoreObservation(
            session: replay.store.session,
            order: replay.store.displayOrder.map { nameOf[$0] ?? String(describing: $0) },
            records: records, hidden: hidden is NoHiddenState ? "" : String(describing: hidden))
    }
}
