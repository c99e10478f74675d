import BatchUpdate
import Testing

/// The text forms a reader sees when printing plans and batches.
@Suite struct DescriptionTests {
    @Test func planListsEveryItemThatChanges() throws {
        let plan = try UpdatePlan(from: ["a", "b", "c"], to: ["c", "a", "d"], changed: ["a"])
        #expect(
            "\(plan)"
                == "[a, b, c] → [c, a, d]: delete b at [0, 1]; keep c [0, 2] → [0, 0] (moved); "
                + "keep a [0, 0] → [0, 1] (changed); insert d at [0, 2]")
        #expect("\(try UpdatePlan(from: ["a", "b"], to: ["a", "b"], changed: []))" == "[a, b] → [a, b]: no changes")
    }

    @Test func batchListsItsCallsThenItsItems() {
        let batch = UpdateBatch(dataSource: ["b", "a"], calls: [SequentialStep.move(from: 1, to: 0)])
        #expect("\(batch)" == "move 1 → 0 → [b, a]")
    }
}
