import Dispatch
import ListDiff

/// One way a sectioned adapter failed, on the smallest pair that shows it.
public struct SectionedConformanceFailure: Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure: the model error's kind, or `wrong rows`,
    /// `wrong sections`, `not refreshed`, `cell lost`.
    public var kind: String
    /// The old snapshot, `[S: a b | T: c]`.
    public var old: String
    /// The new snapshot.
    public var new: String
    /// The content-changed items and sections of the case (`a, §S`), or empty.
    public var changed: String
    /// What went wrong: the toolkit's message, or expected against shown.
    public var message: String
    /// The adapter's batches, one line each.
    public var batches: [String]

    /// Creates a failure record.
    public init(kind: String, old: String, new: String, changed: String, message: String, batches: [String]) {
        self.kind = kind
        self.old = old
        self.new = new
        self.changed = changed
        self.message = message
        self.batches = batches
    }

    /// `[S: a] -> [T: a] (changed: none): <message>`.
    public var description: String {
        "\(old) -> \(new) (changed: \(changed.isEmpty ? "none" : changed)): \(message)"
    }
}

/// The outcome of proving one sectioned adapter.
public struct SectionedConformanceReport: Sendable, Equatable {
    /// The adapter's name.
    public var adapter: String
    /// How many cases (pair × changed content) were replayed.
    public var casesChecked: Int
    /// How many of them failed.
    public var failureCount: Int
    /// The smallest failing case of each kind, smallest first.
    public var failures: [SectionedConformanceFailure]

    /// Whether every case passed.
    public var passed: Bool { failureCount == 0 }
}

/// Proves a sectioned adapter on its toolkit model, for every pair of a
/// `SectionedExhaustiveCheck` bound.
///
/// Each pair is checked three times: with no content change, with every
/// kept item changed, and with every kept section changed. Replaying the
/// adapter's batches on its model must not trip a toolkit error and must
/// show exactly the new sections and items; every changed item and section
/// must be refreshed; every kept item that is not changed and whose section
/// is not changed must keep its cell (unless the adapter moves it and its
/// moves replace cells), and changed items keep theirs as the policy says.
/// The smallest failing case of each kind is reported (fewest items, then
/// fewest sections), with the toolkit's message.
public enum SectionedConformanceKit {
    /// Checks `adapter` on every pair of up to `sectionCount` sections and
    /// `idCount` items (see `SectionedExhaustiveCheck` for the counts);
    /// old snapshots run in parallel.
    public static func check<Adapter: SectionedUpdateAdapter>(
        _ adapter: Adapter, sectionCount: Int, idCount: Int, shard: Shard = .whole
    ) -> SectionedConformanceReport
    where Adapter.SectionID == ExhaustiveSectionID, Adapter.ItemID == ExhaustiveID {
        let snapshots = SectionedExhaustiveCheck(sectionCount: sectionCount, idCount: idCount).snapshots
        let positions = Array(shard.positions(among: snapshots.count))
        let results = ResultSlots(count: positions.count)
        DispatchQueue.concurrentPerform(iterations: positions.count) { index in
            let old = snapshots[positions[index]]
            var checked = 0
            var failed: [(key: [Int], failure: SectionedConformanceFailure)] = []
            for new in snapshots {
                let keptItems = Set(old.sections.flatMap(\.items)).intersection(new.sections.flatMap(\.items))
                let keptSections = Set(old.sectionIDs).intersection(new.sectionIDs)
                for variant in 0..<3 {
                    let items = variant == 1 ? keptItems : []
                    let sections = variant == 2 ? keptSections : []
                    if variant > 0 && items.isEmpty && sections.isEmpty { continue }
                    checked += 1
                    if let failure = problem(of: adapter, old: old, new: new, items: items, sections: sections) {
                        let key = [
                            old.itemCount + new.itemCount, old.sections.count + new.sections.count, variant,
                        ]
                        failed.append((key, failure))
                    }
                }
            }
            results.store((checked, failed), at: index)
        }
        var checked = 0
        var count = 0
        var smallest: [String: (key: [Int], failure: SectionedConformanceFailure)] = [:]
        for (rowChecked, rowFailures) in results.all() {
            checked += rowChecked
            count += rowFailures.count
            for entry in rowFailures {
                if let current = smallest[entry.failure.kind], !current.key.lexicographicallyPrecedes(entry.key) {
                    if entry.key.lexicographicallyPrecedes(current.key) { smallest[entry.failure.kind] = entry }
                } else if smallest[entry.failure.kind] == nil {
                    smallest[entry.failure.kind] = entry
                }
            }
        }
        let failures = smallest.values.sorted { $0.key.lexicographicallyPrecedes($1.key) }.map(\.failure)
        return SectionedConformanceReport(
            adapter: adapter.name, casesChecked: checked, failureCount: count, failures: failures)
    }

