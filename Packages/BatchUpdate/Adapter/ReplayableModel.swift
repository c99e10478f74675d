/// A toolkit model whose calls can be rebuilt from their ``CallRecord``s,
/// so that calls made outside Swift — a log recorded on a device, the
/// answers of an adapter program in another language — can be replayed on
/// it and proven by the conformance kit.
///
/// The records are the same ones reports print: the method name as the
/// toolkit spells it and its labelled arguments. A record is accepted
/// exactly when it names one of the model's methods with exactly that
/// method's labels and values of the right kinds; anything else is a
/// ``BatchUpdateError/invalidCall(method:reason:)`` naming what is wrong.
public protocol ReplayableModel: ToolkitModel {
    /// The calls the model takes, one signature each, as documented for
    /// adapter programs: `onMoved(fromPosition: Int, toPosition: Int)`.
    static var vocabulary: [String] { get }

    /// The call `record` describes, with item IDs named in the record
    /// resolved by `id` (`nil` for a name that is not in the case).
    ///
    /// - Throws: ``BatchUpdateError/invalidCall(method:reason:)``.
    static func call(from record: CallRecord, id: (String) -> ID?) throws(BatchUpdateError) -> Call
}
