import OptimisticScenario
import OptimisticState
import UpdateCheckSupport

/// The breadth-first search over a store behind a `StoreDriver`: the
/// same levels, events, invariants and symmetry folding as the search over
/// the built-in store, on what the store shows.
///
/// A state is reproduced by the path that first reached it (the driver
/// starts every path from a fresh load) and named by its observation: per
/// record its values and phase, the ranks (order of issue) of the requests
/// it holds, stale and of the earlier session, then the session and the
/// display order, packed like ``StateCodec`` keys; plus the store's
/// declared hidden state. For the built-in store this is exactly the key of
/// the search over it, so both reach the same states.
///
/// Each level is sent to the driver in chunks of states; each state is one
/// path (its events, then every enabled event as a branch), twice: on the
/// list as loaded and on the list loaded in the reverse order. With
/// refinement on, the same paths run on `OptimisticStore` too.
struct StoreSearch<Driver: StoreDriver> {
    /// A violation found: the state it starts from, the event, its length.
    struct Found {
        var violation: InvariantViolation<String>
        var state: Int
        var event: PathEvent
        var length: Int
        var inPermutedList: Bool
    }

    /// The first difference from `OptimisticStore` found.
    struct Diverged {
        var state: Int
        var event: PathEvent
        var length: Int
        var record: String?
        var expected: String
        var actual: String
    }

    /// The identity of a state: its packed observation and hidden state.
    struct Identity: Hashable {
        var key: UInt64
        var hidden: String
    }

    /// The states of a level sent to the driver in one call.
    static var chunkSize: Int { 128 }

    let configuration: ExplorerConfiguration
    let driver: Driver
    let reference: InProcessStoreDriver<OptimisticStore<String, ScenarioValue>>?
    let group: SymmetryGroup
    /// The values of the domain, as scenario values.
    let values: [ScenarioValue]
    /// The record names by load position.
    let names: [String]
    /// Every assignment of values, as indexes, record 0 most significant.
    let assignments: [[Int]]
    /// Every display order, as load positions.
    let orders: [[Int]]

    var identities: [Identity] = []
    var parents: [UInt32] = []
    var via: [PathEvent?] = []
    var issued: [Bool] = []
    var roots: [Int] = []
    var visited: Set<Identity> = []
    var counts = SearchCounts()
    var found: [Invariant: Found] = [:]
    var diverged: Diverged?
    var roundTrips = 0

    init(_ configuration: ExplorerConfiguration, driver: Driver, refines: Bool) {
        self.configuration = configuration
        self.driver = driver
        reference = refines ? InProcessStoreDriver(OptimisticStore<String, ScenarioValue>.self) : nil
        group = SymmetryGroup(
            records: configuration.records, values: configuration.values, symmetry: configuration.symmetry)
        values = (0..<configuration.values).map {
            ExplorerSearch.scenarioValue(UInt8($0), values: configuration.values)
        }
        names = (0..<configuration.records).map(ExplorerSearch.recordName)
        var assignments: [[Int]] = [[]]
        for _ in 0..<configuration.records {
            assignments = assignments.flatMap { prefix in (0..<configuration.values).map { prefix + [$0] } }
        }
        self.assignments = assignments
        orders = StateCodec.permutations(of: Array(0..<configuration.records))
    }

    /// The records of assignment `index`, in load order (reversed for the twin list).
    func loaded(_ index: Int, reversed: Bool = false) -> [LoadedRecord<String, ScenarioValue>] {
        let records = assignments[index].enumerated().map { LoadedRecord(names[$0.offset], values[$0.element]) }
        return reversed ? records.reversed() : records
    }

    /// The events from the load to state `index`, with the root it starts from.
    func path(to index: Int) -> (root: Int, events: [PathEvent], issued: [Bool]) {
        var events: [PathEvent] = []
        var flags: [Bool] = []
        var current = index
        while let event = via[current] {
            events.append(event)
            flags.append(issued[current])
            current = Int(parents[current])
        }
        return (roots[current], events.reversed(), flags.reversed())
    }

