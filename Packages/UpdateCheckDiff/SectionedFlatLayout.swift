/// The flat form of a sectioned snapshot (``SectionedSnapshot/flattened``)
/// laid out in buffers: each section as a marker followed by its items, and
/// the flat offset of each section's marker; what step 4 of
/// ``SectionedPairVerifier`` diffs with the flat engine.
///
/// The exhaustive run lays every snapshot's flat form out once and reuses it
/// for all of its pairs; a single pair lays its own out in scratch space.
@usableFromInline
struct SectionedFlatLayout<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable> {
    /// The flat form: each section's marker, then its items.
    @usableFromInline let entries: UnsafeBufferPointer<SectionedEntry<SectionID, ItemID>>
    /// The flat offset of each section's marker, then the entry count.
    @usableFromInline let starts: UnsafeBufferPointer<Int>

    @inlinable
    init(entries: UnsafeBufferPointer<SectionedEntry<SectionID, ItemID>>, starts: UnsafeBufferPointer<Int>) {
        self.entries = entries
        self.starts = starts
    }

    /// Writes the flat form of `layout` into `entries` (uninitialized, one
    /// per section and item) and the marker offsets into `starts` (one per
    /// section, then one).
    ///
    /// - Complexity: O(*n*) for *n* sections and items.
    @inlinable
    static func lay(
        _ layout: SectionedLayout<SectionID, ItemID>,
        into entries: UnsafeMutableBufferPointer<SectionedEntry<SectionID, ItemID>>,
        starts: UnsafeMutableBufferPointer<Int>
    ) {
        var next = 0
        for section in 0..<layout.sectionIDs.count {
            starts[section] = next
            (entries.baseAddress! + next).initialize(to: .section(layout.sectionIDs[section]))
            next &+= 1
            for index in Int(layout.starts[section])..<Int(layout.starts[section &+ 1]) {
                (entries.baseAddress! + next).initialize(to: .item(layout.items[index]))
                next &+= 1
            }
        }
        starts[layout.sectionIDs.count] = next
    }

    /// Lays the flat form of `layout` out in stack scratch space (on the heap
    /// only past the standard library's stack limit) for the duration of `body`.
    ///
    /// - Complexity: O(*n*) for *n* sections and items.
    @inlinable @inline(__always)
    static func with<Result>(
        _ layout: SectionedLayout<SectionID, ItemID>, _ body: (SectionedFlatLayout) -> Result
    ) -> Result {
        let sectionCount = layout.sectionIDs.count
        let count = sectionCount &+ layout.items.count
        return withUnsafeTemporaryAllocation(of: SectionedEntry<SectionID, ItemID>.self, capacity: count) { entries in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: sectionCount &+ 1) { starts in
                let laid = UnsafeMutableBufferPointer(rebasing: entries[0..<count])
                lay(layout, into: laid, starts: starts)
                defer { _ = laid.deinitialize() }
                return body(
                    SectionedFlatLayout(
                        entries: UnsafeBufferPointer(laid),
                        starts: UnsafeBufferPointer(rebasing: starts[0...sectionCount])))
            }
        }
    }
}
