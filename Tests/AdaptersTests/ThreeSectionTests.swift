import BatchUpdate
import Testing
import UpdateCheckAnimatedList
import UpdateCheckAppKit
import UpdateCheckDiff
import UpdateCheckDiffable
import UpdateCheckRecyclerView
import UpdateCheckUIKit

/// Bugs that only three sections show: a case that deletes one section,
/// inserts another and keeps a third cannot be written with two section IDs.
///
/// Each sectioned toolkit model (UIKit's, the diffable data source's, and
/// the header-row model on NSTableView, RecyclerView and an animated list)
/// gets an adapter that passes every pair of two sections and fails on
/// three, and the kit's smallest failing case names three sections.
@Suite struct ThreeSectionTests {
    typealias Plan = SectionedUpdatePlan<ExhaustiveSectionID, ExhaustiveID>

    /// Proves `adapter` on two sections of two items, where it must pass,
    /// and on three sections of one item, where it must fail; returns the
    /// smallest failure of the three-section run.
    static func smallestThreeSectionFailure<Adapter: UpdateAdapter>(
        _ adapter: Adapter, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> ConformanceFailure where Adapter.Plan == Plan {
        let two = ConformanceKit.check(adapter, options: ConformanceOptions(sections: 2, sectionedIDs: 2))
        #expect(two.passed, "two sections: \(two.failures.prefix(2))", sourceLocation: sourceLocation)
        let three = ConformanceKit.check(adapter, options: ConformanceOptions(sections: 3, sectionedIDs: 1))
        #expect(!three.passed, "three sections found nothing", sourceLocation: sourceLocation)
        let smallest = try #require(
            three.failures.min { $0.sizeKey.lexicographicallyPrecedes($1.sizeKey) }, sourceLocation: sourceLocation)
        let sections = try #require(smallest.sections, sourceLocation: sourceLocation)
        let named = Set(sections.old.sectionIDs + sections.new.sectionIDs)
        #expect(named.count == 3, "smallest: \(smallest.pair)", sourceLocation: sourceLocation)
        return smallest
    }

    /// UIKit: an item moving between two kept sections is sent to the
    /// destination's old index less the sections deleted before it, which
    /// forgets a section inserted before it: `a` moving from `T` to `S`
    /// while `U` is inserted in front lands in `U`, and UIKit refuses it.
    @Test func uiKitSectionIndexShiftedUnderAnItemMove() throws {
        let failure = try Self.smallestThreeSectionFailure(ForgetsInsertedSectionsBeforeAMove())
        #expect(failure.pair == "[S: | T: a] -> [U: | S: a | T:] (changed: none)")
        #expect(failure.problem.description.contains("there are only 0 items in section 0 after the update"))
        #expect(failure.calls == [["insertSections(sections: [0])", "moveItem(at: [1, 0], to: [0, 0])"]])
    }

    /// Diffable data source: a snapshot built with the new sections after
    /// the kept ones whenever one was deleted shows the wrong section order.
    @Test func diffableNewSectionsAppendedAfterADeletion() throws {
        let failure = try Self.smallestThreeSectionFailure(
            AppendsNewSectionsAfterADeletion(DiffableSectionedAdapter<ExhaustiveSectionID, ExhaustiveID>()))
        #expect(failure.kind == "wrong sections", "\(failure.kind): \(failure.problem)")
        #expect(failure.sizeKey == [0, 4, 0], "smallest: \(failure.pair)")
    }

    /// Header rows on NSTableView, RecyclerView and an animated list: the
    /// same wrong order read back from the header rows.
    @Test func headerRowsNewSectionsAppendedAfterADeletion() throws {
        let appKit = try Self.smallestThreeSectionFailure(
            AppendsNewSectionsAfterADeletion(
                AppKitSectionedTableAdapter<ExhaustiveSectionID, ExhaustiveID>(AppKitTableAdapter())))
        let recyclerView = try Self.smallestThreeSectionFailure(
            AppendsNewSectionsAfterADeletion(
                RecyclerViewSectionedAdapter<ExhaustiveSectionID, ExhaustiveID>(RecyclerViewUpdateAdapter())))
        let animatedList = try Self.smallestThreeSectionFailure(
            AppendsNewSectionsAfterADeletion(
                AnimatedListSectionedAdapter<ExhaustiveSectionID, ExhaustiveID>(AnimatedListAdapter())))
        for failure in [appKit, recyclerView, animatedList] {
            #expect(failure.kind == "wrong sections", "\(failure.kind): \(failure.problem)")
            #expect(failure.sizeKey == [0, 4, 0], "smallest: \(failure.pair)")
        }
    }
}

/// Broken: UIKit's adapter, except that an item moving to another kept
/// section is sent to that section's index before the batch less the
/// sections the batch deletes before it, forgetting the ones it inserts.
struct ForgetsInsertedSectionsBeforeAMove: UpdateAdapter {
    typealias Model = UIKitSectionedModel<ExhaustiveSectionID, ExhaustiveID>
    var policy: AdapterPolicy { UIKitSectionedAdapter<ExhaustiveSectionID, ExhaustiveID>().policy }
    var name: String { "forgets-inserted-sections-before-a-move" }

