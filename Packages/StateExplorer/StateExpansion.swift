import OptimisticState

/// What a run of expansions found: the successors not reached on earlier
/// levels (in the order found, with the state and event that reached them),
/// the transitions tried and applied, coverage, and the first violation of
/// each invariant.
struct ExpansionChunk: Sendable {
    /// Successor keys, canonical, not in the set of earlier levels (a key
    /// may repeat within a level).
    var successors: [UInt64] = []
    /// Per successor: the index of the state it was reached from.
    var parents: [UInt32] = []
    /// Per successor: the event that reached it.
    var via: [UInt32] = []
    /// Transitions tried and applied from the states expanded (also before
    /// reduction), and their coverage.
    var counts = SearchCounts()
    /// The first violation of each invariant, in the order of expansion.
    var found: [Invariant: ExplorerSearch.Found] = [:]
}

/// Everything one expansion needs, read-only and shareable between threads:
/// the codec, the event list, the reverse-ordered list and the symmetry
/// group.
struct StateExpansion: Sendable {
    typealias Store = ExplorerState.Store

    let configuration: ExplorerConfiguration
    let codec: StateCodec
    let events: EnabledEvents
    /// The reverse-ordered list every event is also applied to, if checked.
    let permuted: PermutedList?
    /// The renamings folded.
    let group: SymmetryGroup

    init(_ configuration: ExplorerConfiguration) {
        self.configuration = configuration
        codec = StateCodec(records: configuration.records)
        events = EnabledEvents(records: configuration.records, values: configuration.values)
        permuted =
            configuration.checksPermutedList && configuration.records > 1
            ? PermutedList(
                records: configuration.records,
                faults: configuration.faults.union(configuration.permutedListFaults))
            : nil
        group = SymmetryGroup(
            records: configuration.records, values: configuration.values, symmetry: configuration.symmetry)
    }

    /// A freshly loaded list of the first session with the values `index`.
    func loadedState(_ index: Int) -> ExplorerState {
        ExplorerState(
            store: try! Store(session: StateCodec.firstSession, loaded: events.loadedValues[index]))
    }

    /// The representative key of `state`.
    @inline(__always)
    func canonicalKey(of state: ExplorerState) -> UInt64 { group.canonical(codec.key(of: state)) }

    /// Applies every enabled event to the state `index` (key `key`) at
    /// `depth`, adding to `chunk` its successors that `visited` (the states
    /// of earlier levels) does not hold.
    ///
    /// Events are applied to a scratch copy of the store, which is reset
    /// only after an event changed it: an ignored event (most of them) then
    /// costs no copy at all. The checker proves that an ignored event left
    /// the scratch store equal to the state's.
    @inline(__always)
    func expand(
        _ index: Int, key: UInt64, depth: Int, visited: StateKeySet, into chunk: inout ExpansionChunk,
        buffer: inout [ExplorerEvent]
    ) {
        let state = codec.state(for: key)
        let before = state.store
        var scratch = before
        let checksTwin = permuted != nil
        let twinBefore = permuted?.store(mirroring: before) ?? before
        var twin = twinBefore
        events.enabled(in: state, into: &buffer)
        var applied = 0
        for event in buffer {
            let storeEvent = events.storeEvent(event, in: state)
            let result = scratch.apply(storeEvent, faults: configuration.faults)
            Self.count(event, in: before, coverage: &chunk.counts.coverage)
            if InvariantChecker.firstViolation(before: before, event: storeEvent, result: result, after: scratch)
                != nil
            {
                let all = InvariantChecker.violations(
                    before: before, event: storeEvent, result: result, after: scratch)
                for violation in all where chunk.found[violation.invariant] == nil {
                    chunk.found[violation.invariant] = ExplorerSearch.Found(
                        violation: violation, state: index, event: event, length: depth + 1, inPermutedList: false)
                }
                scratch = before
                continue
            }
            if checksTwin {
                let twinResult = twin.apply(storeEvent, faults: permuted!.faults)
                let violation = PermutedList.difference(
                    storeEvent, result, scratch, twinResult, twin, twinBefore: twinBefore)
                if twinResult.isApplied || violation != nil { twin = twinBefore }
                if let violation {
                    if chunk.found[.reorderChangesNoState] == nil {
                        chunk.found[.reorderChangesNoState] = ExplorerSearch.Found(
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
            let successor = canonicalKey(of: state.successor(after: scratch))
            if !visited.contains(successor) {
                chunk.successors.append(successor)
                chunk.parents.append(UInt32(index))
                chunk.via.append(event.code)
            }
            scratch = before
        }
        chunk.counts.countExpansion(enabled: buffer.count, applied: applied, orbit: group.orbitSize(key))
    }

    /// Counts `event` in the coverage of the phase of the record it
    /// addresses (every phase present, for a switch or a reorder).
    @inline(__always)
    static func count(_ event: ExplorerEvent, in store: Store, coverage: inout TransitionCoverage) {
        let label = EnabledEvents.labelIndex(event, store: store)
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
}
