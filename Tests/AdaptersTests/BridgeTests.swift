import BatchUpdate
import Testing
import UpdateCheckAppKit
import UpdateCheckDiff
import UpdateCheckDiffable
import UpdateCheckUIKit

/// The bridges that hand a plan to UIKit, AppKit and diffable data sources,
/// proven on recording views: every built-in adapter's bridge passes the kit,
/// the data source is checked at every batch end, and two planted bridge
/// bugs fail on their smallest cases.
@Suite struct BridgeTests {
    let flat = ConformanceOptions(ids: 3, randomPairs: 40, maxRandomItems: 40, seed: 7)
    let sectioned = ConformanceOptions(sections: 2, sectionedIDs: 2)
    let threeSections = ConformanceOptions(sections: 3, sectionedIDs: 1)

    @Test(arguments: [
        UIKitBatchAdapter<Int>(), UIKitBatchAdapter<Int>(refresh: .reload),
        UIKitBatchAdapter<Int>(movedAndChanged: .deleteAndInsert),
        UIKitBatchAdapter<Int>(movedAndChanged: .refreshThenMove),
    ])
    func uikitBridgePasses(_ adapter: UIKitBatchAdapter<Int>) {
        let report = ConformanceKit.check(adapter.bridged, options: flat)
        #expect(report.passed, "\(report)")
        #expect(report.casesChecked == 887)
    }

    @Test func appKitAndDiffableBridgesPass() {
        for report in [
            ConformanceKit.check(AppKitTableAdapter<Int>().bridged, options: flat),
            ConformanceKit.check(DiffableDataSourceAdapter<Int>().bridged, options: flat),
            ConformanceKit.check(DiffableDataSourceAdapter<Int>(refresh: .reload).bridged, options: flat),
        ] {
            #expect(report.passed, "\(report)")
            #expect(report.casesChecked == 887)
        }
    }

    @Test func sectionedBridgesPassOnTwoAndThreeSections() {
        typealias S = ExhaustiveSectionID
        typealias I = ExhaustiveID
        for options in [sectioned, threeSections] {
            for report in [
                ConformanceKit.check(UIKitSectionedAdapter<S, I>().bridged, options: options),
                ConformanceKit.check(UIKitSectionedAdapter<S, I>(refresh: .reload).bridged, options: options),
                ConformanceKit.check(DiffableSectionedAdapter<S, I>().bridged, options: options),
                ConformanceKit.check(AppKitSectionedTableAdapter<S, I>(AppKitTableAdapter()).bridged, options: options),
            ] {
                #expect(report.passed, "\(report)")
                #expect(report.casesChecked == (options.sections == 2 ? 2_775 : 5_698))
            }
        }
    }

