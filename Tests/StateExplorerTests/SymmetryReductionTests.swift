import OptimisticScenario
import OptimisticState
import Testing

@testable import StateExplorer

/// Symmetry reduction is sound: the reduced search reaches orbits that hold
/// exactly the states of the full search, level by level, tries the same
/// transitions counted over each orbit, reports the same verdict for every
/// invariant and counterexamples of the same length, on the real store and
/// on every known fault. And the results do not depend on the threads.
@Suite struct SymmetryReductionTests {
    static func run(
        records: Int, values: Int, maxDepth: Int? = nil, symmetry: ExplorerSymmetry = .all,
        faults: StoreFaults = [], permutedListFaults: StoreFaults = [], threads: Int? = nil
    ) throws -> ExplorationReport {
        var configuration = ExplorerConfiguration(
            records: records, values: values, maxDepth: maxDepth, symmetry: symmetry, threads: threads)
        configuration.faults = faults
        configuration.permutedListFaults = permutedListFaults
        return try Explorer(configuration).run()
    }

    /// Fixed points for one and two records, and three records to depth 5.
    static let configurations: [(records: Int, values: Int, maxDepth: Int?)] = [
        (1, 2, nil), (1, 3, nil), (2, 2, nil), (3, 2, 5),
    ]

    @Test(arguments: configurations)
    func theOrbitsHoldExactlyTheStatesAndTransitionsOfTheFullSearch(
        configuration: (records: Int, values: Int, maxDepth: Int?)
    ) throws {
        let (records, values, maxDepth) = configuration
        let full = try Self.run(records: records, values: values, maxDepth: maxDepth, symmetry: [])
        let reduced = try Self.run(records: records, values: values, maxDepth: maxDepth)
        #expect(full.symmetry.isEmpty && reduced.symmetry == .all)
        #expect(full.states == full.statesBeforeReduction && full.transitions == full.transitionsBeforeReduction)
        #expect(reduced.statesByDepthBeforeReduction == full.statesByDepth)
        #expect(reduced.statesBeforeReduction == full.states)
        #expect(reduced.transitionsBeforeReduction == full.transitions)
        #expect(reduced.appliedTransitionsBeforeReduction == full.appliedTransitions)
        #expect(reduced.reachedFixedPoint == full.reachedFixedPoint && reduced.depth == full.depth)
        #expect(reduced.passed && full.passed)
        // Values alone halve the states; records fold more for more records.
        #expect(reduced.states * values <= full.states + reduced.states)
        #expect(reduced.transitions < full.transitions)
        let pairs = { (report: ExplorationReport) in Set(report.coverage.exercised.map { "\($0.phase) \($0.label)" }) }
        #expect(pairs(reduced) == pairs(full))
    }

    @Test(arguments: [ExplorerSymmetry.records, .values])
    func eachRenamingAloneIsSoundToo(symmetry: ExplorerSymmetry) throws {
        let full = try Self.run(records: 2, values: 2, symmetry: [])
        let reduced = try Self.run(records: 2, values: 2, symmetry: symmetry)
        #expect(reduced.symmetry == symmetry)
        #expect(reduced.statesByDepthBeforeReduction == full.statesByDepth)
        #expect(reduced.transitionsBeforeReduction == full.transitions)
        #expect(reduced.states < full.states)
    }

    /// The five faults, and a fault in the reverse-ordered list only.
    static let faults: [(name: String, faults: StoreFaults, permuted: StoreFaults)] =
        MutantTests.mutants.map { ($0.name, $0.fault, []) } + [("permuted list", [], .rollbackToDesiredOnReject)]

