/// A platform-free model of one UI toolkit's update semantics: it starts
/// showing the old items, replays batches of calls exactly as the toolkit
/// documents them, and fails with the toolkit's kind of error where the
/// toolkit would throw.
///
/// The conformance kit replays an adapter's batches on its model and then
/// compares ``rows`` with the new snapshot, the content changes and the
/// adapter's policy.
public protocol ToolkitModel<ID, Call> {
    /// The item identifier.
    associatedtype ID: Hashable & Sendable
    /// The calls the toolkit takes.
    associatedtype Call: ToolkitCall
    /// The toolkit's error, worded the way the toolkit reports it.
    associatedtype Failure: Error & CustomStringConvertible

    /// A model showing `items`, row *i* in cell *i*, none refreshed.
    init(showing items: [ID])

    /// Replays one batch on the current state.
    ///
    /// - Throws: the toolkit's error for a call list the toolkit would
    ///   reject; the state is then unspecified.
    mutating func perform(_ batch: UpdateBatch<ID, Call>) throws(Failure)

    /// The rows shown now, top to bottom.
    var rows: [DisplayedRow<ID>] { get }
}
