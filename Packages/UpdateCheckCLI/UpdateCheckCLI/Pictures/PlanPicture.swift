import UpdateCheckDiff

/// What a picture of an update plan shows: the old and new lists, how the
/// items are joined, and the ordered calls of the toolkit.
///
/// Built from the pair with UpdateCheckDiff's engine, so that its moves are exactly
/// the diff's (and the plan's); rendered by ``SVGPlanRenderer``.
package struct PlanPicture: Sendable, Equatable {
    /// A kept item: where it was, where it is, and what happened to it.
    package struct Link: Sendable, Equatable {
        /// The item's old offset.
        package var old: Int
        /// The item's new offset.
        package var new: Int
        /// Whether the diff moves it.
        package var moved: Bool
        /// Whether its content changed (it is reloaded or reconfigured).
        package var changed: Bool
    }

    /// A section of a sectioned list, drawn as a band holding its items.
    package struct Band: Sendable, Equatable {
        /// The section's ID.
        package var id: String
        /// The offset of its first item over all sections.
        package var first: Int
        /// How many items it holds.
        package var count: Int
        /// `kept`, `moved`, `deleted` (old side) or `inserted` (new side),
        /// with ` changed` added for a reloaded section.
        package var kind: String
    }

    /// The heading, e.g. `plan for UIKit` or the failing case.
    package var title: String
    /// The old snapshot's IDs.
    package var old: [String]
    /// The new snapshot's IDs.
    package var new: [String]
    /// Every kept item, by ascending new offset.
    package var links: [Link]
    /// The calls, one list per batch (a single batch for most toolkits).
    package var batches: [[String]]
    /// Lines printed under the calls in red (what went wrong), if any.
    package var notes: [String]
    /// The old list's sections, in order (empty for a flat list); `old` then
    /// holds their items, section after section.
    package var oldBands: [Band] = []
    /// The new list's sections, in order (empty for a flat list).
    package var newBands: [Band] = []

    /// Creates a picture from its parts.
    package init(
        title: String, old: [String], new: [String], links: [Link], batches: [[String]], notes: [String] = []
    ) {
        self.title = title
        self.old = old
        self.new = new
        self.links = links
        self.batches = batches
        self.notes = notes
    }

    /// Creates the picture of the pair (`old`, `new`) with the kept items in
    /// `changed` marked as changed, joining kept items by UpdateCheckDiff's diff.
    ///
    /// A pair UpdateCheckDiff rejects (duplicate IDs) is drawn without links, with
    /// the error as a note.
    package init(
        title: String, old: [String], new: [String], changed: [String], batches: [[String]], notes: [String] = []
    ) {
        do {
            let result = try diff(from: old, to: new)
            self.init(
                title: title, old: old, new: new, moved: Set(result.moves.map(\.id)), changed: Set(changed),
                batches: batches, notes: notes)
        } catch {
            self.init(title: title, old: old, new: new, links: [], batches: batches, notes: notes + [error.description])
        }
    }

    /// Creates the picture of the pair (`old`, `new`), items of unique IDs,
    /// with every kept item joined: those in `moved` drawn as moved, those
    /// in `changed` as changed. Flat and sectioned plans are drawn through it.
    init(
        title: String, old: [String], new: [String], moved: Set<String>, changed: Set<String>, batches: [[String]],
        notes: [String]
    ) {
        var oldOffset: [String: Int] = [:]
        for (offset, id) in old.enumerated() { oldOffset[id] = offset }
        var links: [Link] = []
        for (offset, id) in new.enumerated() {
            guard let source = oldOffset[id] else { continue }
            links.append(Link(old: source, new: offset, moved: moved.contains(id), changed: changed.contains(id)))
        }
        self.init(title: title, old: old, new: new, links: links, batches: batches, notes: notes)
    }

    /// Old offsets of the deleted items, ascending.
    package var deleted: [Int] {
        let kept = Set(links.map(\.old))
        return old.indices.filter { !kept.contains($0) }
    }

    /// New offsets of the inserted items, ascending.
    package var inserted: [Int] {
        let kept = Set(links.map(\.new))
        return new.indices.filter { !kept.contains($0) }
    }
}