    /// The packed key of `observation` with `book`, or why it cannot be packed.
    func key(
        _ observation: StoreObservation<String, ScenarioValue>, book: RequestBook
    ) -> Result<UInt64, StateExplorerError> {
        var steps: [Int] = []
        for name in names {
            if let held = book.held[name] { steps.append(held.step) }
            if let stale = book.stale[name] { steps.append(stale) }
            if let earlier = book.earlier[name] { steps.append(earlier) }
        }
        steps.sort()
        func rank(_ step: Int?) -> UInt64 {
            guard let step else { return 0 }
            return UInt64(steps.firstIndex(of: step)! + 1)
        }
        let second: UInt64
        switch observation.session {
        case StateCodec.firstSession: second = 0
        case StateCodec.secondSession: second = 1
        default:
            return .failure(
                .store(store: driver.name, message: "it shows \(observation.session), which was never loaded"))
        }
        var key: UInt64 = 0
        for (position, name) in names.enumerated() {
            guard let state = observation.records[name] else {
                return .failure(.store(store: driver.name, message: "it does not show the record '\(name)'"))
            }
            guard let confirmed = values.firstIndex(of: state.confirmed),
                let visible = values.firstIndex(of: state.visible)
            else {
                return .failure(
                    .store(
                        store: driver.name,
                        message: "it shows the record '\(name)' with a value it was never given (\(state))"))
            }
            var bits = UInt64(confirmed) | UInt64(visible) << 2 | UInt64(state.phase.rawValue) << 4
            let held = book.held[name]?.step
            bits |= rank(held) << 6 | (held != nil ? second : 0) << 10
            bits |= rank(book.stale[name]) << 11 | rank(book.earlier[name]) << 15
            key |= bits << (StateCodec.recordBits * UInt64(position))
        }
        let sessionShift = StateCodec.recordBits * UInt64(names.count)
        key |= second << sessionShift
        key |= UInt64(orderIndex(observation.order) ?? 0) << (sessionShift + 1)
        return .success(key)
    }

    /// The index of `order` (record names) in ``orders``, or `nil` when it
    /// is not a permutation of the records.
    func orderIndex(_ order: [String]) -> Int? {
        let positions = order.compactMap { names.firstIndex(of: $0) }
        guard positions.count == order.count else { return nil }
        return orders.firstIndex(of: positions)
    }

    /// The identity of `observation` with `book`, folded under the renamings.
    func identity(
        _ observation: StoreObservation<String, ScenarioValue>, book: RequestBook
    ) throws(StateExplorerError) -> (identity: Identity, orbit: Int) {
        let key = try key(observation, book: book).get()
        // Renamings act on the packed observation only; a declared hidden
        // state is not renamed, so states that have one are not folded.
        guard observation.hidden.isEmpty else { return (Identity(key: key, hidden: observation.hidden), 1) }
        let canonical = group.canonical(key)
        return (Identity(key: canonical, hidden: ""), group.orbitSize(canonical))
    }

    /// The events enabled in a state with `book` that shows `observation`,
    /// in the order of the search over the built-in store.
    func enabled(
        _ observation: StoreObservation<String, ScenarioValue>, book: RequestBook
    ) -> [(event: PathEvent, label: Int)] {
        var events: [(PathEvent, Int)] = []
        for name in names {
            for value in values { events.append((.tap(record: name, value: value), 0)) }
        }
        for name in names {
            let phase = observation.records[name]?.phase ?? .idle
            let slots: [(Int?, Int)] = [
                (book.held[name]?.step, phase == .idle ? 1 : 0), (book.stale[name], 2), (book.earlier[name], 3),
            ]
            for case (let request?, let age) in slots {
                for value in values {
                    events.append((.answerWrite(record: name, request: request, outcome: .confirmed(value)), 1 + age))
                }
                events.append((.answerWrite(record: name, request: request, outcome: .rejected), 5 + age))
                events.append((.answerWrite(record: name, request: request, outcome: .uncertain), 9 + age))
                for value in values {
                    events.append((.answerWrite(record: name, request: request, outcome: .conflict(value)), 13 + age))
                }
                events.append((.cancelRequest(record: name, request: request), 17 + age))
                for value in values {
                    events.append((.answerReread(record: name, request: request, value: value), 21 + age))
                }
            }
        }
        if names.count > 1 {
            let current = orderIndex(observation.order)
            for (index, order) in orders.enumerated() where index != current {
                events.append((.reorder(order.map { names[$0] }), 27))
            }
        }
        if observation.session == StateCodec.firstSession {
            for index in assignments.indices {
                events.append((.switchSession(StateCodec.secondSession, loaded(index)), 25))
            }
        }
        events.append((.switchSession(observation.session, loaded(0)), 26))
        return events
    }

