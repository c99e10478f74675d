import BatchUpdate

extension PlanPicture {
    /// The picture of `plan` and the calls an adapter made for it: every
    /// kept item joined as the plan keeps it, moved and changed as the plan says.
    package init(title: String, plan: UpdatePlan<String>, batches: [[String]], notes: [String] = []) {
        var links: [Link] = []
        for newIndex in plan.new.indices {
            guard let oldIndex = plan.oldIndex(ofNew: newIndex) else { continue }
            links.append(
                Link(
                    old: oldIndex, new: newIndex, moved: plan.isMoved(new: newIndex),
                    changed: plan.isChanged(new: newIndex)))
        }
        self.init(title: title, old: plan.old, new: plan.new, links: links, batches: batches, notes: notes)
    }

    /// The picture of a failing conformance case of `adapter`: the pair, the
    /// changed items, the adapter's calls and what went wrong; a sectioned
    /// case in bands, its batches ending with the sections they leave.
    package init(adapter: String, failure: ConformanceFailure) {
        if let sections = failure.sections {
            self.init(adapter: adapter, failure: failure, sections: sections)
            return
        }
        var notes = ["\(adapter): \(failure.problem)"]
        if let origin = failure.origin { notes.append(origin) }
        self.init(
            title: "\(adapter): \(failure.pair)", old: failure.old, new: failure.new, changed: failure.changed,
            batches: failure.calls, notes: notes)
    }
}