    func batches(
        for plan: SectionedUpdatePlan<ExhaustiveSectionID, ExhaustiveID>
    ) -> [UpdateBatch<SectionedSnapshot<ExhaustiveSectionID, ExhaustiveID>, UIKitSectionedCall>] {
        var before = plan.old
        return UIKitSectionedAdapter<ExhaustiveSectionID, ExhaustiveID>().batches(for: plan).map { batch in
            let deleted = batch.calls.flatMap { call -> [Int] in
                if case .deleteSections(let sections) = call { sections } else { [] }
            }
            var broken = batch
            broken.calls = batch.calls.map { call in
                guard case .item(.moveItem(let from, let to)) = call else { return call }
                let source = before.sections[from.section].id
                let destination = batch.dataSource.sections[to.section].id
                guard source != destination,
                    let index = before.sections.firstIndex(where: { $0.id == destination })
                else { return call }
                let shifted = index - deleted.filter { $0 < index }.count
                return .item(.moveItem(at: from, to: ItemPath(section: shifted, item: to.item)))
            }
            before = batch.dataSource
            return broken
        }
    }
}

/// Broken: whenever a section is deleted, the new sections are placed
/// after the kept ones instead of where the new snapshot has them, as a
/// hand-built snapshot that appends what it inserts would.
struct AppendsNewSectionsAfterADeletion<Inner: UpdateAdapter>: UpdateAdapter
where Inner.Plan == SectionedUpdatePlan<ExhaustiveSectionID, ExhaustiveID> {
    typealias Model = Inner.Model
    var inner: Inner
    init(_ inner: Inner) { self.inner = inner }
    var policy: AdapterPolicy { inner.policy }
    var name: String { inner.name + "-appending-new-sections" }

    func batches(
        for plan: SectionedUpdatePlan<ExhaustiveSectionID, ExhaustiveID>
    ) -> [UpdateBatch<SectionedSnapshot<ExhaustiveSectionID, ExhaustiveID>, Inner.Call>] {
        let oldIDs = Set(plan.old.sectionIDs)
        let newIDs = Set(plan.new.sectionIDs)
        guard oldIDs.contains(where: { !newIDs.contains($0) }) else { return inner.batches(for: plan) }
        let kept = plan.new.sections.filter { oldIDs.contains($0.id) }
        let added = plan.new.sections.filter { !oldIDs.contains($0.id) }
        guard
            let appended = try? SectionedUpdatePlan(
                old: plan.old, new: SectionedSnapshot(kept + added), changedItems: plan.changedItems,
                changedSections: plan.changedSections)
        else { return inner.batches(for: plan) }
        return inner.batches(for: appended)
    }

    func movedItems(for plan: SectionedUpdatePlan<ExhaustiveSectionID, ExhaustiveID>) -> Set<ExhaustiveID> {
        inner.movedItems(for: plan)
    }
}

/// Random sectioned pairs reach what the exhaustive bound of two sections
/// cannot: every built-in sectioned adapter passes them, and a planted bug
/// that needs three sections is found by them alone.
@Suite struct RandomSectionedPairTests {
    typealias S = ExhaustiveSectionID
    typealias I = ExhaustiveID
    let options = ConformanceOptions(sections: 2, sectionedIDs: 2, randomPairs: 300, maxRandomItems: 80, seed: 11)

    @Test func everyBuiltInSectionedAdapterPassesRandomPairs() {
        for report in [
            ConformanceKit.check(UIKitSectionedAdapter<S, I>(), options: options),
            ConformanceKit.check(DiffableSectionedAdapter<S, I>(), options: options),
            ConformanceKit.check(AppKitSectionedTableAdapter<S, I>(AppKitTableAdapter()), options: options),
            ConformanceKit.check(RecyclerViewSectionedAdapter<S, I>(RecyclerViewUpdateAdapter()), options: options),
        ] {
            #expect(report.passed, "\(report)")
            #expect(report.casesChecked == 2_775 + 300)
            #expect(report.groups.count == 33 + 3)
        }
    }

    /// Makes every call in one batch whenever the old list has three
    /// sections or more, as if staging were only needed for small lists.
    struct OneBatchFromThreeSections: UpdateAdapter {
        typealias Model = UIKitSectionedModel<S, I>
        var name: String { "uikit-sections-one-batch-from-three" }
        var policy: AdapterPolicy { UIKitSectionedAdapter<S, I>().policy }
        func batches(for plan: SectionedUpdatePlan<S, I>) -> [UpdateBatch<SectionedSnapshot<S, I>, UIKitSectionedCall>]
        {
            let batches = UIKitSectionedAdapter<S, I>().batches(for: plan)
            guard plan.old.sections.count >= 3, batches.count > 1 else { return batches }
            return [UpdateBatch(dataSource: plan.new, calls: batches.flatMap(\.calls))]
        }
    }

    @Test func onlyRandomPairsFindABugThatNeedsThreeSections() throws {
        let exhaustive = ConformanceKit.check(
            OneBatchFromThreeSections(), options: ConformanceOptions(sections: 2, sectionedIDs: 3))
        #expect(exhaustive.passed)
        let random = ConformanceKit.check(OneBatchFromThreeSections(), options: options)
        let smallest = try #require(random.smallestFailure)
        #expect(smallest.origin?.hasPrefix("random sectioned pair ") == true, "\(smallest)")
        #expect(smallest.origin?.hasSuffix(" of seed 11") == true, "\(smallest)")
        guard case .sectionToolkitError(batch: 1, _, _) = smallest.problem else {
            Issue.record("expected UIKit's error in the one batch, got \(smallest.problem)")
            return
        }
    }
}
