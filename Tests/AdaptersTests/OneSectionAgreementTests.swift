import BatchUpdate
import Testing
import UpdateCheckDiff
import UpdateCheckDiffable
import UpdateCheckUIKit

/// Each flat toolkit model is the one-section case of its sectioned one: on
/// a view with one section, both accept the same batches and show the same
/// rows in the same cells afterwards, and refuse the same batches with the
/// same error, so that the two cannot drift apart.
@Suite struct OneSectionAgreementTests {
    typealias Sectioned = UIKitSectionedModel<String, String>

    /// Random batches of item calls, valid and invalid, on lists of up to
    /// four items: the flat UIKit model and the sectioned one on one section
    /// agree on every batch, to the error they raise.
    @Test func uikit() {
        var random = SplitMix64(seed: 22)
        var disagreements: [String] = []
        for _ in 0..<20_000 {
            let (old, new) = Self.pair(using: &random)
            let calls = (0..<Int.random(in: 1...4, using: &random)).map { _ in
                Self.call(old: old.count, new: new.count, using: &random)
            }
            var flat = UIKitBatchModel(showing: old)
            var sectioned = Sectioned(showing: Self.oneSection(old))
            let disagreement = Self.disagreement(
                &flat, UpdateBatch(dataSource: new, calls: calls), &sectioned,
                UpdateBatch(dataSource: Self.oneSection(new), calls: calls.map { .item($0) }), sameError: ==)
            if let disagreement { disagreements.append("\(old) -> \(new) \(calls): \(disagreement)") }
        }
        #expect(disagreements.count == 0, "\(disagreements.prefix(5))")
    }

    /// The flat UIKit adapter and the sectioned one make the same batches
    /// for a list of one section: on every pair of four IDs, with nothing
    /// and with every kept item changed, for both refresh styles.
    @Test func uikitAdapters() throws {
        let snapshots = orderedSelections(of: ["a", "b", "c", "d"])
        for refresh in [RefreshStyle.reconfigure, .reload] {
            let flatAdapter = UIKitBatchAdapter<String>(refresh: refresh)
            let sectionedAdapter = UIKitSectionedAdapter<String, String>(refresh: refresh)
            for old in snapshots {
                for new in snapshots {
                    for changed in [[], new.filter(old.contains)] {
                        let flat = flatAdapter.batches(for: try UpdatePlan(from: old, to: new, changed: changed))
                        let sectioned = sectionedAdapter.batches(
                            for: try SectionedUpdatePlan(
                                old: Self.oneSection(old), new: Self.oneSection(new), changedItems: Set(changed)))
                        let expected = flat.map { batch in
                            UpdateBatch(
                                dataSource: Self.oneSection(batch.dataSource),
                                calls: batch.calls.map { UIKitSectionedCall.item($0) })
                        }
                        #expect(sectioned == expected, "\(old) -> \(new), changed \(changed)")
                    }
                }
            }
        }
    }

    /// `items` as the one section `S`.
    static func oneSection(_ items: [String]) -> SectionedSnapshot<String, String> {
        SectionedSnapshot([.init(id: "S", items: items)])
    }

