import OptimisticScenario
import OptimisticState

/// Explores a team's own store, in Swift (`ExplorableStore`) or behind
/// any `StoreDriver` (a program in any language), with the same search as
/// ``Explorer`` runs over `OptimisticStore`: every event in every
/// reachable state, the seven invariants by name, invariant 6 also against
/// the list loaded in the reverse order, and the shortest counterexample to
/// each broken invariant as a scenario that replays against the same store.
///
/// The explorer sees only what the store shows (see `ExplorableStore` for
/// when two states count as the same). With ``refinement`` on, it also runs
/// every path on `OptimisticStore` and reports the first place where the
/// store shows something else (``ExplorationReport/divergence``). Refinement
/// fits a team that adopts UpdateCheck's semantics; a team whose rules
/// differ on purpose (one that keeps the tapped value on a conflict, say)
/// leaves it off and relies on the invariants alone.
///
/// Folding renamings of values (``ExplorerSymmetry/values``, on by default)
/// assumes the store treats every value alike, as a favourite flag or a
/// rating does; a store with a special value (one that only ever writes
/// `true`, say) is explored with `symmetry: .records` or `[]`. Folding
/// records rests on invariant 6, which the search checks: when it breaks,
/// the search is repeated without folding records.
///
/// ```swift
/// let explorer = try StoreExplorer(ExplorerConfiguration(records: 2, values: 2))
/// let report = try explorer.run(FavouritesModel.self)
/// report.passed
/// report.counterexample?.scenarioFile   // replays with ScenarioRunner.run(_:on:)
/// ```
public struct StoreExplorer: Sendable {
    /// What is explored.
    public let configuration: ExplorerConfiguration
    /// Whether the store must show what `OptimisticStore` shows after
    /// every event (off by default).
    public var refinement: Bool

    /// Creates an explorer.
    ///
    /// - Throws: ``StateExplorerError/unsupportedConfiguration(setting:value:accepted:)``
    ///   for a configuration out of range.
    public init(_ configuration: ExplorerConfiguration = ExplorerConfiguration(), refinement: Bool = false)
        throws(StateExplorerError)
    {
        try configuration.validate()
        self.configuration = configuration
        self.refinement = refinement
    }

    /// Whether `store`'s values can hold every value `configuration`
    /// explores (`false` and `true` for two values, `0`, `1` and `2` for
    /// three): a store of `Bool` is explored with two values only.
    public static func holdsValues<Store: ExplorableStore>(
        of configuration: ExplorerConfiguration, in store: Store.Type
    ) -> Bool where Store.Value: ScenarioValueConvertible {
        (0..<configuration.values).allSatisfy { value in
            Store.Value(scenarioValue: ExplorerSearch.scenarioValue(UInt8(value), values: configuration.values)) != nil
        }
    }

    /// Explores the Swift store `store`, in process.
    ///
    /// - Throws: ``StateExplorerError/store(store:message:)`` when the store
    ///   cannot hold the records (`r1`, `r2`, `r3`) or values explored, or
    ///   shows what no store can.
    public func run<Store: ExplorableStore>(
        _ store: Store.Type, progress: (ExplorationProgress) -> Void = { _ in }
    ) throws(StateExplorerError) -> ExplorationReport
    where Store.RecordID: LosslessStringConvertible, Store.Value: ScenarioValueConvertible {
        try run(InProcessStoreDriver(store), progress: progress)
    }

