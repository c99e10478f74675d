/// One thing a recording view saw while a bridge handed a plan to it: a
/// toolkit call, an update of the app's data source, or a cell the toolkit
/// configured from the data source.
///
/// A bridge under test (``BridgedAdapter``) is replayed as batches of these
/// events on ``BridgedModel``, which holds the data-source timing to the
/// toolkit's rules and passes the calls on to the toolkit's own model.
public enum BridgeEvent<Call: ToolkitCall>: ToolkitCall {
    /// A call of the toolkit, made by the bridge.
    case call(Call)
    /// A call the toolkit model cannot take (a section call on a flat list),
    /// as the view received it.
    case unsupportedCall(CallRecord)
    /// The bridge gave the app's data source a new list; `outsideBatch`
    /// when no batch of the toolkit was open.
    case dataSourceUpdate(outsideBatch: Bool)
    /// The toolkit asked the data source for `item`'s cell at the end of a
    /// batch; `stale` when the data source still held the content of before
    /// the update (it had not been updated yet).
    case cellConfigured(item: String, stale: Bool)

    /// The event as data: the toolkit call's own record, or
    /// `updateDataSource()`, `updateDataSource(outsideBatch: true)`,
    /// `cellForItem(item: "b", stale: true)`.
    public var record: CallRecord {
        switch self {
        case .call(let call): call.record
        case .unsupportedCall(let record): record
        case .dataSourceUpdate(let outside):
            CallRecord(
                method: "updateDataSource", arguments: outside ? [CallArgument("outsideBatch", .bool(true))] : [])
        case .cellConfigured(let item, let stale):
            CallRecord(
                method: "cellForItem",
                arguments: [CallArgument("item", .text(item))] + (stale ? [CallArgument("stale", .bool(true))] : []))
        }
    }
}
