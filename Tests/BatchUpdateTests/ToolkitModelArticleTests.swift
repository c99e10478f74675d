import BatchUpdate
import Foundation
import Testing

// The worked model and adapter of the DocC article "Writing a toolkit model"
// (BatchUpdate.docc/WritingAToolkitModel.md), compiled and proven here. The
// article's code blocks are the declarations below, verbatim.

/// The calls of a web virtual list: `splice` and `refresh`.
enum SpliceCall: ToolkitCall {
    /// `list.splice(start, deleteCount, ...newItems)` with `insertCount` new items.
    case splice(start: Int, deleteCount: Int, insertCount: Int)
    /// `list.refresh(index)`: renders the item at `index` again in its own element.
    case refresh(index: Int)

    var record: CallRecord {
        switch self {
        case .splice(let start, let deleteCount, let insertCount):
            CallRecord(
                method: "splice",
                arguments: [
                    CallArgument("start", .integer(start)), CallArgument("deleteCount", .integer(deleteCount)),
                    CallArgument("insertCount", .integer(insertCount)),
                ])
        case .refresh(let index):
            CallRecord(method: "refresh", arguments: [CallArgument("index", .integer(index))])
        }
    }
}

/// What the web list throws.
struct SpliceError: Error, CustomStringConvertible {
    var description: String
}

/// A model of the web list: each call applies at once, new and refreshed
/// elements render after the update from the data source.
struct SpliceListModel<ID: Hashable & Sendable>: ToolkitModel {
    private var list: SequentialRows<ID>
    var displayed: [DisplayedRow<ID>] { list.shown }

    init(showing items: [ID]) { list = SequentialRows(showing: items) }

    mutating func perform(_ batch: UpdateBatch<[ID], SpliceCall>) throws(SpliceError) {
        try list.replay(batch, apply: Self.apply) { rows, data in
            SpliceError(description: "the list holds \(rows) items, the data \(data)")
        }
    }

    static func apply(_ call: SpliceCall, to list: inout SequentialRows<ID>) throws(SpliceError) {
        switch call {
        case .splice(let start, let deleteCount, let insertCount):
            guard start >= 0, deleteCount >= 0, insertCount >= 0, start + deleteCount <= list.count else {
                throw SpliceError(description: "RangeError: \(call) on a list of \(list.count) items")
            }
            list.remove(start..<start + deleteCount)
            list.insert(count: insertCount, at: start)
        case .refresh(let index):
            guard index >= 0, index < list.count else {
                throw SpliceError(description: "RangeError: \(call) on a list of \(list.count) items")
            }
            list.refresh(at: index, keepingCell: true)
        }
    }
}

/// The adapter: the plan's sequential steps, with moves as splices.
struct SpliceListAdapter<ID: Hashable & Sendable>: UpdateAdapter {
    typealias Model = SpliceListModel<ID>
    var name: String { "splice-list" }
    var summary: String { "A web virtual list: splice and refresh, no move." }
    var policy: AdapterPolicy {
        AdapterPolicy(movedAndChanged: .deleteAndInsert, refresh: .reconfigure, moves: .replacesCell)
    }

    func batches(for plan: UpdatePlan<ID>) -> [UpdateBatch<[ID], SpliceCall>] {
        let calls = plan.sequentialSteps(moves: .replacesCell).flatMap { step -> [SpliceCall] in
            switch step {
            case .remove(let position, let count): [.splice(start: position, deleteCount: count, insertCount: 0)]
            case .insert(let position, let count): [.splice(start: position, deleteCount: 0, insertCount: count)]
            case .change(let position, let count): (position..<position + count).map { .refresh(index: $0) }
            case .move: []  // never produced with `moves: .replacesCell`
            }
        }
        return calls.isEmpty ? [] : [UpdateBatch(dataSource: plan.new, calls: calls)]
    }
}

@Suite struct ToolkitModelArticleTests {
    @Test func theWorkedAdapterPassesTheKit() {
        let report = ConformanceKit.check(
            SpliceListAdapter<Int>(),
            options: ConformanceOptions(ids: 5, randomPairs: 200, maxRandomItems: 400, seed: 1))
        #expect(report.passed, "\(report)")
    }

    @Test func theModelCatchesAWrongSplice() throws {
        // Refreshing at the old position after a splice refreshes the wrong element.
        let log = [
            UpdateBatch(
                dataSource: ["x", "a"],
                calls: [SpliceCall.splice(start: 0, deleteCount: 0, insertCount: 1), .refresh(index: 0)])
        ]
        let failure = try #require(
            try ConformanceKit.check(
                log, on: SpliceListModel<String>.self, policy: SpliceListAdapter<String>().policy, old: ["a"],
                new: ["x", "a"], changed: ["a"]))
        #expect(failure.problem == .notRefreshed(id: "a", row: 1))
    }

    @Test func theArticleShowsThisCodeVerbatim() throws {
        let here = URLPath(#filePath)
        let test = try String(contentsOfFile: here.path, encoding: .utf8)
        let article = try String(
            contentsOfFile: here.root + "/Packages/BatchUpdate/BatchUpdate.docc/WritingAToolkitModel.md",
            encoding: .utf8)
        let blocks = article.components(separatedBy: "```swift\n").dropFirst().map {
            $0.components(separatedBy: "```")[0]
        }
        #expect(blocks.count >= 4)
        for block in blocks where !block.contains("ConformanceKit.check") {
            #expect(test.contains(block), "the article's block is not in this file:\n\(block)")
        }
    }
}

/// The repository root, from this file's path.
struct URLPath {
    var path: String
    init(_ path: String) { self.path = path }
    var root: String {
        var parts = path.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)  // Tests/BatchUpdateTests/<file>
        return parts.joined(separator: "/")
    }
}