    /// Explores the store behind `driver`, calling `progress` after each level.
    ///
    /// - Throws: ``StateExplorerError/store(store:message:)`` when the driver
    ///   fails (a program that crashes, hangs or answers garbage) or the
    ///   store shows what no store can.
    /// - Complexity: O(s · e) transitions for s states and e events enabled
    ///   per state, each replayed from the load: O(s · d) driver events for
    ///   paths of length d, in O(s / 128) calls.
    public func run(
        _ driver: some StoreDriver, progress: (ExplorationProgress) -> Void = { _ in }
    ) throws(StateExplorerError) -> ExplorationReport {
        var configuration = configuration
        while true {
            var search = StoreSearch(configuration, driver: driver, refines: refinement)
            try search.run(progress: progress)
            if search.found[.reorderChangesNoState] != nil, configuration.symmetry.contains(.records) {
                configuration.symmetry.remove(.records)
                continue
            }
            var counterexamples: [Counterexample] = []
            for item in search.found.shortestFirst(length: \.length) {
                counterexamples.append(try search.counterexample(item))
            }
            var report = ExplorationReport(
                configuration: self.configuration, symmetry: configuration.symmetry, states: search.identities.count,
                counts: search.counts, counterexamples: counterexamples)
            if let diverged = search.diverged { report.divergence = try search.divergence(diverged) }
            report.roundTrips = search.roundTrips
            return report
        }
    }
}

/// Counterexamples and divergences of the search over a driven store, as
/// scenarios that replay on the same store.
extension StoreSearch {
    /// The steps of the path `events` from the load `root`, which the store
    /// answered with `shown`, as scenario steps expecting what `expected`
    /// shows (the store itself, or `OptimisticStore`), and in words.
    func scenarioSteps(
        _ events: [PathEvent], shown: [ObservedStep], expected: [ObservedStep]
    ) -> (steps: [ScenarioStep], texts: [String]) {
        var names: [Int: String] = [:]
        var book = RequestBook()
        var steps: [ScenarioStep] = []
        var texts: [String] = []
        for (index, event) in events.enumerated() {
            let before = shown[index].observation
            let after = shown[index + 1]
            let minted: String? =
                after.issuedRequest ? (event.kind == .tap ? "write" : "reread") + String(index + 1) : nil
            if let minted { names[index] = minted }
            func answered(_ request: Int, _ record: String) -> (name: String, text: String) {
                let name = names[request] ?? "request\(request + 1)"
                let age: TicketAge =
                    book.held[record]?.step == request
                    ? (before.records[record]?.phase == .idle ? .duplicate : .current)
                    : book.stale[record] == request ? .stale : .earlierSession
                return (name, "\(name) (\(age)) of \(record)")
            }
            let scenarioEvent: ScenarioEvent
            var text: String
            switch event {
            case .tap(let record, let value):
                scenarioEvent = .tap(record: record, value: value, name: minted)
                text = "tap \(record) for \(value)"
            case .answerWrite(let record, let request, let outcome):
                let (name, what) = answered(request, record)
                scenarioEvent = .finish(ticket: name, record: nil, outcome: outcome, name: minted)
                text = "finish \(what): \(outcome.category)"
                if case .confirmed(let server) = outcome { text += " \(server)" }
                if case .conflict(let server) = outcome { text += " \(server)" }
            case .cancelRequest(let record, let request):
                let (name, what) = answered(request, record)
                scenarioEvent = .cancel(ticket: name, record: nil, name: minted)
                text = "cancel \(what)"
            case .answerReread(let record, let request, let value):
                let (name, what) = answered(request, record)
                scenarioEvent = .resync(ticket: name, record: nil, value: value)
                text = "resync \(what): \(value)"
            case .switchSession(let session, let loaded):
                scenarioEvent = .switchSession(session, loaded)
                text =
                    session > before.session
                    ? "switch to session \(session.rawValue) loading "
                        + loaded.map { "\($0.id) = \($0.value)" }.joined(separator: ", ")
                    : "load session \(session.rawValue) again (not newer)"
            case .reorder(let order):
                scenarioEvent = .reorder(order)
                text = "reorder to " + order.joined(separator: ", ")
            }
            let reference = expected[index + 1]
            let result: ExpectedResult? =
                reference.issuedRequest
                ? .applied(event.kind == .tap ? .sendWrite : .sendReread)
                : reference.observation != expected[index].observation ? .applied(.nothing) : nil
            text += " → " + (result.map { "\($0)" } ?? "ignored") + (minted.map { " \($0)" } ?? "")
            var expectations: [ScenarioExpectation] = []
            if let result { expectations.append(ScenarioExpectation(result: result)) }
            if let record = event.record, let state = reference.observation.records[record] {
                expectations.append(
                    ScenarioExpectation(
                        record: record, visible: state.visible, confirmed: state.confirmed, phase: state.phase))
            }
            steps.append(ScenarioStep(scenarioEvent, expect: expectations))
            texts.append(text)
            book.note(
                event, step: index, issued: after.issuedRequest,
                sessionChanged: after.observation.session != before.session)
        }
        return (steps, texts)
    }

