import BatchUpdate
import UpdateCheckDiff

/// The model of a sectioned adapter program's answers: replays the calls on
/// the built-in sectioned model `Inner`, and raises
/// ``ExternalModelFailure/program(_:)`` for a case the program failed.
public struct ExternalSectionedModel<Inner: ReplayableSectionedModel>: SectionedToolkitModel {
    /// The wrapped model.
    public var inner: Inner

    /// A model showing `snapshot`.
    public init(showing snapshot: SectionedSnapshot<Inner.SectionID, Inner.ItemID>) {
        inner = Inner(showing: snapshot)
    }

    /// The wrapped model's sections.
    public var sections: [DisplayedSection<Inner.SectionID, Inner.ItemID>] { inner.sections }

    /// Replays the batch on the wrapped model, or fails with the program's failure.
    ///
    /// - Throws: ``ExternalModelFailure``.
    public mutating func perform(
        _ batch: SectionedUpdateBatch<Inner.SectionID, Inner.ItemID, ExternalCall<Inner.Call>>
    ) throws(ExternalModelFailure<Inner.Failure>) {
        let calls = try ExternalCall.modelCalls(batch.calls, failing: Inner.Failure.self)
        do {
            try inner.perform(SectionedUpdateBatch(sections: batch.sections, calls: calls))
        } catch {
            throw .toolkit(error)
        }
    }
}
