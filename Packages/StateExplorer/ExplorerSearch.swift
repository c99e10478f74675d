import OptimisticState

/// The breadth-first search over the real store: level by level from every
/// loaded list, every enabled event applied to every state, the seven
/// invariants checked around every transition, states deduplicated by
/// canonical key.
///
/// Each state reached is kept as its 64-bit key, the state it was first
/// reached from and the event that reached it, so that a shortest path to
/// any state can be replayed afterwards.
struct ExplorerSearch {
    typealias Store = ExplorerState.Store
    typealias Event = StoreEvent<UInt8, UInt8>

    /// A violation found, as the state it starts from and the event.
    struct Found {
        /// The violation, as seen on the canonical state.
        var violation: InvariantViolation<UInt8>
        /// The state the violating event was applied to.
        var state: Int
        /// The violating event.
        var event: ExplorerEvent
        /// The number of events from a loaded list, including this one.
        var length: Int
        /// Whether the same event on the reverse-ordered list disagreed.
        var inPermutedList: Bool
    }

    /// No parent: the state is a freshly loaded list.
    static let root = UInt32.max

    let configuration: ExplorerConfiguration
    let codec: StateCodec
    let events: ExplorerEvents
    /// The reverse-ordered list every event is also applied to, if checked.
    let permuted: PermutedList?

    /// The keys of the states reached, in the order reached (by depth).
    var keys: [UInt64] = []
    /// Per state: the state it was first reached from, or ``root``.
    var parents: [UInt32] = []
    /// Per state: the event that first reached it (for a root: the index
    /// of its loaded values).
    var via: [UInt32] = []
    /// The number of states first reached at each depth.
    var levels: [Int] = []
    /// The set of keys reached.
    var visited: StateKeySet
    /// Transitions tried, and those the store applied.
    var transitions = 0
    var applied = 0
    /// Transition coverage.
    var coverage = TransitionCoverage()
    /// The first (and so shortest) violation found of each invariant.
    var found: [Invariant: Found] = [:]
    /// Whether every level was expanded until none was left.
    var reachedFixedPoint = false

    init(_ configuration: ExplorerConfiguration) {
        self.configuration = configuration
        codec = StateCodec(records: configuration.records, faults: configuration.faults)
        events = ExplorerEvents(records: configuration.records, values: configuration.values)
        permuted =
            configuration.checksPermutedList && configuration.records > 1
            ? PermutedList(
                records: configuration.records,
                faults: configuration.faults.union(configuration.permutedListFaults))
            : nil
        visited = StateKeySet(capacity: 1 << 16)
    }

    /// A freshly loaded list of the first session with the values `index`.
    func loadedState(_ index: Int) -> ExplorerState {
        ExplorerState(
            store: try! Store(
                session: StateCodec.firstSession, loaded: events.loadedValues[index],
                faults: configuration.faults))
    }

    /// Runs the search to a fixed point, the depth limit, or the first
    /// violation when asked to stop there.
    mutating func run(progress: (ExplorationProgress) -> Void) {
        for index in events.loadedValues.indices {
            let key = codec.key(of: loadedState(index))
            if visited.insert(key) {
                keys.append(key)
                parents.append(Self.root)
                via.append(UInt32(index))
            }
        }
        levels.append(keys.count)
        var levelStart = 0
        var depth = 0
        var buffer: [ExplorerEvent] = []
        buffer.reserveCapacity(256)
        while levelStart < keys.count {
            if let maxDepth = configuration.maxDepth, depth >= maxDepth { return }
            let levelEnd = keys.count
            for state in levelStart..<levelEnd {
                expand(state, depth: depth, buffer: &buffer)
                if configuration.stopsAtFirstViolation, !found.isEmpty { return }
            }
            levelStart = levelEnd
            depth += 1
            if keys.count > levelEnd { levels.append(keys.count - levelEnd) }
            progress(ExplorationProgress(depth: depth, states: keys.count, transitions: transitions))
        }
        reachedFixedPoint = true
    }

    /// Applies every enabled event to the state `index` at `depth`.
    ///
    /// Events are applied to a scratch copy of the store, which is reset
    /// only after an event changed it: an ignored event (most of them) then
    /// costs no copy at all. The checker proves that an ignored event left
    /// the scratch store equal to the state's.
    @inline(__always)
    mutating func expand(_ index: Int, depth: Int, buffer: inout [ExplorerEvent]) {
        let state = codec.state(for: keys[index])
        let before = state.store
        var scratch = before
        let checksTwin = permuted != nil
        let twinBefore = permuted?.store(mirroring: before) ?? before
        var twin = twinBefore
        events.enabled(in: state, into: &buffer)
        for event in buffer {
            let storeEvent = events.storeEvent(event, in: state)
            let result = scratch.apply(storeEvent)
            transitions &+= 1
            count(event, in: before)
            if InvariantChecker.firstViolation(before: before, event: storeEvent, result: result, after: scratch)
                != nil
            {
                let all = InvariantChecker.violations(
                    before: before, event: storeEvent, result: result, after: scratch)
                for violation in all where found[violation.invariant] == nil {
                    found[violation.invariant] = Found(
                        violation: violation, state: index, event: event, length: depth + 1, inPermutedList: false)
                }
                scratch = before
                continue
            }
            if checksTwin {
                let twinResult = twin.apply(storeEvent)
                let violation = PermutedList.difference(
                    storeEvent, result, scratch, twinResult, twin, twinBefore: twinBefore)
                if twinResult.isApplied || violation != nil { twin = twinBefore }
                if let violation {
                    if found[.reorderChangesNoState] == nil {
                        found[.reorderChangesNoState] = Found(
                            violation: violation, state: index, event: event, length: depth + 1,
                            inPermutedList: true)
                    }
                    scratch = before
                    continue
                }
            }
            // The checker proved that an ignored event changed nothing.
            guard result.isApplied else { continue }
            applied &+= 1
            let key = codec.key(of: state.successor(after: scratch))
            if visited.insert(key) {
                keys.append(key)
                parents.append(UInt32(index))
                via.append(event.code)
            }
            scratch = before
        }
    }

    /// Counts `event` in the coverage of the phase of the record it
    /// addresses (every phase present, for a switch or a reorder).
    @inline(__always)
    mutating func count(_ event: ExplorerEvent, in store: Store) {
        let label = ExplorerEvents.labelIndex(event, store: store)
        switch event.kind {
        case .switchSession, .staleSwitch, .reorder:
            var seen: UInt8 = 0
            for state in store.states where seen & 1 << state.phaseKind.rawValue == 0 {
                seen |= 1 << state.phaseKind.rawValue
                coverage.count(state.phaseKind, label)
            }
        default:
            coverage.count(store.states[event.record].phaseKind, label)
        }
    }

    /// The events from a loaded list to the state `index`, and the index of
    /// the loaded values it starts from.
    func path(to index: Int) -> (loaded: Int, events: [ExplorerEvent]) {
        var events: [ExplorerEvent] = []
        var current = index
        while parents[current] != Self.root {
            events.append(ExplorerEvent(code: via[current]))
            current = Int(parents[current])
        }
        return (Int(via[current]), events.reversed())
    }
}
