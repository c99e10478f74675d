/// Every snapshot of a run laid out back to back, once, for the run's
/// inner loop: section IDs, items, and each snapshot's item starts and
/// sections of items as ``SectionedLayout`` reads them, and its flat form as
/// ``SectionedFlatLayout`` reads it.
struct PackedLayouts: Sendable {
    var sectionIDs: [ExhaustiveSectionID] = []
    var items: [ExhaustiveID] = []
    /// Per snapshot, its sections' item starts then its item count.
    var starts: [Int32] = []
    /// Per snapshot, the section of each of its items.
    var sectionOf: [Int32] = []
    /// Per snapshot, its flat form.
    var entries: [SectionedEntry<ExhaustiveSectionID, ExhaustiveID>] = []
    /// Per snapshot, the flat offsets of its section markers then its entry count.
    var flatStarts: [Int] = []
    /// Where each snapshot begins in ``sectionIDs`` and ``items``, then the totals.
    var firstSection: [Int] = [0]
    var firstItem: [Int] = [0]
    /// Per snapshot, whether its section IDs and item IDs are free of
    /// duplicates, checked once here for all of its pairs.
    var unique: [Bool] = []

    /// Lays out `snapshots`.
    ///
    /// - Complexity: O(*n*) for *n* sections and items in all.
    init(_ snapshots: [SectionedSnapshot<ExhaustiveSectionID, ExhaustiveID>]) {
        for snapshot in snapshots {
            var next: Int32 = 0
            for (offset, section) in snapshot.sections.enumerated() {
                sectionIDs.append(section.id)
                starts.append(next)
                flatStarts.append(Int(next) + offset)
                entries.append(.section(section.id))
                for item in section.items {
                    items.append(item)
                    sectionOf.append(Int32(offset))
                    entries.append(.item(item))
                    next += 1
                }
            }
            starts.append(next)
            flatStarts.append(Int(next) + snapshot.sections.count)
            firstSection.append(sectionIDs.count)
            firstItem.append(items.count)
        }
        unique = withLayouts { layouts in
            (0..<snapshots.count).map { !layouts.layout($0).hasDuplicates }
        }
    }

    /// The packed layouts as buffers, valid during ``withLayouts(_:)``.
    struct Buffers {
        let sectionIDs: UnsafeBufferPointer<ExhaustiveSectionID>
        let items: UnsafeBufferPointer<ExhaustiveID>
        let starts: UnsafeBufferPointer<Int32>
        let sectionOf: UnsafeBufferPointer<Int32>
        let entries: UnsafeBufferPointer<SectionedEntry<ExhaustiveSectionID, ExhaustiveID>>
        let flatStarts: UnsafeBufferPointer<Int>
        let firstSection: UnsafeBufferPointer<Int>
        let firstItem: UnsafeBufferPointer<Int>
        let unique: UnsafeBufferPointer<Bool>

        /// The layout of snapshot `index`.
        ///
        /// - Complexity: O(1).
        @inline(__always)
        func layout(_ index: Int) -> SectionedLayout<ExhaustiveSectionID, ExhaustiveID> {
            let sections = firstSection[index]..<firstSection[index + 1]
            let itemRange = firstItem[index]..<firstItem[index + 1]
            // Each snapshot has one start more than it has sections.
            let startRange = (sections.lowerBound + index)...(sections.upperBound + index)
            return SectionedLayout(
                sectionIDs: UnsafeBufferPointer(rebasing: sectionIDs[sections]),
                items: UnsafeBufferPointer(rebasing: items[itemRange]),
                starts: UnsafeBufferPointer(rebasing: starts[startRange]),
                sectionOf: UnsafeBufferPointer(rebasing: sectionOf[itemRange]))
        }

        /// The flat form of snapshot `index`.
        ///
        /// - Complexity: O(1).
        @inline(__always)
        func flat(_ index: Int) -> SectionedFlatLayout<ExhaustiveSectionID, ExhaustiveID> {
            let first = firstSection[index] + firstItem[index]
            let end = firstSection[index + 1] + firstItem[index + 1]
            let startRange = (firstSection[index] + index)...(firstSection[index + 1] + index)
            return SectionedFlatLayout(
                entries: UnsafeBufferPointer(rebasing: entries[first..<end]),
                starts: UnsafeBufferPointer(rebasing: flatStarts[startRange]))
        }
    }

    /// Calls `body` with the layouts as buffers, valid during the call.
    func withLayouts<Result>(_ body: (Buffers) -> Result) -> Result {
        sectionIDs.withUnsafeBufferPointer { sectionIDs in
            items.withUnsafeBufferPointer { items in
                starts.withUnsafeBufferPointer { starts in
                    sectionOf.withUnsafeBufferPointer { sectionOf in
                        entries.withUnsafeBufferPointer { entries in
                            flatStarts.withUnsafeBufferPointer { flatStarts in
                                firstSection.withUnsafeBufferPointer { firstSection in
                                    firstItem.withUnsafeBufferPointer { firstItem in
                                        unique.withUnsafeBufferPointer { unique in
                                            body(
                                                Buffers(
                                                    sectionIDs: sectionIDs, items: items, starts: starts,
                                                    sectionOf: sectionOf, entries: entries, flatStarts: flatStarts,
                                                    firstSection: firstSection, firstItem: firstItem, unique: unique))
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