    /// A refresh-then-move plan: batch 1 refreshes at old paths while the
    /// data source holds the old order with the new content, batch 2 moves.
    @Test func refreshThenMoveGivesTheDataSourceTheOldOrderFirst() throws {
        let plan = try UpdatePlan(from: ["a", "b", "c"], to: ["c", "a", "b"], changed: ["c"])
        let view = UIKitRecordingView<UpdatePlan<String>, UIKitBatchCall>(showing: plan.old)
        var given: [[String]] = []
        UIKitBatchAdapter<String>(movedAndChanged: .refreshThenMove).apply(plan, to: view) {
            given.append($0)
            view.recorder.updateDataSource($0)
        }
        #expect(given == [["a", "b", "c"], ["c", "a", "b"]])
        let recording = view.recorder.recording
        #expect(recording.map(\.dataSource) == [["a", "b", "c"], ["c", "a", "b"]])
        #expect(
            recording.map { $0.calls.map(\.description) } == [
                ["updateDataSource()", "reconfigureItems(at: [[0, 2]])"],
                ["updateDataSource()", "moveItem(at: [0, 2], to: [0, 0])"],
            ])
        #expect(
            ConformanceKit.verify(
                recording, on: BridgedModel<UpdatePlan<String>, UIKitBatchModel<String>>.self,
                policy: UIKitBatchAdapter<String>(movedAndChanged: .refreshThenMove).policy, plan: plan) == nil)
    }

    /// A staged sectioned plan: three batches, and the data source holds
    /// each batch's in-between sections at its end.
    @Test func threeBatchSectionedPlanHandsEachInBetweenStateOver() throws {
        typealias Snapshot = SectionedSnapshot<String, String>
        let old: Snapshot = [.init(id: "S", items: ["a"]), .init(id: "T", items: ["b"])]
        let new: Snapshot = [.init(id: "U", items: ["a"]), .init(id: "T", items: ["b"])]
        let plan = try SectionedUpdatePlan(old: old, new: new)
        let view = UIKitRecordingView<SectionedUpdatePlan<String, String>, UIKitSectionedCall>(showing: old)
        UIKitSectionedAdapter<String, String>().apply(plan, to: view, dataSource: view.recorder.updateDataSource)
        let recording = view.recorder.recording
        #expect(
            recording.map(\.dataSource) == [
                [.init(id: "S", items: ["a"]), .init(id: "T", items: ["b"]), .init(id: "U", items: [])],
                [.init(id: "S", items: []), .init(id: "T", items: ["b"]), .init(id: "U", items: ["a"])],
                new,
            ])
        for batch in recording { #expect(batch.calls.first == .dataSourceUpdate(outsideBatch: false)) }
        var model = BridgedModel<SectionedUpdatePlan<String, String>, UIKitSectionedModel<String, String>>(
            showing: old)
        for batch in recording { try model.perform(batch) }
        #expect(SectionedUpdatePlan<String, String>.snapshot(of: model.displayed) == new)
    }

    /// Planted bug: the data source is given the new list once, in the first
    /// batch, for all batches.
    struct UpdatedOnceForAllBatches<Base: UpdateAdapter>: Sendable where Base.Call: UIKitViewCall {
        var base: Base

        func apply(_ plan: Base.Plan, to view: some UIKitBatchView, dataSource: (Base.Plan.Snapshot) -> Void) {
            for (index, batch) in base.batches(for: plan).enumerated() {
                view.performBatch {
                    if index == 0 { dataSource(plan.new) }
                    for call in batch.calls { call.sectioned.perform(on: view) }
                }
            }
        }
    }

    /// Planted bug: the data source is updated after each batch instead of inside it.
    struct UpdatedAfterTheBatch<Base: UpdateAdapter>: Sendable where Base.Call: UIKitViewCall {
        var base: Base

        func apply(_ plan: Base.Plan, to view: some UIKitBatchView, dataSource: (Base.Plan.Snapshot) -> Void) {
            for batch in base.batches(for: plan) {
                view.performBatch { for call in batch.calls { call.sectioned.perform(on: view) } }
                dataSource(batch.dataSource)
            }
        }
    }

    @Test func dataSourceUpdatedOnceForAllBatchesFailsOnItsSmallestCases() throws {
        let flatBug = BridgedAdapter(UIKitBatchAdapter<Int>(movedAndChanged: .refreshThenMove)) { adapter, plan in
            let view = UIKitRecordingView<UpdatePlan<Int>, UIKitBatchCall>(showing: plan.old)
            UpdatedOnceForAllBatches(base: adapter).apply(plan, to: view, dataSource: view.recorder.updateDataSource)
            return view.recorder.recording
        }
        let flatReport = ConformanceKit.check(flatBug, options: flat)
        let flatSmallest = try #require(flatReport.smallestFailure)
        // Batch 1 refreshes a at its old path while the data source already
        // holds both items.
        #expect(flatSmallest.pair == "[a] → [a, b], changed [a]")
        guard case .toolkitError(batch: 1, let flatMessage) = flatSmallest.problem else {
            Issue.record("expected a count that disagrees in batch 1, got \(flatSmallest.problem)")
            return
        }
        #expect(flatMessage.hasPrefix("Invalid update: invalid number of items in section 0."), "\(flatMessage)")

        typealias S = ExhaustiveSectionID
        typealias I = ExhaustiveID
        let sectionedBug = BridgedAdapter(UIKitSectionedAdapter<S, I>()) { adapter, plan in
            let view = UIKitRecordingView<SectionedUpdatePlan<S, I>, UIKitSectionedCall>(showing: plan.old)
            UpdatedOnceForAllBatches(base: adapter).apply(plan, to: view, dataSource: view.recorder.updateDataSource)
            return view.recorder.recording
        }
        let sectionedSmallest = try #require(ConformanceKit.check(sectionedBug, options: sectioned).smallestFailure)
        // Three batches (insert S empty, move a, delete nothing): batch 1
        // already reports the item in its new section.
        #expect(sectionedSmallest.pair == "[S: | T:] -> [T: a | S:] (changed: none)")
        #expect(
            sectionedSmallest.problem
                == .sectionToolkitError(
                    batch: 1, error: "toolkit",
                    message:
                        "attempt to insert item 0 into section 1, but there are only 0 items in section 1 after the update"
                ))
    }

    @Test func dataSourceUpdatedAfterTheBatchFailsOnItsSmallestCase() throws {
        let bug = BridgedAdapter(UIKitBatchAdapter<Int>()) { adapter, plan in
            let view = UIKitRecordingView<UpdatePlan<Int>, UIKitBatchCall>(showing: plan.old)
            UpdatedAfterTheBatch(base: adapter).apply(plan, to: view, dataSource: view.recorder.updateDataSource)
            return view.recorder.recording
        }
        let smallest = try #require(ConformanceKit.check(bug, options: flat).smallestFailure)
        #expect(smallest.pair == "[] → [a], changed []")
        #expect(
            smallest.problem
                == .toolkitError(
                    batch: 1,
                    message:
                        "attempt to insert item 0 into section 0, but there are only 0 items in section 0 after the update"
                ))
        #expect(smallest.calls == [["insertItems(at: [[0, 0]])"], ["updateDataSource(outsideBatch: true)"]])
    }

    /// The bridge written before the bridges were proven gave the data source
    /// the new list only in the first batch over it: a refresh-then-move
    /// batch 1 then refreshes cells from stale content.
    @Test func updatingOnlyInTheFirstBatchOverTheNewItemsReadsStaleContent() throws {
        let adapter = UIKitBatchAdapter<Int>(movedAndChanged: .refreshThenMove)
        let old = BridgedAdapter(adapter) { adapter, plan in
            let view = UIKitRecordingView<UpdatePlan<Int>, UIKitBatchCall>(showing: plan.old)
            let batches = adapter.batches(for: plan)
            let update = batches.firstIndex { $0.dataSource == plan.new } ?? 0
            for (index, batch) in batches.enumerated() {
                view.performBatch {
                    if index == update { view.recorder.updateDataSource(plan.new) }
                    for call in batch.calls { call.sectioned.perform(on: view) }
                }
            }
            return view.recorder.recording
        }
        let smallest = try #require(ConformanceKit.check(old, options: flat).smallestFailure)
        #expect(smallest.pair == "[a] → [a, b], changed [a]")
        #expect(smallest.calls.first == ["reconfigureItems(at: [[0, 0]])", "cellForItem(item: \"0\", stale: true)"])
        #expect(
            smallest.problem
                == .toolkitError(
                    batch: 1,
                    message: "the cell of 0 was configured from stale content: the data source was not updated yet"))
    }

    @Test func recorderNamesUpdatesOutsideAndTwiceInABatchAndBatchesLeftOpen() throws {
        let plan = try UpdatePlan(from: [1, 2], to: [2, 1])
        typealias Model = BridgedModel<UpdatePlan<Int>, UIKitBatchModel<Int>>
        let policy = UIKitBatchAdapter<Int>().policy

        let twice = UIKitRecordingView<UpdatePlan<Int>, UIKitBatchCall>(showing: plan.old)
        twice.performBatch {
            twice.recorder.updateDataSource(plan.new)
            twice.recorder.updateDataSource(plan.new)
            twice.moveItem(at: ItemPath(item: 0), to: ItemPath(item: 1))
        }
        #expect(
            ConformanceKit.verify(twice.recorder.recording, on: Model.self, policy: policy, plan: plan)
                == .toolkitError(batch: 1, message: BridgeError.updatedMoreThanOnce.description))

        let late = UIKitRecordingView<UpdatePlan<Int>, UIKitBatchCall>(showing: plan.old)
        late.performBatch {
            late.moveItem(at: ItemPath(item: 0), to: ItemPath(item: 1))
            late.recorder.updateDataSource(plan.new)
        }
        #expect(
            ConformanceKit.verify(late.recorder.recording, on: Model.self, policy: policy, plan: plan)
                == .toolkitError(batch: 1, message: BridgeError.updatedAfterCalls.description))

        let open = UIKitRecordingView<UpdatePlan<Int>, UIKitBatchCall>(showing: plan.old)
        open.recorder.beginBatch()
        open.recorder.updateDataSource(plan.new)
        #expect(open.recorder.recording.last?.calls.last?.description == "batchLeftOpen()")

        let section = UIKitRecordingView<UpdatePlan<Int>, UIKitBatchCall>(showing: plan.old)
        section.performBatch { section.deleteSections([0]) }
        #expect(
            ConformanceKit.verify(section.recorder.recording, on: Model.self, policy: policy, plan: plan)
                == .toolkitError(
                    batch: 1, message: "deleteSections(sections: [0]) is not a call this toolkit model takes"))
    }
}

