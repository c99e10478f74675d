import BatchUpdate
import UpdateCheckDiff

/// A call an adapter program answered with: a call of the model's
/// vocabulary, or the reason the program gave no usable answer for the case.
public enum ExternalCall<Call: ToolkitCall>: ToolkitCall {
    /// A call in the model's vocabulary.
    case call(Call)
    /// The program failed this case (it exited, hung, printed something that
    /// is not a response, or answered with a call the model does not take).
    case failed(String)

    /// The wrapped call's record, or `adapterProgramFailed(reason: …)`.
    public var record: CallRecord {
        switch self {
        case .call(let call): call.record
        case .failed(let reason):
            CallRecord(method: "adapterProgramFailed", arguments: [CallArgument("reason", .text(reason))])
        }
    }

    /// The wrapped call's text, or `no usable answer`: the reason is the
    /// failure's own (``ExternalModelFailure/program(_:)``), printed once.
    public var description: String {
        switch self {
        case .call(let call): call.description
        case .failed: "no usable answer"
        }
    }
}

/// The model of an adapter program's answers, flat or sectioned: replays
/// the calls on the built-in model `Inner` (a `ToolkitModel` of either
/// shape), and raises ``ExternalModelFailure/program(_:)``
/// for a case the program failed.
public struct ExternalModel<Inner> {
    /// The wrapped model.
    public var inner: Inner

    /// Hands `perform` the model's calls of one answered batch, or fails with
    /// the program's failure when it gave no usable answer for the case.
    ///
    /// - Throws: ``ExternalModelFailure``: the first `.failed` call, or what `perform` threw.
    /// - Complexity: O(*n*), *n* = `calls.count`, besides `perform`.
    @inlinable
    static func replay<Call, Failure>(
        _ calls: [ExternalCall<Call>], failing: Failure.Type, on perform: (_ calls: [Call]) throws(Failure) -> Void
    ) throws(ExternalModelFailure<Failure>) {
        var modelCalls: [Call] = []
        modelCalls.reserveCapacity(calls.count)
        for call in calls {
            switch call {
            case .call(let call): modelCalls.append(call)
            case .failed(let reason): throw .program(reason)
            }
        }
        do throws(Failure) {
            try perform(modelCalls)
        } catch {
            throw .toolkit(error)
        }
    }
}

extension ExternalModel: ToolkitModel where Inner: ToolkitModel {
    /// A model showing `snapshot`.
    @inlinable
    public init(showing snapshot: Inner.Snapshot) { inner = Inner(showing: snapshot) }

    /// The wrapped model's rows (or sections).
    @inlinable
    public var displayed: Inner.Displayed { inner.displayed }

    /// Replays the batch on the wrapped model, or fails with the program's failure.
    ///
    /// - Throws: ``ExternalModelFailure``.
    @inlinable
    public mutating func perform(_ batch: UpdateBatch<Inner.Snapshot, ExternalCall<Inner.Call>>)
        throws(ExternalModelFailure<Inner.Failure>)
    {
        try Self.replay(batch.calls, failing: Inner.Failure.self) { calls throws(Inner.Failure) in
            try inner.perform(UpdateBatch(dataSource: batch.dataSource, calls: calls))
        }
    }
}

/// Why replaying an adapter program's answer failed.
public enum ExternalModelFailure<Toolkit: Error & CustomStringConvertible>: Error, CustomStringConvertible {
    /// The toolkit's own error, as the built-in model raises it.
    case toolkit(Toolkit)
    /// The program gave no usable answer for the case.
    case program(String)

    /// The toolkit's message, or `the adapter program failed: …`.
    public var description: String {
        switch self {
        case .toolkit(let error): error.description
        case .program(let reason): "the adapter program failed: \(reason)"
        }
    }
}
