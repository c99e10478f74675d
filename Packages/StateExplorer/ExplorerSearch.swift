import OptimisticState
import UpdateCheckPlatform
import UpdateCheckSupport

/// The breadth-first search over the real store: level by level from every
/// loaded list, every enabled event applied to every state, the seven
/// invariants checked around every transition, states deduplicated by
/// canonical key and folded under the renamings of the configuration.
///
/// Each level is cut into chunks of states that the threads expand in
/// parallel, each chunk into its own list of successors; the lists are then
/// merged in chunk order, so the states, their numbering, the transitions
/// and the counterexamples are those of a search on one thread.
///
/// Each state reached is kept as its 64-bit key, the state it was first
/// reached from and the event that reached it, so that a shortest path to
/// any state can be replayed afterwards.
struct ExplorerSearch {
    typealias Store = ExplorerState.Store

    /// A violation found, as the state it starts from and the event.
    struct Found: Sendable {
        /// The violation, as seen on the representative state.
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
    /// The states per chunk of a level: a fixed size, so that the chunks
    /// (and so the merge) do not depend on the number of threads.
    static let chunkSize = 256

    let configuration: ExplorerConfiguration
    /// The codec, events, reverse-ordered list and symmetry group.
    let expansion: StateExpansion
    /// The threads that expand a level.
    let threads: Int

    /// The keys of the states reached, in the order reached (by depth).
    var keys: [UInt64] = []
    /// Per state: the state it was first reached from, or ``root``.
    var parents: [UInt32] = []
    /// Per state: the event that first reached it (for a root: the index
    /// of its loaded values).
    var via: [UInt32] = []
    /// The set of keys reached.
    var visited: StateKeySet
    /// The states by depth, the transitions, coverage and fixed point.
    var counts = SearchCounts()
    /// The first (and so shortest) violation found of each invariant.
    var found: [Invariant: Found] = [:]

    init(_ configuration: ExplorerConfiguration) {
        self.configuration = configuration
        expansion = StateExpansion(configuration)
        threads = configuration.threads ?? Self.processorCount
        visited = StateKeySet(capacity: 1 << 16)
    }

    /// The codec of the states.
    var codec: StateCodec { expansion.codec }
    /// The events and how they become store events.
    var events: EnabledEvents { expansion.events }
    /// The reverse-ordered list, if checked.
    var permuted: PermutedList? { expansion.permuted }
    /// The renamings folded.
    var group: SymmetryGroup { expansion.group }

    /// The number of cores available.
    static var processorCount: Int { System.processorCount }

    /// A freshly loaded list of the first session with the values `index`.
    func loadedState(_ index: Int) -> ExplorerState { expansion.loadedState(index) }

    /// Runs the search to a fixed point, the depth limit, or the end of the
    /// first level where a violation appears when asked to stop there.
    mutating func run(progress: (ExplorationProgress) -> Void) {
        var rootsBeforeReduction = 0
        for index in events.loadedValues.indices {
            let key = expansion.canonicalKey(of: loadedState(index))
            if visited.insert(key) {
                keys.append(key)
                parents.append(Self.root)
                via.append(UInt32(index))
                rootsBeforeReduction += group.orbitSize(key)
            }
        }
        counts.endLevel(reached: keys.count, beforeReduction: rootsBeforeReduction)
        var levelStart = 0
        var depth = 0
        while levelStart < keys.count {
            if let maxDepth = configuration.maxDepth, depth >= maxDepth { return }
            let levelEnd = keys.count
            let chunks = expandLevel(levelStart..<levelEnd, depth: depth)
            var reachedBeforeReduction = 0
            for chunk in chunks {
                counts.add(chunk.counts)
                for (invariant, violation) in chunk.found where found[invariant] == nil {
                    found[invariant] = violation
                }
                for position in chunk.successors.indices where visited.insert(chunk.successors[position]) {
                    keys.append(chunk.successors[position])
                    parents.append(chunk.parents[position])
                    via.append(chunk.via[position])
                    reachedBeforeReduction += group.orbitSize(chunk.successors[position])
                }
            }
            levelStart = levelEnd
            depth += 1
            counts.endLevel(reached: keys.count - levelEnd, beforeReduction: reachedBeforeReduction)
            progress(ExplorationProgress(depth: depth, states: keys.count, transitions: counts.transitions))
            if configuration.stopsAtFirstViolation, !found.isEmpty { return }
        }
        counts.reachedFixedPoint = true
    }

    /// Expands the states `range` (one level at `depth`) on every thread,
    /// in chunks of ``chunkSize``; the chunks' results in order.
    func expandLevel(_ range: Range<Int>, depth: Int) -> [ExpansionChunk] {
        let chunkCount = (range.count + Self.chunkSize - 1) / Self.chunkSize
        let keys = keys
        let visited = visited
        let expansion = expansion
        return ParallelLoop.map(count: chunkCount, threads: threads) { chunkIndex in
            let start = range.lowerBound + chunkIndex * Self.chunkSize
            var chunk = ExpansionChunk()
            var buffer: [ExplorerEvent] = []
            buffer.reserveCapacity(256)
            for index in start..<Swift.min(start + Self.chunkSize, range.upperBound) {
                expansion.expand(
                    index, key: keys[index], depth: depth, visited: visited, into: &chunk, buffer: &buffer)
            }
            return chunk
        }
    }

    /// The events from a loaded list to the state `index`, the index of the
    /// loaded values it starts from, and the states the events apply to.
    ///
    /// Each event is written for the representative state it applies to;
    /// a replay renames it to the state actually reached.
    func path(to index: Int) -> (loaded: Int, events: [ExplorerEvent], states: [Int]) {
        var events: [ExplorerEvent] = []
        var states: [Int] = []
        var current = index
        while parents[current] != Self.root {
            events.append(ExplorerEvent(code: via[current]))
            current = Int(parents[current])
            states.append(current)
        }
        return (Int(via[current]), events.reversed(), states.reversed())
    }
}
