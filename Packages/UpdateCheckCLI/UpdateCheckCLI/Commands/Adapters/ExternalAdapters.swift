import BatchUpdate
import ExternalAdapter
import UpdateCheckAnimatedList
import UpdateCheckAppKit
import UpdateCheckDiff
import UpdateCheckDiffable
import UpdateCheckRecyclerView
import UpdateCheckSupport
import UpdateCheckUIKit

/// Adapter programs behind `adapters check --exec`: the built-in models a
/// program may name, and starting one as an ``AdapterEntry``.
package enum ExternalAdapters {
    /// The flat models' protocol names, in the order `--help` lists them.
    package static let modelNames = ["uikit", "appkit", "recyclerview", "diffable", "animatedlist"]
    /// The sectioned models' protocol names: a program on one of them is
    /// proven by the sectioned kit (`--sections`).
    package static let sectionedModelNames = ["uikit-sections", "diffable-sections"]
    /// Every model's name, flat ones first.
    package static var allModelNames: [String] { modelNames + sectionedModelNames }

    /// A started program, as the kit proves it, and how to end it.
    package struct Started: Sendable {
        /// The program as an adapter the CLI runs, of its model's shape.
        package var entry: AdapterEntry
        /// The policy the program declared in its handshake.
        package var policy: AdapterPolicy
        /// Ends the program.
        package var stop: @Sendable () -> Void
        /// The requests written to the program so far.
        package var requestsSent: @Sendable () -> Int
    }

    /// The shape of the adapters proven on `model`, or `nil` for a name that
    /// is no model's.
    package static func shape(ofModel model: String) -> AdapterEntry.Shape? {
        if modelNames.contains(model) { return .flat }
        return sectionedModelNames.contains(model) ? .sectioned : nil
    }

    /// Starts `command` for the model `model`, flat or sectioned, reading
    /// its handshake; the program runs in `workingDirectory` when given, and
    /// is sent every case as it is when `sendsEveryCase` (otherwise cases
    /// equal up to renaming their IDs are asked once).
    ///
    /// - Throws: exit 64 for an unknown model; 66 when the program cannot be
    ///   started; 65 when its handshake is missing or invalid.
    package static func start(
        command: String, model: String, timeout: Double, workingDirectory: String? = nil, sendsEveryCase: Bool = false
    ) throws(CLIError) -> Started {
        func flat<Inner: ReplayableModel>(_ type: Inner.Type) throws(ExternalAdapterError) -> Started
        where Inner.ItemID == Int, Inner.Snapshot == [Int], Inner.Displayed == [DisplayedRow<Int>] {
            let adapter = try ExternalAdapter(
                command: command, model: type, modelName: model, timeout: timeout, workingDirectory: workingDirectory,
                sendsEveryCase: sendsEveryCase)
            return Started(
                entry: AdapterEntry(provingOnly: adapter), policy: adapter.policy, stop: adapter.stopper,
                requestsSent: adapter.requestCounter)
        }
        func sectioned<Inner: ReplayableModel>(_ type: Inner.Type) throws(ExternalAdapterError) -> Started
        where
            Inner.SectionID == ExhaustiveSectionID, Inner.ItemID == ExhaustiveID,
            Inner.Snapshot == SectionedSnapshot<ExhaustiveSectionID, ExhaustiveID>,
            Inner.Displayed == [DisplayedSection<ExhaustiveSectionID, ExhaustiveID>]
        {
            let adapter = try ExternalAdapter(
                command: command, model: type, modelName: model, timeout: timeout, workingDirectory: workingDirectory,
                sendsEveryCase: sendsEveryCase)
            return Started(
                entry: AdapterEntry(provingOnly: adapter), policy: adapter.policy, stop: adapter.stopper,
                requestsSent: adapter.requestCounter)
        }
        do {
            switch model {
            case "uikit": return try flat(UIKitBatchModel<Int>.self)
            case "appkit": return try flat(AppKitTableModel<Int>.self)
            case "recyclerview": return try flat(RecyclerViewModel<Int>.self)
            case "diffable": return try flat(DiffableDataSourceModel<Int>.self)
            case "animatedlist": return try flat(AnimatedListModel<Int>.self)
            case "uikit-sections": return try sectioned(UIKitSectionedModel<ExhaustiveSectionID, ExhaustiveID>.self)
            case "diffable-sections":
                return try sectioned(DiffableSectionedModel<ExhaustiveSectionID, ExhaustiveID>.self)
            default:
                throw CLIError.usage(
                    "Unknown value \(quoted: model) for '--model': expected one of "
                        + "\(allModelNames.joined(separator: ", ")).")
            }
        } catch {
            throw startFailure(error)
        }
    }

    /// What starting a program threw, as the CLI's error: a usage error as
    /// it is, exit 66 when the program cannot be started, 65 for anything
    /// else (a missing or invalid handshake).
    static func startFailure(_ error: any Error) -> CLIError {
        switch error {
        case let error as CLIError: return error
        case let error as ExternalAdapterError:
            if case .cannotStart = error { return .noInput(error.description) }
            return .dataError(error.description)
        default: return .dataError("\(error)")
        }
    }
}
