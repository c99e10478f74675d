import BatchUpdate
import ExternalAdapter
import Foundation
import Testing
import UpdateCheckDiff
import UpdateCheckRecyclerView
import UpdateCheckUIKit

/// The requests a program reads on its stdin, byte for byte: a program that
/// records every line it reads is asked a fixed set of cases, and its lines
/// (sorted, since copies of the program may run side by side) must equal
/// `Tests/Fixtures/external/<name>.txt`, kept from before flat and sectioned
/// programs shared one implementation.
@Suite struct WireFormatTests {
    /// A program on `model` that appends every line it reads to the file
    /// its first argument names and answers each case with no batches.
    static func recorder(model: String, positions: Bool) -> String {
        let plan = positions ? #", "plan": "positions""# : ""
        let source = """
            import json, sys
            print(json.dumps({"protocol": 1, "name": "recorder", "model": "\(model)"\(plan),
                              "policy": {"movedAndChanged": "move-then-refresh", "refresh": "reconfigure"}}), flush=True)
            with open(sys.argv[1], "ab") as log:
                for line in sys.stdin.buffer:
                    log.write(line)
                    log.flush()
                    sys.stdout.write(json.dumps({"id": json.loads(line)["id"], "batches": []}) + "\\n")
                    sys.stdout.flush()
            """
        return "python3 -c '\(source.replacingOccurrences(of: "'", with: "'\\''"))'"
    }

    /// A fresh file for a recorder's lines.
    static func logFile() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("updatecheck-wire-\(UUID().uuidString).txt").path
    }

    /// Compares the lines recorded in `log` with the fixture `name`.
    static func expectLines(in log: String, match name: String) throws {
        let recorded = try String(contentsOfFile: log, encoding: .utf8)
        let lines = recorded.split(separator: "\n").sorted().joined(separator: "\n") + "\n"
        let fixture = ExternalAdapterTests.root + "/Tests/Fixtures/external/\(name).txt"
        let expected = (try? String(contentsOfFile: fixture, encoding: .utf8)) ?? ""
        if lines != expected {
            try lines.write(toFile: log + ".sorted", atomically: true, encoding: .utf8)
        }
        #expect(lines == expected, "the requests differ from \(fixture); they are in \(log).sorted")
    }

    /// Every arrangement of the lists over the IDs 0, 1 and 2 (16 lists).
    static let smallLists: [[Int]] = {
        var lists: [[Int]] = [[]]
        for length in 1...3 {
            func extend(_ list: [Int]) {
                guard list.count < length else { return lists.append(list) }
                for id in 0..<3 where !list.contains(id) { extend(list + [id]) }
            }
            extend([])
        }
        return lists
    }()

    /// Flat cases: small pairs (every fifth, changed items the kept even IDs),
    /// the same pairs with their IDs moved past 26, and random pairs past the
    /// canonical form's limit.
    static func flatPlans() throws -> [UpdatePlan<Int>] {
        var plans: [UpdatePlan<Int>] = []
        for (index, old) in smallLists.enumerated() {
            for (other, new) in smallLists.enumerated() where (index * smallLists.count + other) % 5 == 0 {
                let changed = new.filter { old.contains($0) && $0 % 2 == 0 }
                plans.append(try UpdatePlan(from: old, to: new, changed: changed))
                plans.append(
                    try UpdatePlan(from: old.map { $0 + 30 }, to: new.map { $0 + 30 }, changed: changed.map { $0 + 30 })
                )
            }
        }
        for index in 0..<6 {
            let pair = RandomPairs.pair(index, seed: 3, maxItems: 30)
            plans.append(try UpdatePlan(from: pair.old, to: pair.new, changed: pair.changed))
        }
        return plans
    }

    @Test(arguments: [false, true], [false, true])
    func flatRequestsAreUnchanged(positions: Bool, everyCase: Bool) throws {
        let log = Self.logFile()
        let adapter = try ExternalAdapter(
            command: Self.recorder(model: "recyclerview", positions: positions) + " '\(log)'",
            model: RecyclerViewModel<Int>.self, modelName: "recyclerview", sendsEveryCase: everyCase)
        let plans = try Self.flatPlans()
        let answers = adapter.batches(forEach: plans)
        adapter.stop()
        #expect(answers.allSatisfy { $0.isEmpty }, "\(answers.filter { !$0.isEmpty })")
        try Self.expectLines(
            in: log, match: "flat-\(positions ? "positions" : "paths")-\(everyCase ? "every-case" : "canonical")")
    }

    /// Sectioned snapshots in the letters of ``SectionedProtocolMessageTests/snapshot(_:)``.
    static let sectionedSnapshots = [
        "S:ab T:c", "T:cb U:d", "S:a T:b", "T:b S:a", "S: T:abc", "S:cba", "U:e T:c", "T:cd", "S:ab", "T:ba S:",
    ]

    /// Sectioned cases: every pair of the snapshots above, the kept items
    /// `a` and `c` changed in every third and the kept section `T` in every fourth.
    static func sectionedPlans() throws -> [SectionedUpdatePlan<ExhaustiveSectionID, ExhaustiveID>] {
        var plans: [SectionedUpdatePlan<ExhaustiveSectionID, ExhaustiveID>] = []
        for (index, oldText) in sectionedSnapshots.enumerated() {
            for (other, newText) in sectionedSnapshots.enumerated() {
                let old = SectionedProtocolMessageTests.snapshot(oldText)
                let new = SectionedProtocolMessageTests.snapshot(newText)
                let number = index * sectionedSnapshots.count + other
                let oldItems = Set(old.sections.flatMap(\.items))
                let changedItems =
                    number % 3 == 0
                    ? new.sections.flatMap(\.items).filter {
                        oldItems.contains($0) && ($0.number == 0 || $0.number == 2)
                    } : []
                let changedSections =
                    number % 4 == 0 && old.sectionIDs.contains(ExhaustiveSectionID(1))
                        && new.sectionIDs.contains(ExhaustiveSectionID(1)) ? [ExhaustiveSectionID(1)] : []
                plans.append(
                    try SectionedUpdatePlan(
                        old: old, new: new, changedItems: Set(changedItems), changedSections: Set(changedSections)))
            }
        }
        return plans
    }

    @Test(arguments: [false, true])
    func sectionedRequestsAreUnchanged(everyCase: Bool) throws {
        let log = Self.logFile()
        let adapter = try ExternalAdapter(
            command: Self.recorder(model: "uikit-sections", positions: false) + " '\(log)'",
            model: UIKitSectionedModel<ExhaustiveSectionID, ExhaustiveID>.self, modelName: "uikit-sections",
            sendsEveryCase: everyCase)
        let plans = try Self.sectionedPlans()
        let answers = adapter.batches(forEach: plans)
        adapter.stop()
        #expect(answers.allSatisfy { $0.isEmpty }, "\(answers.filter { !$0.isEmpty })")
        try Self.expectLines(in: log, match: "sectioned-\(everyCase ? "every-case" : "canonical")")
    }
}