    /// Replays one case; `nil` when it passes.
    public static func problem<Adapter: SectionedUpdateAdapter>(
        of adapter: Adapter, old: SectionedSnapshot<Adapter.SectionID, Adapter.ItemID>,
        new: SectionedSnapshot<Adapter.SectionID, Adapter.ItemID>, items: Set<Adapter.ItemID>,
        sections: Set<Adapter.SectionID>
    ) -> SectionedConformanceFailure? {
        let plan: SectionedUpdatePlan<Adapter.SectionID, Adapter.ItemID>
        do {
            plan = try SectionedUpdatePlan(old: old, new: new, changedItems: items, changedSections: sections)
        } catch {
            preconditionFailure("exhaustive snapshots have unique IDs: \(error)")
        }
        let batches = adapter.batches(for: plan)
        let changed = (items.map { "\($0)" }.sorted() + sections.map { "§\($0)" }.sorted()).joined(separator: ", ")
        func failure(_ kind: String, _ message: String) -> SectionedConformanceFailure {
            SectionedConformanceFailure(
                kind: kind, old: old.description, new: new.description, changed: changed, message: message,
                batches: batches.map(\.description))
        }
        var model = Adapter.Model(showing: old)
        for (number, batch) in batches.enumerated() {
            do {
                try model.perform(batch)
            } catch {
                let kind = caseName(of: error)
                return failure(kind, "batch \(number + 1): \(error.description)")
            }
        }
        let shown = model.sections
        guard shown.map(\.id) == new.sectionIDs else {
            return failure(
                "wrong sections", "expected sections \(new.sectionIDs), shown \(shown.map(\.id))")
        }
        guard shown.map({ $0.rows.map(\.id) }) == new.sections.map(\.items) else {
            let texts = shown.map { section in
                "\(section.id): " + section.rows.map { "\($0.id)" }.joined(separator: " ")
            }
            return failure("wrong rows", "expected \(new), shown [\(texts.joined(separator: " | "))]")
        }
        let initialCells = Dictionary(
            uniqueKeysWithValues: DisplayedSection.initial(showing: old).flatMap(\.rows).map { ($0.id, $0.cell) })
        let moved = adapter.movedItems(for: plan)
        for section in shown {
            if sections.contains(section.id) && !section.isRefreshed {
                return failure("not refreshed", "section \(section.id) changed but was not refreshed")
            }
            for row in section.rows {
                if items.contains(row.id) && !row.isRefreshed {
                    return failure("not refreshed", "item \(row.id) changed but was not refreshed")
                }
                guard let cell = initialCells[row.id], !sections.contains(section.id) else { continue }
                let keeps = adapter.policy.expectation(
                    isMoved: moved.contains(row.id), isChanged: items.contains(row.id)
                )
                .keepsCell
                if keeps && row.cell != cell {
                    return failure("cell lost", "item \(row.id) lost its cell \(cell) (now \(row.cell))")
                }
            }
        }
        return nil
    }
}

/// The case names of an error, outer to inner, with the action where the
/// case has one (`sections.itemChangeInMovedSection(insert)`): failures are
/// grouped by it whatever the message's values.
func caseName(of value: Any) -> String {
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .enum else { return "\(type(of: value))" }
    guard let child = mirror.children.first, let label = child.label else { return "\(value)" }
    let payload = Mirror(reflecting: child.value)
    if payload.displayStyle == .enum { return label + "." + caseName(of: child.value) }
    if let action = payload.children.first(where: { $0.label == "action" }) { return "\(label)(\(action.value))" }
    return label
}

/// Per-row results written by parallel workers, each slot by one worker.
private final class ResultSlots: @unchecked Sendable {
    typealias Result = (checked: Int, failures: [(key: [Int], failure: SectionedConformanceFailure)])
    private let buffer: UnsafeMutableBufferPointer<Result>

    init(count: Int) {
        buffer = .allocate(capacity: count)
        buffer.initialize(repeating: (0, []))
    }

    deinit {
        buffer.deinitialize()
        buffer.deallocate()
    }

    func store(_ result: Result, at index: Int) { buffer[index] = result }

    func all() -> [Result] { Array(buffer) }
}