    /// The events from the load to `state`, then `event`, run on `driver`
    /// with every step reported.
    func replay(
        _ state: Int, then event: PathEvent, on driver: some StoreDriver
    ) throws(StateExplorerError) -> (root: Int, events: [PathEvent], steps: [ObservedStep]) {
        let (root, prefix, _) = path(to: state)
        let events = prefix + [event]
        let results: [StorePathResult]
        do {
            results = try driver.run([
                StorePath(
                    session: StateCodec.firstSession, records: loaded(root), events: events, reportsEveryStep: true)
            ])
        } catch { throw StateExplorerError(error) }
        guard let steps = results.first?.steps, steps.count == events.count + 1 else { throw malformed() }
        return (root, events, steps)
    }

    /// The summary line of a scenario written by the search.
    func summary(_ what: String) -> String {
        "A shortest event sequence that \(what), found by exploring every interleaving of "
            + "\(configuration.records) record\(configuration.records == 1 ? "" : "s") with "
            + "\(configuration.values) values on \(driver.name)."
    }

    /// The counterexample of `found`, replayed on the store.
    func counterexample(_ found: Found) throws(StateExplorerError) -> Counterexample {
        let (root, events, shown) = try replay(found.state, then: found.event, on: driver)
        var (steps, texts) = scenarioSteps(events, shown: shown, expected: shown)
        let violation = found.violation
        steps[steps.count - 1].note = "breaks \(violation.invariant): \(violation.detail)"
        let scenario = Scenario(
            name: "Counterexample to \(violation.invariant)",
            summary: summary("breaks \(violation.invariant) (\(violation.invariant.summary))"),
            session: StateCodec.firstSession, records: loaded(root), steps: steps)
        return Counterexample(
            violation: violation, scenario: scenario, steps: texts, inPermutedList: found.inPermutedList, faults: [])
    }

    /// The divergence of `diverged`: the path replayed on the store, its
    /// steps expecting what `OptimisticStore` shows.
    func divergence(_ diverged: Diverged) throws(StateExplorerError) -> Divergence {
        let (root, events, shown) = try replay(diverged.state, then: diverged.event, on: driver)
        let reference = InProcessStoreDriver(OptimisticStore<String, ScenarioValue>.self)
        let (_, _, expected) = try replay(diverged.state, then: diverged.event, on: reference)
        var (steps, texts) = scenarioSteps(events, shown: shown, expected: expected)
        if let record = diverged.record, record != events.last?.record,
            let state = expected.last?.observation.records[record]
        {
            steps[steps.count - 1].expectations.append(
                ScenarioExpectation(
                    record: record, visible: state.visible, confirmed: state.confirmed, phase: state.phase))
        }
        steps[steps.count - 1].note =
            "OptimisticStore shows \(diverged.expected) here; the store shows \(diverged.actual)"
        let scenario = Scenario(
            name: "Divergence from OptimisticStore", summary: summary("shows something else than OptimisticStore"),
            session: StateCodec.firstSession, records: loaded(root), steps: steps)
        return Divergence(
            record: diverged.record, expected: diverged.expected, actual: diverged.actual, scenario: scenario,
            steps: texts)
    }
}