    /// Random applications of a snapshot, valid and invalid (repeated IDs,
    /// refreshes of IDs it lacks): the flat diffable model's `apply` and the
    /// sectioned one's snapshot built anew in one section agree on every
    /// application, to the error they raise.
    @Test func diffable() {
        var random = SplitMix64(seed: 22)
        var disagreements: [String] = []
        for _ in 0..<20_000 {
            let (old, new) = Self.pair(using: &random)
            var items = new
            if !items.isEmpty && Int.random(in: 0..<8, using: &random) == 0 { items.append(items[0]) }
            let pool = old + ["x", "y", "z"]
            let reconfigured = pool.filter { _ in Int.random(in: 0..<4, using: &random) == 0 }
            let reloaded = pool.filter { _ in Int.random(in: 0..<6, using: &random) == 0 }
            var flat = DiffableDataSourceModel(showing: old)
            var sectioned = DiffableSectionedModel<String, String>(showing: Self.oneSection(old))
            var calls: [DiffableSectionedCall<String, String>] = [
                .deleteAllItems, .appendSections(["S"]), .appendItems(items, toSection: "S"),
            ]
            if !reconfigured.isEmpty { calls.append(.reconfigureItems(reconfigured)) }
            if !reloaded.isEmpty { calls.append(.reloadItems(reloaded)) }
            let disagreement = Self.disagreement(
                &flat,
                UpdateBatch(
                    dataSource: new,
                    calls: [SnapshotApplyCall(items: items, reconfigured: reconfigured, reloaded: reloaded)]),
                &sectioned, UpdateBatch(dataSource: Self.oneSection(new), calls: calls), sameError: ==)
            if let disagreement {
                disagreements.append(
                    "\(old) -> \(items) reconfigured \(reconfigured) reloaded \(reloaded): \(disagreement)")
            }
        }
        #expect(disagreements.count == 0, "\(disagreements.prefix(5))")
    }

    /// What the two models did with their batches, or `nil` when they
    /// agree: both refuse with errors `sameError` holds the same, or both
    /// accept and show the same rows in the same cells.
    static func disagreement<Flat: ToolkitModel, Sectioned: ToolkitModel>(
        _ flat: inout Flat, _ flatBatch: UpdateBatch<Flat.Snapshot, Flat.Call>, _ sectioned: inout Sectioned,
        _ sectionedBatch: UpdateBatch<Sectioned.Snapshot, Sectioned.Call>,
        sameError: (Flat.Failure, Sectioned.Failure) -> Bool
    ) -> String?
    where Flat.Displayed == [DisplayedRow<String>], Sectioned.Displayed == [DisplayedSection<String, String>] {
        let flatResult = Result { () throws(Flat.Failure) in try flat.perform(flatBatch) }
        let sectionedResult = Result { () throws(Sectioned.Failure) in try sectioned.perform(sectionedBatch) }
        switch (flatResult, sectionedResult) {
        case (.success, .success) where sectioned.displayed.first?.rows == flat.displayed: return nil
        case (.failure(let flatError), .failure(let sectionedError)) where sameError(flatError, sectionedError):
            return nil
        default:
            return "flat \(flatResult.map { flat.displayed }), "
                + "sectioned \(sectionedResult.map { sectioned.displayed.first?.rows ?? [] })"
        }
    }

    /// A random old list of up to four items and a new one: some of them,
    /// shuffled, and now and then `x` and `y` inserted.
    static func pair(using random: inout SplitMix64) -> (old: [String], new: [String]) {
        let old = Array(["a", "b", "c", "d"].shuffled(using: &random).prefix(Int.random(in: 0...4, using: &random)))
        var new = old.filter { _ in Bool.random(using: &random) || Bool.random(using: &random) }
        new.shuffle(using: &random)
        for id in ["x", "y"] where Bool.random(using: &random) {
            new.insert(id, at: Int.random(in: 0...new.count, using: &random))
        }
        return (old, new)
    }

    /// A random item call on a list of `old` items before and `new` after,
    /// its paths now and then out of range or in a section that is not there.
    static func call(old: Int, new: Int, using random: inout SplitMix64) -> UIKitBatchCall {
        func path(_ count: Int) -> ItemPath {
            let section = Int.random(in: 0..<12, using: &random) == 0 ? 1 : 0
            return ItemPath(section: section, item: Int.random(in: 0...max(count, 0), using: &random))
        }
        func paths(_ count: Int) -> [ItemPath] {
            (0..<Int.random(in: 1...2, using: &random)).map { _ in path(count) }
        }
        switch Int.random(in: 0..<5, using: &random) {
        case 0: return .deleteItems(paths(old))
        case 1: return .insertItems(paths(new))
        case 2: return .reloadItems(paths(old))
        case 3: return .reconfigureItems(paths(old))
        default: return .moveItem(at: path(old), to: path(new))
        }
    }
}
