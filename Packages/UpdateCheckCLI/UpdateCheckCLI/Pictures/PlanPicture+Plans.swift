import BatchUpdate
import UpdateCheckDiff

extension PlanPicture {
    /// The picture of a flat `plan` and the calls an adapter made for it:
    /// every kept item joined as the plan keeps it, moved and changed as the
    /// plan says.
    package init(title: String, plan: UpdatePlan<String>, batches: [[String]], notes: [String] = []) {
        self.init(
            title: title, old: plan.old, new: plan.new, moved: plan.movedItems, changed: Set(plan.changedIDs),
            batches: batches, notes: notes)
    }

    /// The picture of a sectioned `plan` and the calls an adapter made for
    /// it, drawn as a flat one is, each section then a band holding its
    /// items: sections deleted, inserted and moved as the plan's diff says;
    /// kept items joined across sections.
    package init(
        title: String, plan: SectionedUpdatePlan<String, String>, batches: [[String]], notes: [String] = []
    ) {
        let diff = plan.diff
        self.init(
            title: title, old: plan.old.sections.flatMap(\.items), new: plan.new.sections.flatMap(\.items),
            moved: plan.movedItems, changed: plan.changedItems, batches: batches, notes: notes)
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
        oldBands = bands(plan.old, isOld: true)
        newBands = bands(plan.new, isOld: false)
    }

    /// The picture of a failing conformance case of `adapter`: the pair, the
    /// changed items, the adapter's calls and what went wrong; a sectioned
    /// case in bands, its batches ending with the sections they leave.
    package init(adapter: String, failure: ConformanceFailure) {
        let title = "\(adapter): \(failure.pair)"
        var notes = ["\(adapter): \(failure.problem)"]
        guard let sections = failure.sections else {
            if let origin = failure.origin { notes.append(origin) }
            self.init(
                title: title, old: failure.old, new: failure.new, changed: failure.changed, batches: failure.calls,
                notes: notes)
            return
        }
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
