import OptimisticScenario
import OptimisticState

/// What to explore: how many records, how many values each may take, and
/// how deep to search.
///
/// Every configuration starts from every assignment of loaded values in the
/// first of two sessions; the second session is reached by an account switch.
public struct ExplorerConfiguration: Hashable, Sendable, CustomStringConvertible {
    /// The supported numbers of records.
    public static let recordRange: ClosedRange<Int> = 1...3
    /// The supported sizes of the value domain.
    public static let valueRange: ClosedRange<Int> = 2...3
    /// The supported numbers of threads.
    public static let threadRange: ClosedRange<Int> = 1...256

    /// The number of records in the list (1 to 3).
    public var records: Int
    /// The size of the value domain: 2 (`false`, `true`) or 3 (`0`, `1`, `2`).
    public var values: Int
    /// The deepest level to expand, in events from a loaded list; `nil`
    /// searches until no new state appears (a fixed point).
    public var maxDepth: Int?
    /// Whether every event is also applied to the same list loaded in the
    /// reverse order, and the records' states compared (invariant 6 on every
    /// transition, not only on reorders). On by default.
    public var checksPermutedList: Bool
    /// Whether the search stops at the first violation (which is a shortest
    /// one) instead of finding the shortest violation of every invariant.
    public var stopsAtFirstViolation: Bool
    /// The renamings folded: states that are renamings of each other are
    /// explored once. All by default; empty explores every state (the
    /// reference the reduced search is proved against).
    public var symmetry: ExplorerSymmetry
    /// The threads that expand each level; `nil` uses every core. The
    /// results do not depend on it.
    public var threads: Int?
    /// Store faults switched on, to prove that the search finds them.
    package var faults: StoreFaults
    /// Faults switched on only in the reverse-ordered list, to prove that the
    /// permuted-list comparison finds a difference.
    package var permutedListFaults: StoreFaults

    /// Creates a configuration.
    public init(
        records: Int = 2, values: Int = 2, maxDepth: Int? = nil, checksPermutedList: Bool = true,
        stopsAtFirstViolation: Bool = false, symmetry: ExplorerSymmetry = .all, threads: Int? = nil
    ) {
        self.records = records
        self.values = values
        self.maxDepth = maxDepth
        self.checksPermutedList = checksPermutedList
        self.stopsAtFirstViolation = stopsAtFirstViolation
        self.symmetry = symmetry
        self.threads = threads
        self.faults = []
        self.permutedListFaults = []
    }

    /// Checks that the explorer supports the configuration.
    ///
    /// - Throws: ``StateExplorerError/unsupportedConfiguration(setting:value:accepted:)``
    ///   naming the first setting out of range.
    public func validate() throws(StateExplorerError) {
        guard Self.recordRange.contains(records) else {
            throw .unsupportedConfiguration(setting: "records", value: records, accepted: Self.recordRange)
        }
        guard Self.valueRange.contains(values) else {
            throw .unsupportedConfiguration(setting: "values", value: values, accepted: Self.valueRange)
        }
        if let maxDepth, maxDepth < 0 {
            throw .unsupportedConfiguration(setting: "maxDepth", value: maxDepth, accepted: 0...Int.max)
        }
        if let threads, !Self.threadRange.contains(threads) {
            throw .unsupportedConfiguration(setting: "threads", value: threads, accepted: Self.threadRange)
        }
    }

    /// `2 records, 2 values` with the depth limit when there is one.
    public var description: String {
        var text = "\(records) record\(records == 1 ? "" : "s"), \(values) values"
        if let maxDepth { text += ", depth ≤ \(maxDepth)" }
        if symmetry != .all { text += ", symmetry: \(symmetry)" }
        if !faults.isEmpty { text += ", faults \(faults)" }
        return text
    }
}

/// The one error type of StateExplorer.
public enum StateExplorerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// An exploration was configured outside what the explorer supports: the
    /// setting's name, the value given and the accepted range.
    case unsupportedConfiguration(setting: String, value: Int, accepted: ClosedRange<Int>)
    /// A store explored through a driver failed or showed what no store can:
    /// the store's name and what went wrong (a program that crashed, hung or
    /// answered garbage, with its standard error; a record it does not
    /// show; a value or session it was never given).
    case store(store: String, message: String)

    /// The error of a driver or scenario run, as an explorer error.
    public init(_ error: OptimisticScenarioError) {
        switch error {
        case .storeFailed(let store, let message): self = .store(store: store, message: message)
        default: self = .store(store: "scenario", message: error.description)
        }
    }

    /// A sentence naming the setting, the value and what is accepted, or the store and what went wrong.
    public var description: String {
        switch self {
        case .unsupportedConfiguration(let setting, let value, let accepted):
            "\(setting) must be from \(accepted.lowerBound) to \(accepted.upperBound), not \(value)"
        case .store(let store, let message): "store \(store): \(message)"
        }
    }
}
