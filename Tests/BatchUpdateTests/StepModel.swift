@testable import BatchUpdate

/// A toy toolkit for testing the kit itself: it takes ``SequentialStep``s,
/// applied at once like RecyclerView, and refreshes keep the cell.
struct StepModel: ToolkitModel {
    /// What the toy toolkit raises.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private var list: SequentialRows<Int>
    private(set) var displayed: [DisplayedRow<Int>]

    init(showing items: [Int]) {
        list = SequentialRows(showing: items)
        displayed = DisplayedRow.initial(showing: items)
    }

    mutating func perform(_ batch: UpdateBatch<[Int], SequentialStep>) throws(Failure) {
        for step in batch.calls {
            switch step {
            case .remove(let position, let count):
                guard position >= 0, count >= 0, position + count <= list.count else {
                    throw Failure(description: "bad \(step)")
                }
                list.remove(position..<position + count)
            case .insert(let position, let count):
                guard position >= 0, count >= 0, position <= list.count else {
                    throw Failure(description: "bad \(step)")
                }
                list.insert(count: count, at: position)
            case .move(let from, let to):
                guard (0..<list.count).contains(from), (0..<list.count).contains(to) else {
                    throw Failure(description: "bad \(step)")
                }
                list.move(from: from, to: to)
            case .change(let position, let count):
                guard position >= 0, count >= 0, position + count <= list.count else {
                    throw Failure(description: "bad \(step)")
                }
                for index in position..<position + count { list.refresh(at: index, keepingCell: true) }
            }
        }
        guard list.count == batch.dataSource.count else {
            throw Failure(description: "count \(list.count) ≠ \(batch.dataSource.count)")
        }
        displayed = list.bind(to: batch.dataSource)
    }
}

extension SequentialStep: ToolkitCall {
    /// The step as a call record (only its text is used here).
    public var record: CallRecord { CallRecord(method: "\(self)", arguments: []) }
}
