import BatchUpdate
import UpdateCheckDiff

extension PlanPicture {
    /// The picture of a sectioned `plan` and the calls an adapter made for
    /// it: each section a band holding its items, sections deleted, inserted
    /// and moved as the plan's diff says; kept items joined across sections.
    package init(
        title: String, plan: SectionedUpdatePlan<String, String>, batches: [[String]], notes: [String] = []
    ) {
        let diff = plan.diff
        let movedItems = plan.movedItems
        var oldOffset: [String: Int] = [:]
        for (offset, id) in plan.old.sections.flatMap(\.items).enumerated() { oldOffset[id] = offset }
        var links: [Link] = []
        for (offset, id) in plan.new.sections.flatMap(\.items).enumerated() {
            guard let source = oldOffset[id] else { continue }
            links.append(
                Link(
                    old: source, new: offset, moved: movedItems.contains(id),
                    changed: plan.changedItems.contains(id)))
        }
        let deleted = Set(diff.sections.deletions.map(\.offset))
        let inserted = Set(diff.sections.insertions.map(\.offset))
        let movedFrom = Set(diff.sections.moves.map(\.from))
        let movedTo = Set(diff.sections.moves.map(\.to))
        func bands(_ snapshot: SectionedSnapshot<String, String>, isOld: Bool) -> [Band] {
            var first = 0
            return snapshot.sections.enumerated().map { offset, section in
                defer { first += section.items.count }
                var kind: String
                if isOld ? deleted.contains(offset) : inserted.contains(offset) {
                    kind = isOld ? "deleted" : "inserted"
                } else {
                    kind = (isOld ? movedFrom : movedTo).contains(offset) ? "moved" : "kept"
                    if plan.changedSections.contains(section.id) { kind += " changed" }
                }
                return Band(id: section.id, first: first, count: section.items.count, kind: kind)
            }
        }
        self.init(
            title: title, old: plan.old.sections.flatMap(\.items), new: plan.new.sections.flatMap(\.items),
            links: links, batches: batches, notes: notes)
        oldBands = bands(plan.old, isOld: true)
        newBands = bands(plan.new, isOld: false)
    }

    /// The picture of a failing sectioned conformance case of `adapter`: the
    /// pair in bands, the changed items and sections, the adapter's batches
    /// and what went wrong.
    init(adapter: String, failure: ConformanceFailure, sections: ConformanceFailure.Sections) {
        let title = "\(adapter): \(failure.pair)"
        let notes = ["\(adapter): \(failure.problem)"]
        let batches = zip(failure.calls, sections.shown).map { [$0.joined(separator: "; ") + " → " + $1] }
        do {
            let plan = try SectionedUpdatePlan(
                old: sections.old, new: sections.new, changedItems: Set(failure.changed),
                changedSections: Set(sections.changed))
            self.init(title: title, plan: plan, batches: batches, notes: notes)
        } catch {
            self.init(
                title: title, old: failure.old, new: failure.new, links: [], batches: batches,
                notes: notes + [error.description])
        }
    }
}
