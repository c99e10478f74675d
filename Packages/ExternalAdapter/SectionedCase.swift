import BatchUpdate

/// The names a sectioned case's IDs have in its request: a number for each
/// section and item (written `S`, `T`, … and `a`, `b`, … by
/// ``RequestWriter``), and back.
///
/// A case sent as it is keeps the kit's own numbers (`S` is section 0, `a`
/// item 0). A case asked in its canonical form is renamed in order of first
/// appearance — the old sections from the top, then the old items from the
/// top over all sections, then the sections and then the items the new
/// snapshot inserts, from the top — so that cases equal up to a renaming of
/// their sections and items write the same request (the sectioned
/// counterpart of ``CanonicalCase``; the request's bytes are the key).
struct SectionedCase<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Sendable {
    /// The number of each section of the case.
    var sectionNumbers: [SectionID: Int] = [:]
    /// The number of each item of the case.
    var itemNumbers: [ItemID: Int] = [:]
    /// The section of each number (`nil` for a number the case does not use).
    var sectionOfNumber: [SectionID?] = []
    /// The item of each number.
    var itemOfNumber: [ItemID?] = []

    /// The canonical names of `plan`'s sections and items.
    ///
    /// - Complexity: O(*n*) expected, for *n* sections and items.
    init(canonical plan: SectionedUpdatePlan<SectionID, ItemID>) {
        for snapshot in [plan.old, plan.new] {
            for section in snapshot.sections { add(section: section.id, sectionOfNumber.count) }
            for section in snapshot.sections {
                for item in section.items { add(item: item, itemOfNumber.count) }
            }
        }
    }

    /// The names of `plan` given by `sectionNumber` and `itemNumber` (the kit's own).
    init(
        _ plan: SectionedUpdatePlan<SectionID, ItemID>, sectionNumber: (SectionID) -> Int, itemNumber: (ItemID) -> Int
    ) {
        for snapshot in [plan.old, plan.new] {
            for section in snapshot.sections { add(section: section.id, sectionNumber(section.id)) }
            for section in snapshot.sections {
                for item in section.items { add(item: item, itemNumber(item)) }
            }
        }
    }

    /// Numbers `section`, unless it has a number.
    mutating func add(section: SectionID, _ number: Int) {
        guard sectionNumbers[section] == nil else { return }
        sectionNumbers[section] = number
        if sectionOfNumber.count <= number {
            sectionOfNumber += Array(repeating: nil, count: number + 1 - sectionOfNumber.count)
        }
        sectionOfNumber[number] = section
    }

    /// Numbers `item`, unless it has a number.
    mutating func add(item: ItemID, _ number: Int) {
        guard itemNumbers[item] == nil else { return }
        itemNumbers[item] = number
        if itemOfNumber.count <= number {
            itemOfNumber += Array(repeating: nil, count: number + 1 - itemOfNumber.count)
        }
        itemOfNumber[number] = item
    }

    /// The section named `name` in the request, or `nil` for a name not in the case.
    func section(named name: String) -> SectionID? {
        guard let number = RequestWriter.section(named: name), number < sectionOfNumber.count else { return nil }
        return sectionOfNumber[number]
    }

    /// The item named `name` in the request, or `nil` for a name not in the case.
    func item(named name: String) -> ItemID? {
        guard let number = ProtocolMessages.ItemNames.kitID(named: name), number >= 0, number < itemOfNumber.count
        else { return nil }
        return itemOfNumber[number]
    }
}