    /// Runs the search to a fixed point, the depth limit, or the end of the
    /// first level with a violation when asked to stop there.
    mutating func run(progress: (ExplorationProgress) -> Void) throws(StateExplorerError) {
        let rootPaths = assignments.indices.map {
            StorePath(session: StateCodec.firstSession, records: loaded($0), events: [])
        }
        var level: [Frontier] = []
        var rootsBeforeReduction = 0
        for (index, result) in try call(rootPaths).enumerated() {
            let observation = result.steps.last!.observation
            let (identity, orbit) = try identity(observation, book: RequestBook())
            if visited.insert(identity).inserted {
                append(identity, parent: Self.root, via: nil, issued: false)
                roots.append(index)
                level.append(Frontier(observation: observation, book: RequestBook()))
                rootsBeforeReduction += orbit
            }
        }
        counts.endLevel(reached: identities.count, beforeReduction: rootsBeforeReduction)
        var levelStart = 0
        var depth = 0
        while levelStart < identities.count {
            if let maxDepth = configuration.maxDepth, depth >= maxDepth { return }
            let levelEnd = identities.count
            var reachedBeforeReduction = 0
            var next: [Frontier] = []
            var chunkStart = levelStart
            while chunkStart < levelEnd {
                let chunkEnd = min(chunkStart + Self.chunkSize, levelEnd)
                reachedBeforeReduction += try expand(
                    chunkStart..<chunkEnd, level: level[(chunkStart - levelStart)..<(chunkEnd - levelStart)],
                    depth: depth, into: &next)
                chunkStart = chunkEnd
            }
            level = next
            levelStart = levelEnd
            depth += 1
            counts.endLevel(reached: identities.count - levelEnd, beforeReduction: reachedBeforeReduction)
            progress(ExplorationProgress(depth: depth, states: identities.count, transitions: counts.transitions))
            if configuration.stopsAtFirstViolation, !found.isEmpty { return }
        }
        counts.reachedFixedPoint = true
    }

    /// A state of the level being expanded: what the store showed when the
    /// state was first reached, and the requests issued on its path.
    struct Frontier {
        var observation: StoreObservation<String, ScenarioValue>
        var book: RequestBook
    }

    /// No parent: a freshly loaded list.
    static var root: UInt32 { UInt32.max }

    mutating func append(_ identity: Identity, parent: UInt32, via event: PathEvent?, issued flag: Bool) {
        identities.append(identity)
        parents.append(parent)
        via.append(event)
        issued.append(flag)
    }

    func malformed() -> StateExplorerError {
        .store(store: driver.name, message: "answered with another number of steps or branches than it was sent")
    }

    /// Runs `paths` on the driver, checking the shape of the answer.
    mutating func call(_ paths: [StorePath]) throws(StateExplorerError) -> [StorePathResult] {
        roundTrips += 1
        let results: [StorePathResult]
        do { results = try driver.run(paths) } catch { throw StateExplorerError(error) }
        guard results.count == paths.count,
            zip(paths, results).allSatisfy({
                $0.branches.count == $1.branches.count
                    && $1.steps.count == ($0.reportsEveryStep ? $0.events.count + 1 : 1)
            })
        else { throw malformed() }
        return results
    }