/// A main-actor view, as UIKit's are, conforming the way
/// `UIKitBatchView+UIKit.swift` makes `UICollectionView` conform: the generic
/// bridge runs on it from the main actor.
@MainActor final class MainActorCollection: @preconcurrency UIKitBatchView {
    var log: [String] = []
    func performBatch(_ updates: () -> Void) {
        log.append("begin")
        updates()
        log.append("end")
    }
    func deleteItems(at paths: [ItemPath]) { log.append("delete \(paths)") }
    func insertItems(at paths: [ItemPath]) { log.append("insert \(paths)") }
    func reloadItems(at paths: [ItemPath]) { log.append("reload \(paths)") }
    func reconfigureItems(at paths: [ItemPath]) { log.append("reconfigure \(paths)") }
    func moveItem(at path: ItemPath, to newPath: ItemPath) { log.append("move \(path) \(newPath)") }
    func deleteSections(_ sections: [Int]) { log.append("deleteSections \(sections)") }
    func insertSections(_ sections: [Int]) { log.append("insertSections \(sections)") }
    func reloadSections(_ sections: [Int]) { log.append("reloadSections \(sections)") }
    func moveSection(_ section: Int, toSection newSection: Int) { log.append("moveSection \(section) \(newSection)") }
}

@MainActor @Suite struct MainActorBridgeTests {
    @Test func bridgeRunsOnAMainActorViewWithTheAppsDataSource() throws {
        let view = MainActorCollection()
        var shown = ["a", "b"]
        let plan = try UpdatePlan(from: shown, to: ["b", "c"], changed: ["b"])
        UIKitBatchAdapter<String>().apply(plan, to: view) { items in
            view.log.append("data source \(items)")
            shown = items
        }
        #expect(shown == ["b", "c"])
        #expect(
            view.log == [
                "begin", "data source [\"b\", \"c\"]", "delete [[0, 0]]", "insert [[0, 1]]", "end",
                "begin", "data source [\"b\", \"c\"]", "reconfigure [[0, 0]]", "end",
            ])
    }
}