    @Test(arguments: faults)
    func everyFaultGetsTheSameVerdictsAndLengthsAsInTheFullSearch(
        fault: (name: String, faults: StoreFaults, permuted: StoreFaults)
    ) throws {
        for (records, maxDepth) in [(2, nil), (3, 3 as Int?)] {
            let full = try Self.run(
                records: records, values: 2, maxDepth: maxDepth, symmetry: [], faults: fault.faults,
                permutedListFaults: fault.permuted)
            let reduced = try Self.run(
                records: records, values: 2, maxDepth: maxDepth, faults: fault.faults,
                permutedListFaults: fault.permuted)
            #expect(!full.passed, "\(fault.name)")
            let lengths = { (report: ExplorationReport) in
                report.counterexamples.map { "\($0.invariant): \($0.length)" }.sorted()
            }
            #expect(lengths(reduced) == lengths(full), "\(fault.name), \(records) records")
            #expect(reduced.counterexample?.length == full.counterexample?.length)
            // Every counterexample of the reduced search replays to its violation.
            for found in reduced.counterexamples where !found.inPermutedList {
                let replay = ScenarioRunner.run(found.scenario, salt: 3, faults: fault.faults)
                #expect(replay.failures.contains { $0.invariant == found.invariant }, "\(fault.name): \(found)")
                #expect(replay.stepsRun == found.length)
            }
            // Records are interchangeable only where a reorder changes no state.
            let breaksReorder = full.counterexample(for: .reorderChangesNoState) != nil
            #expect(reduced.symmetry.contains(.records) == !breaksReorder, "\(fault.name)")
            #expect(reduced.symmetry.contains(.values))
        }
    }

    @Test func theResultsDoNotDependOnTheNumberOfThreads() throws {
        func search(_ threads: Int, faults: StoreFaults = []) -> ExplorerSearch {
            var configuration = ExplorerConfiguration(records: 3, values: 2, maxDepth: 6, threads: threads)
            configuration.faults = faults
            var search = ExplorerSearch(configuration)
            search.run { _ in }
            return search
        }
        let one = search(1)
        for threads in [2, 3] {
            let other = search(threads)
            #expect(other.keys == one.keys && other.parents == one.parents && other.via == one.via)
            #expect(other.counts.levels == one.counts.levels && other.counts.transitions == one.counts.transitions)
            #expect(other.counts.coverage == one.counts.coverage)
        }
        let found = { (threads: Int) in
            try Self.run(records: 2, values: 2, faults: .allowWriteDuringNeedsSync, threads: threads).counterexamples
        }
        #expect(try found(1) == found(3))
        #expect(try !found(1).isEmpty)
    }

    @Test(arguments: [(3, 2), (2, 3)])
    func theRealStoreCommutesWithEveryRenamingOnEveryTransition(records: Int, values: Int) {
        // The premise of the reduction, checked directly: renaming a state
        // and an event, then applying it, gives the renamed successor.
        var search = ExplorerSearch(ExplorerConfiguration(records: records, values: values, maxDepth: 3))
        search.run { _ in }
        let (codec, events, group) = (search.codec, search.events, search.group)
        #expect(group.elements.count == 12)
        var buffer: [ExplorerEvent] = []
        var checked = 0
        var mismatches: [String] = []
        for key in search.keys {
            let state = codec.state(for: key)
            events.enabled(in: state, into: &buffer)
            for event in buffer {
                var after = state.store
                let result = after.apply(events.storeEvent(event, in: state))
                let successor = codec.key(of: state.successor(after: after))
                for element in group.elements.indices {
                    let renamed = codec.state(for: group.image(key, element))
                    var renamedAfter = renamed.store
                    let renamedEvent = group.image(event, group.elements[element])
                    let renamedResult = renamedAfter.apply(events.storeEvent(renamedEvent, in: renamed))
                    let renamedSuccessor = codec.key(of: renamed.successor(after: renamedAfter))
                    if renamedResult.isApplied != result.isApplied
                        || renamedSuccessor != group.image(successor, element)
                    {
                        mismatches.append("\(key) \(event.code) \(element)")
                    }
                    checked += 1
                }
            }
            // The representative is the least key of its orbit.
            for element in group.elements.indices where group.canonical(group.image(key, element)) != key {
                mismatches.append("not least: \(key)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
        #expect(checked > 10_000)
    }
}
