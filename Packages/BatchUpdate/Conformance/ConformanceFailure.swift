import UpdateCheckDiff

/// One failing case of the conformance kit: the pair, the changed items, what
/// went wrong and the adapter's calls, ready to paste into a test.
///
/// A flat list's case names its items; a sectioned list's case also keeps
/// its ``sections`` (the snapshots, the changed sections and what the data
/// source held after each batch), and reads in the sectioned form
/// (`[S: a] -> [T: a] (changed: none)`).
public struct ConformanceFailure: Sendable, Equatable, CustomStringConvertible {
    /// The sections of a sectioned case.
    public struct Sections: Sendable, Equatable {
        /// The old snapshot, its IDs as text.
        public var old: SectionedSnapshot<String, String>
        /// The new snapshot, its IDs as text.
        public var new: SectionedSnapshot<String, String>
        /// The changed sections, sorted.
        public var changed: [String]
        /// What the data source held after each batch (`[T: a c]`), one per batch.
        public var shown: [String]

        /// Creates the sections of a case.
        public init(
            old: SectionedSnapshot<String, String>, new: SectionedSnapshot<String, String>, changed: [String],
            shown: [String]
        ) {
            self.old = old
            self.new = new
            self.changed = changed
            self.shown = shown
        }
    }

    /// The old items, in order (over all sections for a sectioned case).
    public var old: [String]
    /// The new items, in order.
    public var new: [String]
    /// The items marked content-changed: in new order, sorted for a sectioned case.
    public var changed: [String]
    /// What went wrong.
    public var problem: ConformanceProblem
    /// The adapter's calls, one list per batch.
    public var calls: [[String]]
    /// Where a random case came from (seed, pair number, original size), or `nil`.
    public var origin: String?
    /// The sections of a sectioned case, or `nil` for a flat list's.
    public var sections: Sections?
    /// Orders failures smallest first. A flat case: the larger snapshot,
    /// then both together, then the changed count; a sectioned case: total
    /// items, total sections, then the variant (nothing changed, items
    /// changed, sections changed).
    public var sizeKey: [Int]

    /// Creates the failure of a flat case.
    public init(
        old: [String], new: [String], changed: [String], problem: ConformanceProblem, calls: [[String]],
        origin: String? = nil
    ) {
        self.old = old
        self.new = new
        self.changed = changed
        self.problem = problem
        self.calls = calls
        self.origin = origin
        sections = nil
        sizeKey = [max(old.count, new.count), old.count + new.count, changed.count]
    }

    /// Creates the failure of a sectioned case: `old` to `new` with
    /// `changedItems` and `changedSections`, its IDs shown as text, and each
    /// batch's calls and the sections the data source held after it.
    public init<SectionID, ItemID, Call: ToolkitCall>(
        old: SectionedSnapshot<SectionID, ItemID>, new: SectionedSnapshot<SectionID, ItemID>,
        changedItems: Set<ItemID>, changedSections: Set<SectionID>, problem: ConformanceProblem,
        batches: [UpdateBatch<SectionedSnapshot<SectionID, ItemID>, Call>], sizeKey: [Int] = []
    ) {
        func text(_ snapshot: SectionedSnapshot<SectionID, ItemID>) -> SectionedSnapshot<String, String> {
            SectionedSnapshot<String, String>(
                snapshot.sections.map { .init(id: "\($0.id)", items: $0.items.map { "\($0)" }) })
        }
        let sections = Sections(
            old: text(old), new: text(new), changed: changedSections.map { "\($0)" }.sorted(),
            shown: batches.map(\.dataSource.description))
        self.old = sections.old.sections.flatMap(\.items)
        self.new = sections.new.sections.flatMap(\.items)
        self.changed = changedItems.map { "\($0)" }.sorted()
        self.problem = problem
        self.calls = batches.map { $0.calls.map(\.description) }
        self.origin = nil
        self.sections = sections
        self.sizeKey = sizeKey
    }

    /// The case in one line: `[a, b, c] → [c, a, d], changed [a]`, or for a
    /// sectioned case `[S: a] -> [T: a] (changed: a, §T)`.
    public var pair: String {
        guard let sections else {
            return "[\(old.joined(separator: ", "))] → [\(new.joined(separator: ", "))], "
                + "changed [\(changed.joined(separator: ", "))]"
        }
        let changes = (changed + sections.changed.map { "§" + $0 }).joined(separator: ", ")
        return "\(sections.old) -> \(sections.new) (changed: \(changes.isEmpty ? "none" : changes))"
    }

    /// The kind of failure, which a sectioned run keeps the smallest case
    /// of: ``ConformanceProblem/kind``.
    public var kind: String { problem.kind }