    /// Expands the states `range` (whose observations and books are
    /// `level`) at `depth`, appending the states it reaches first to
    /// `next`; the number of those, counted before reduction.
    mutating func expand(
        _ range: Range<Int>, level: ArraySlice<Frontier>, depth: Int, into next: inout [Frontier]
    ) throws(StateExplorerError) -> Int {
        let checksTwin = configuration.checksPermutedList && names.count > 1
        var enabledEvents: [[(event: PathEvent, label: Int)]] = []
        var lengths: [Int] = []
        var paths: [StorePath] = []
        for (index, state) in zip(range, level) {
            let enabled = enabled(state.observation, book: state.book)
            enabledEvents.append(enabled)
            let branches = enabled.map(\.event)
            let (root, events, _) = path(to: index)
            lengths.append(events.count)
            paths.append(
                StorePath(session: StateCodec.firstSession, records: loaded(root), events: events, branches: branches))
            if checksTwin {
                paths.append(
                    StorePath(
                        session: StateCodec.firstSession, records: loaded(root, reversed: true), events: events,
                        branches: branches))
            }
        }
        let results = try call(paths)
        var references: [StorePathResult] = []
        if let reference {
            let referencePaths = stride(from: 0, to: paths.count, by: checksTwin ? 2 : 1).map { paths[$0] }
            do { references = try reference.run(referencePaths) } catch { throw StateExplorerError(error) }
        }
        var reached = 0
        for (offset, (index, state)) in zip(range, level).enumerated() {
            let main = results[checksTwin ? offset * 2 : offset]
            let twin = checksTwin ? results[offset * 2 + 1] : nil
            let before = state.observation
            try requireSameState(index, before, length: lengths[offset], replayed: main.steps.last!)
            var appliedHere = 0
            for (branch, (event, label)) in enabledEvents[offset].enumerated() {
                count(event, label: label, before: before)
                let after = main.branches[branch]
                let observed = ObservedEvent(
                    kind: event.kind, record: event.record, carriesServerValue: event.carriesServerValue,
                    isStale: state.book.isStale(event, before: before), issuedRequest: after.issuedRequest)
                let violations = ObservedInvariantChecker.violations(
                    before: before, event: observed, after: after.observation)
                if !violations.isEmpty {
                    for violation in violations where found[violation.invariant] == nil {
                        found[violation.invariant] = Found(
                            violation: violation, state: index, event: event, length: depth + 1, inPermutedList: false)
                    }
                    continue
                }
                if let twin {
                    let twinAfter = twin.branches[branch]
                    if let violation = ObservedInvariantChecker.sameStatesByRecord(
                        after.observation, twinAfter.observation, event: observed, twinIssued: twinAfter.issuedRequest)
                    {
                        if found[.reorderChangesNoState] == nil {
                            found[.reorderChangesNoState] = Found(
                                violation: violation, state: index, event: event, length: depth + 1,
                                inPermutedList: true)
                        }
                        continue
                    }
                }
                if !references.isEmpty, diverged == nil {
                    if let difference = Self.difference(
                        references[offset].branches[branch], after, record: event.record)
                    {
                        diverged = Diverged(
                            state: index, event: event, length: depth + 1, record: difference.record,
                            expected: difference.expected, actual: difference.actual)
                    }
                }
                guard after.issuedRequest || after.observation != before else { continue }
                appliedHere += 1
                var book = state.book
                book.note(
                    event, step: lengths[offset], issued: after.issuedRequest,
                    sessionChanged: after.observation.session != before.session)
                let (identity, orbit) = try identity(after.observation, book: book)
                if visited.insert(identity).inserted {
                    append(identity, parent: UInt32(index), via: event, issued: after.issuedRequest)
                    next.append(Frontier(observation: after.observation, book: book))
                    reached += orbit
                }
            }
            let orbit = identities[index].hidden.isEmpty ? group.orbitSize(identities[index].key) : 1
            counts.countExpansion(enabled: enabledEvents[offset].count, applied: appliedHere, orbit: orbit)
        }
        return reached
    }

