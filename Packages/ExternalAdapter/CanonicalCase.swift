import BatchUpdate

/// A case with its item IDs renamed to canonical ones, so that cases equal
/// up to a renaming of IDs ask an adapter program the same question once.
///
/// An adapter's answer is a function of its request, and renaming items
/// changes nothing about what a list toolkit must be told. So the kit
/// renames each case's IDs in order of first appearance — the old snapshot
/// from the top (old item *i* becomes *i*), then the items the new snapshot
/// inserts, from the top — and asks the program the renamed case. The
/// `changed` list and the plan follow the renaming; the moved and changed
/// flags are part of the question, so two cases share an answer only when
/// their whole requests are equal after renaming. The answer is replayed
/// on the model with the names mapped back, for every case. This is the
/// symmetry reduction of the state explorer applied to the conformance kit:
/// over 5 IDs the 914,721 cases ask a few thousand distinct questions.
///
/// This is the renaming of ``SectionedCase`` for a list of one section (whose
/// name is the same in every case), packed for the flat path: the key is
/// two words computed without hashing or writing the request.
///
/// Only cases of at most ``limit`` items (old and inserted together) have a
/// canonical form: larger ones (random pairs) almost never repeat, and their
/// answers are not worth keeping.
@usableFromInline
struct CanonicalCase {
    /// A case's canonical request, packed: equal keys are equal requests.
    @usableFromInline
    struct Key: Hashable, Sendable {
        /// The canonical name of each new item, 4 bits each from the lowest.
        var order: UInt64
        /// Changed flags of new items (bits 0–15), moved flags (16–31), the
        /// old count (32–39) and the new count (40–47).
        var shape: UInt64
    }

    /// The most items (old and inserted together) a canonical case has.
    @usableFromInline static var limit: Int { 16 }

    /// The canonical request.
    @usableFromInline var key: Key
    /// For each canonical name (0, 1, …), the case's own ID.
    @usableFromInline var names: [Int]

    /// The canonical form of `plan`, or `nil` when it has more than ``limit`` items.
    ///
    /// - Complexity: O(*n*) for *n* items, without hashing.
    @usableFromInline
    init?(_ plan: UpdatePlan<Int>) {
        let total = plan.old.count + plan.insertedCount
        guard total <= Self.limit else { return nil }
        var names = plan.old
        names.reserveCapacity(total)
        var order: UInt64 = 0
        var shape = UInt64(plan.old.count) << 32 | UInt64(plan.new.count) << 40
        for index in plan.new.indices {
            let canonical: Int
            if let source = plan.oldIndex(ofNew: index) {
                canonical = source
                if plan.isChanged(new: index) { shape |= 1 << UInt64(index) }
                if plan.isMoved(new: index) { shape |= 1 << UInt64(16 + index) }
            } else {
                canonical = names.count
                names.append(plan.new[index])
            }
            order |= UInt64(canonical) << UInt64(4 * index)
        }
        key = Key(order: order, shape: shape)
        self.names = names
    }

    /// The renamed plan the program is asked: old items `0..<n` in order,
    /// inserted items numbered on in new order, flags as in the case.
    @usableFromInline
    func canonicalPlan(of plan: UpdatePlan<Int>) -> UpdatePlan<Int> {
        var new: [Int] = []
        var sources: [Int] = []
        var moved: [Bool] = []
        var changed: [Bool] = []
        new.reserveCapacity(plan.new.count)
        sources.reserveCapacity(plan.new.count)
        var inserted = plan.old.count
        for index in plan.new.indices {
            if let source = plan.oldIndex(ofNew: index) {
                new.append(source)
                sources.append(source)
            } else {
                new.append(inserted)
                sources.append(-1)
                inserted += 1
            }
            moved.append(plan.isMoved(new: index))
            changed.append(plan.isChanged(new: index))
        }
        return UpdatePlan(
            unchecked: Array(0..<plan.old.count), new: new, sourceOfNew: sources, moved: moved, changed: changed)
    }

    /// The case's own IDs of the canonical IDs `items`: `new` itself, not a
    /// copy, when they name the case's new snapshot (as the items of most
    /// answers do).
    ///
    /// - Precondition: every ID in `items` is a canonical name of the case.
    @inlinable
    func ids(of items: [Int], new: [Int]) -> [Int] {
        if items.count == new.count, items.indices.allSatisfy({ names[items[$0]] == new[$0] }) { return new }
        return items.map { names[$0] }
    }

    /// The canonical number of a canonical name (`a` is 0), or `nil` for a
    /// name that is not in the case.
    @inlinable
    func canonicalID(named name: String) -> Int? {
        var utf8 = name.utf8.makeIterator()
        guard let byte = utf8.next(), utf8.next() == nil, byte >= UInt8(ascii: "a") else { return nil }
        let index = Int(byte) - Int(UInt8(ascii: "a"))
        return index < names.count ? index : nil
    }

    /// The case's own ID of a canonical name (`a` is 0), or `nil` for a name
    /// that is not in the case.
    @inlinable
    func id(named name: String) -> Int? { canonicalID(named: name).map { names[$0] } }
}

/// The names a sectioned case's IDs have in its request: a number for each
/// section and item (written `S`, `T`, … and `a`, `b`, … by
/// ``RequestWriter``), and back.
///
/// A case sent as it is keeps the kit's own numbers (`S` is section 0, `a`
/// item 0). A case asked in its canonical form is renamed in order of first
/// appearance — the old sections from the top, then the old items from the
/// top over all sections, then the sections and then the items the new
/// snapshot inserts, from the top — so that cases equal up to a renaming of
/// their sections and items write the same request (the request's bytes
/// are the key). With one section this is ``CanonicalCase``'s renaming,
/// which the flat program packs into a key without writing the request.
@usableFromInline
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
        Self.add(section, number, numbers: &sectionNumbers, byNumber: &sectionOfNumber)
    }

    /// Numbers `item`, unless it has a number.
    mutating func add(item: ItemID, _ number: Int) {
        Self.add(item, number, numbers: &itemNumbers, byNumber: &itemOfNumber)
    }

    /// Gives `id` the number `number` in `numbers` and `byNumber`, unless it has one.
    static func add<ID: Hashable>(_ id: ID, _ number: Int, numbers: inout [ID: Int], byNumber: inout [ID?]) {
        guard numbers[id] == nil else { return }
        numbers[id] = number
        if byNumber.count <= number { byNumber += Array(repeating: nil, count: number + 1 - byNumber.count) }
        byNumber[number] = id
    }

    /// The number of the section named `name` in the request, or `nil` for a name not in the case.
    func sectionNumber(named name: String) -> Int? {
        guard let number = RequestWriter.section(named: name), number < sectionOfNumber.count,
            sectionOfNumber[number] != nil
        else { return nil }
        return number
    }

    /// The number of the item named `name` in the request, or `nil` for a name not in the case.
    func itemNumber(named name: String) -> Int? {
        guard let number = ProtocolMessages.ItemNames.kitID(named: name), number >= 0, number < itemOfNumber.count,
            itemOfNumber[number] != nil
        else { return nil }
        return number
    }

    /// The section named `name` in the request, or `nil` for a name not in the case.
    func section(named name: String) -> SectionID? { sectionNumber(named: name).flatMap { sectionOfNumber[$0] } }

    /// The item named `name` in the request, or `nil` for a name not in the case.
    func item(named name: String) -> ItemID? { itemNumber(named: name).flatMap { itemOfNumber[$0] } }
}