    /// The case, the problem, the origin and the calls batch by batch, on
    /// several lines (a sectioned batch ends with the sections the data
    /// source held after it).
    public var description: String {
        var text = "\(pair): \(problem)"
        if let sections {
            for (index, batch) in calls.enumerated() {
                text += "\n  batch \(index + 1): " + batch.joined(separator: "; ") + " → " + sections.shown[index]
            }
            return text
        }
        if let origin { text += "\n  (\(origin))" }
        if calls.isEmpty { text += "\n  no calls" }
        for (index, batch) in calls.enumerated() {
            text += "\n  batch \(index + 1): " + (batch.isEmpty ? "no calls" : batch.joined(separator: "; "))
        }
        return text
    }
}

/// What went wrong when an adapter's calls were replayed on its toolkit model.
///
/// The first cases are a flat list's, naming rows; the `section…` cases are
/// a sectioned list's, worded as the sectioned check reports them.
public enum ConformanceProblem: Sendable, Hashable, CustomStringConvertible {
    /// The model raised the toolkit's error in batch `batch` (from 1).
    case toolkitError(batch: Int, message: String)
    /// The rows shown afterwards are not the new snapshot.
    case wrongRows(expected: [String], shown: [String])
    /// A content-changed item was not refreshed.
    case notRefreshed(id: String, row: Int)
    /// An item whose content did not change was refreshed anyway.
    case refreshedWithoutChange(id: String, row: Int)
    /// A kept item lost its cell although the adapter's policy keeps it.
    case lostCell(id: String, row: Int)
    /// A kept item kept its cell although the adapter's policy replaces it.
    case keptCell(id: String, row: Int)
    /// An inserted item is shown in a cell that showed another item before.
    case reusedOldCell(id: String, row: Int)
    /// A sectioned model raised the toolkit's error `error` (its case name,
    /// `sections.invalidItemCount`) in batch `batch` (from 1).
    case sectionToolkitError(batch: Int, error: String, message: String)
    /// The sections shown afterwards are not the new snapshot's (`[S, T]`).
    case sectionsWrong(expected: String, shown: String)
    /// The sections are right but their rows are not (`[S: a | T: b]`).
    case sectionRowsWrong(expected: String, shown: String)
    /// A content-changed section was not refreshed.
    case sectionNotRefreshed(id: String)
    /// A content-changed item of a sectioned list was not refreshed.
    case sectionItemNotRefreshed(id: String)
    /// A kept item of a sectioned list lost its cell although the policy keeps it.
    case sectionCellLost(id: String, cell: Int, now: Int)

    /// What kind of problem: `wrong rows`, `not refreshed`, `cell lost`, …;
    /// for a sectioned toolkit error, the error's case name.
    public var kind: String {
        switch self {
        case .toolkitError: "toolkit error"
        case .wrongRows, .sectionRowsWrong: "wrong rows"
        case .notRefreshed, .sectionNotRefreshed, .sectionItemNotRefreshed: "not refreshed"
        case .refreshedWithoutChange: "refreshed without change"
        case .lostCell, .sectionCellLost: "cell lost"
        case .keptCell: "cell kept"
        case .reusedOldCell: "old cell reused"
        case .sectionToolkitError(_, let error, _): error
        case .sectionsWrong: "wrong sections"
        }
    }

    /// One sentence naming the item, row or error.
    public var description: String {
        switch self {
        case .toolkitError(let batch, let message):
            "batch \(batch) raised: \(message)"
        case .wrongRows(let expected, let shown):
            "the toolkit shows [\(shown.joined(separator: ", "))] instead of [\(expected.joined(separator: ", "))]"
        case .notRefreshed(let id, let row):
            "\(id) (row \(row)) changed but was not refreshed"
        case .refreshedWithoutChange(let id, let row):
            "\(id) (row \(row)) was refreshed although its content did not change"
        case .lostCell(let id, let row):
            "\(id) (row \(row)) lost its cell, which the adapter's policy keeps"
        case .keptCell(let id, let row):
            "\(id) (row \(row)) kept its cell, which the adapter's policy replaces"
        case .reusedOldCell(let id, let row):
            "\(id) (row \(row)) is inserted but shown in a cell that showed another item"
        case .sectionToolkitError(let batch, _, let message):
            "batch \(batch): \(message)"
        case .sectionsWrong(let expected, let shown):
            "expected sections \(expected), shown \(shown)"
        case .sectionRowsWrong(let expected, let shown):
            "expected \(expected), shown \(shown)"
        case .sectionNotRefreshed(let id):
            "section \(id) changed but was not refreshed"
        case .sectionItemNotRefreshed(let id):
            "item \(id) changed but was not refreshed"
        case .sectionCellLost(let id, let cell, let now):
            "item \(id) lost its cell \(cell) (now \(now))"
        }
    }
}