    /// Counts `event` in the coverage of the phase of its record (every
    /// phase present, for a switch or a reorder).
    mutating func count(_ event: PathEvent, label: Int, before: StoreObservation<String, ScenarioValue>) {
        if let record = event.record {
            counts.coverage.count(before.records[record]?.phase ?? .idle, label)
            return
        }
        var seen = Set<PhaseKind>()
        for name in names {
            let phase = before.records[name]?.phase ?? .idle
            if seen.insert(phase).inserted { counts.coverage.count(phase, label) }
        }
    }

    /// Throws when replaying the path to state `index` (`length` events
    /// from a fresh load) showed another state than `first`, what the store
    /// showed when the path first reached it.
    ///
    /// Every state is reached again by replaying its path, so a store whose
    /// answers depend on anything but the load and the events sent (a clock,
    /// a random number, a count of the requests the process has served) is
    /// explored on states it cannot reproduce, and one whose hidden state
    /// never repeats would be searched without end; it fails here instead,
    /// at the first state it does not reproduce.
    func requireSameState(
        _ index: Int, _ first: StoreObservation<String, ScenarioValue>, length: Int, replayed: ObservedStep
    ) throws(StateExplorerError) {
        // A path of no events sent no request; what a store answers for
        // `issued` there means nothing, so only a path's last event is held to it.
        let firstStep = ObservedStep(first, issuedRequest: length == 0 ? replayed.issuedRequest : issued[index])
        // Every expansion passes here: equality first, the sorted search for what differs only on a difference.
        guard firstStep != replayed,
            let (record, shown, again) = Self.difference(firstStep, replayed, record: nil, comparingHidden: true)
        else { return }
        let what = record.map { "record \(MessageText.excerpt($0.utf8)) as " } ?? ""
        let bracket = { (state: String) in record == nil ? state : "[\(state)]" }
        let path = length == 0 ? "load" : "\(length) event\(length == 1 ? "" : "s") from a fresh load"
        throw .store(
            store: driver.name,
            message: "is not deterministic: the same \(path) showed \(what)\(bracket(shown)) the first time and "
                + "\(record == nil ? "" : "as ")\(bracket(again)) the second; a store's answers must depend only on "
                + "the records loaded and the events sent")
    }

    /// How what the store showed (`actual`) differs from what was expected
    /// of it, or `nil`: the first record that differs (`record` first, then
    /// by ID), then whether a request was sent, the session, the display
    /// order and, when `comparingHidden`, the declared hidden state.
    static func difference(
        _ expected: ObservedStep, _ actual: ObservedStep, record first: String?, comparingHidden: Bool = false
    ) -> (record: String?, expected: String, actual: String)? {
        var records = [first].compactMap { $0 }
        records += expected.observation.records.keys.sorted().filter { $0 != first }
        for record in records where expected.observation.records[record] != actual.observation.records[record] {
            return (
                record, expected.observation.records[record].map(\.description) ?? "no such record",
                actual.observation.records[record].map(\.description) ?? "no such record"
            )
        }
        if expected.issuedRequest != actual.issuedRequest {
            return (
                first, expected.issuedRequest ? "a request sent" : "no request sent",
                actual.issuedRequest ? "a request sent" : "no request sent"
            )
        }
        if expected.observation.session != actual.observation.session {
            return (nil, "\(expected.observation.session)", "\(actual.observation.session)")
        }
        if expected.observation.order != actual.observation.order {
            return (
                nil, "display order " + expected.observation.order.joined(separator: ", "),
                "display order " + actual.observation.order.joined(separator: ", ")
            )
        }
        if comparingHidden, expected.observation.hidden != actual.observation.hidden {
            return (
                nil, "hidden state " + MessageText.excerpt(expected.observation.hidden.utf8),
                "hidden state " + MessageText.excerpt(actual.observation.hidden.utf8)
            )
        }
        return nil
    }
}
