import BatchUpdate
import Testing
import UpdateCheckDiff
import UpdateCheckDiffable
import UpdateCheckUIKit

/// One old snapshot per renaming of its IDs (`oldSnapshotsUpToRenaming`,
/// as `updatecheck check` proves the built-in adapters): the reduced run
/// stands for the whole one.
///
/// Each reduced group stands for as many old snapshots of the whole run as
/// there are ways to name its IDs, so weighted by that count the reduced
/// run must add up to the whole run's cases and failures, for adapters
/// that fail; and it must find the same kinds of failure.
@Suite struct RenamingTests {
    @Test func theFlatOldSnapshotsAreThePrefixesOfThePool() {
        let options = ConformanceOptions(ids: 5, randomPairs: 250, oldSnapshotsUpToRenaming: true)
        #expect(
            ConformanceKit.oldSnapshots(options: options) == [
                [], [0], [0, 1], [0, 1, 2], [0, 1, 2, 3], [0, 1, 2, 3, 4],
            ])
        #expect(ConformanceKit.groupCount(options: options) == 6 + 3)
        #expect(ConformanceKit.oldSnapshots(options: ConformanceOptions(ids: 5)).count == 326)
        #expect(
            ConformanceKit.oldSnapshots(options: ConformanceOptions(ids: 0, oldSnapshotsUpToRenaming: true)).isEmpty)
    }

    @Test(arguments: [(2, 3, 15, 131), (3, 3, 35, 979), (3, 2, 20, 196), (1, 4, 6, 66)])
    func theSectionedOldSnapshotsAreOnePerRenaming(sections: Int, items: Int, reduced: Int, whole: Int) {
        let options = ConformanceOptions(sections: sections, sectionedIDs: items, oldSnapshotsUpToRenaming: true)
        let olds = ConformanceKit.sectionedOldSnapshots(options: options)
        #expect(olds.count == reduced)
        #expect(ConformanceKit.oldSnapshotCount(sectionCount: sections, idCount: items, upToRenaming: true) == reduced)
        #expect(ConformanceKit.groupCount(sectionCount: sections, idCount: items, upToRenaming: true) == reduced)
        #expect(Set(olds.map(\.description)).count == olds.count)
        // The renamings of the reduced old snapshots are every old snapshot of the whole run, each once.
        let weights = olds.map {
            ConformanceKit.renamingCount(
                sections: $0.sections.count, items: $0.itemCount, sectionCount: sections, idCount: items)
        }
        #expect(weights.reduce(0, +) == whole)
        #expect(ExhaustiveCheck.snapshotCount(sectionCount: sections, idCount: items) == whole)
        let whole = ExhaustiveCheck(sectionCount: sections, idCount: items).snapshots
        #expect(whole.filter(ConformanceKit.isNamedInPoolOrder) == olds)
        #expect(olds.prefix(3).map(\.description) == ["[]", "[S:]", "[S: a]"])
    }

    /// The whole run of `adapter` on `options`, and the reduced one: the
    /// reduced groups weighted by their renamings add up to the whole run.
    static func expectReducedRunStandsForTheWholeRun<Adapter: UpdateAdapter>(
        _ adapter: Adapter, sections: Int, items: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) where Adapter.Plan == SectionedUpdatePlan<ExhaustiveSectionID, ExhaustiveID> {
        let whole = ConformanceKit.check(adapter, options: ConformanceOptions(sections: sections, sectionedIDs: items))
        let options = ConformanceOptions(sections: sections, sectionedIDs: items, oldSnapshotsUpToRenaming: true)
        let reduced = ConformanceKit.check(adapter, options: options)
        let olds = ConformanceKit.sectionedOldSnapshots(options: options)
        #expect(reduced.groups.count == olds.count, sourceLocation: sourceLocation)
        var cases = 0
        var failures = 0
        for (old, group) in zip(olds, reduced.groups) {
            #expect(group.name == "old \(old)", sourceLocation: sourceLocation)
            let weight = ConformanceKit.renamingCount(
                sections: old.sections.count, items: old.itemCount, sectionCount: sections, idCount: items)
            cases += weight * group.casesChecked
            failures += weight * group.failureCount
        }
        #expect(whole.failureCount > 0, "the planted bug is found", sourceLocation: sourceLocation)
        #expect(cases == whole.casesChecked, sourceLocation: sourceLocation)
        #expect(failures == whole.failureCount, sourceLocation: sourceLocation)
        #expect(Set(reduced.failures.map(\.kind)) == Set(whole.failures.map(\.kind)), sourceLocation: sourceLocation)
        #expect(reduced.smallestFailure?.sizeKey == whole.smallestFailure?.sizeKey, sourceLocation: sourceLocation)
    }

    @Test func aUIKitBugOnThreeSections() {
        Self.expectReducedRunStandsForTheWholeRun(ForgetsInsertedSectionsBeforeAMove(), sections: 3, items: 1)
    }

    @Test func aDiffableBugOnThreeSections() {
        Self.expectReducedRunStandsForTheWholeRun(
            AppendsNewSectionsAfterADeletion(DiffableSectionedAdapter<ExhaustiveSectionID, ExhaustiveID>()),
            sections: 3, items: 1)
    }

    @Test func aFlatUIKitBug() {
        let adapter = BrokenAdapterTests.ReloadInOneBatch()
        let whole = ConformanceKit.check(adapter, options: ConformanceOptions(ids: 4))
        let options = ConformanceOptions(ids: 4, oldSnapshotsUpToRenaming: true)
        let reduced = ConformanceKit.check(adapter, options: options)
        let olds = ConformanceKit.oldSnapshots(options: options)
        #expect(
            reduced.groups.map(\.name) == olds.map { "old [\($0.map(ConformanceKit.label).joined(separator: ", "))]" })
        // An old snapshot of l IDs stands for the 4 · 3 ⋯ (4 − l + 1) ways to name them.
        let weights = olds.map {
            ConformanceKit.renamingCount(sections: 0, items: $0.count, sectionCount: 0, idCount: 4)
        }
        #expect(weights == [1, 4, 12, 24, 24])
        #expect(whole.failureCount > 0)
        #expect(zip(weights, reduced.groups).map { $0 * $1.casesChecked }.reduce(0, +) == whole.casesChecked)
        #expect(zip(weights, reduced.groups).map { $0 * $1.failureCount }.reduce(0, +) == whole.failureCount)
        #expect(Set(reduced.failures.map(\.kind)) == Set(whole.failures.map(\.kind)))
        let smallest = { (report: ConformanceReport) in report.smallestFailure.map { [$0.old.count, $0.new.count] } }
        #expect(smallest(reduced) == smallest(whole))
    }
}
