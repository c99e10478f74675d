import BatchUpdate
import Testing
import UpdateCheckDiff

/// The random sectioned pairs of the conformance kit: the same pair for the
/// same seed and number, valid cases, and every kind of sectioned change.
@Suite struct RandomPairsSectionsTests {
    @Test func aPairIsTheSameForItsSeedAndNumberAndDiffersAcrossSeeds() {
        #expect(
            RandomPairs.sectionedPair(17, seed: 42, maxItems: 200)
                == RandomPairs.sectionedPair(17, seed: 42, maxItems: 200))
        #expect(
            RandomPairs.sectionedPair(17, seed: 42, maxItems: 200)
                != RandomPairs.sectionedPair(17, seed: 43, maxItems: 200))
    }

    @Test func pairsAreValidCasesWithinTheirLimitsAndMixEveryKindOfChange() throws {
        var threeOrMoreSections = 0
        var sectionDeleted = 0
        var sectionInserted = 0
        var sectionMoved = 0
        var itemAcrossSections = 0
        var itemsChanged = 0
        var sectionsChanged = 0
        var longest = 0
        for index in 0..<400 {
            let pair = RandomPairs.sectionedPair(index, seed: 9, maxItems: 120)
            // A plan verifies the diff and refuses duplicate IDs and changes of items not kept.
            let plan = try SectionedUpdatePlan(
                old: pair.old, new: pair.new, changedItems: pair.changedItems, changedSections: pair.changedSections)
            #expect(pair.old.itemCount <= 120 && pair.new.itemCount <= 120)
            #expect(pair.old.sections.count <= 8 && pair.new.sections.count <= 8)
            longest = max(longest, pair.old.itemCount, pair.new.itemCount)
            if max(pair.old.sections.count, pair.new.sections.count) >= 3 { threeOrMoreSections += 1 }
            if !plan.diff.sections.deletions.isEmpty { sectionDeleted += 1 }
            if !plan.diff.sections.insertions.isEmpty { sectionInserted += 1 }
            if !plan.diff.sections.moves.isEmpty { sectionMoved += 1 }
            let oldHome = Dictionary(
                uniqueKeysWithValues: pair.old.sections.flatMap { section in section.items.map { ($0, section.id) } })
            let crossed = pair.new.sections.contains { section in
                section.items.contains { oldHome[$0].map { $0 != section.id } ?? false }
            }
            if crossed { itemAcrossSections += 1 }
            if !pair.changedItems.isEmpty { itemsChanged += 1 }
            if !pair.changedSections.isEmpty { sectionsChanged += 1 }
        }
        #expect(longest > 100)
        for (kind, count) in [
            ("three sections or more", threeOrMoreSections), ("a section deleted", sectionDeleted),
            ("a section inserted", sectionInserted), ("a section moved", sectionMoved),
            ("an item moved across sections", itemAcrossSections), ("items changed", itemsChanged),
            ("sections changed", sectionsChanged),
        ] {
            #expect(count >= 40, "\(kind): \(count) of 400 pairs")
        }
    }

    @Test func itemsFromTwentySixOnAreNamedLikeTheFlatKitsIDs() {
        #expect(ExhaustiveID(25).description == "z")
        #expect(ExhaustiveID(26).description == "x26")
        #expect(ExhaustiveID(255).description == "x255")
    }
}
