import BatchUpdate

extension RecyclerViewModel: ReplayableModel {
    /// `onInserted`, `onRemoved`, `onMoved` and `onChanged`, with
    /// `ListUpdateCallback`'s argument names.
    public static var vocabulary: [String] {
        [
            "onInserted(position: Int, count: Int)", "onRemoved(position: Int, count: Int)",
            "onMoved(fromPosition: Int, toPosition: Int)", "onChanged(position: Int, count: Int, payload: String?)",
        ]
    }

    /// The notification a record describes.
    ///
    /// - Throws: `BatchUpdateError.invalidCall(method:reason:)`.
    public static func call(
        from record: CallRecord, section: (String) -> Never?, item id: (String) -> ID?
    ) throws(BatchUpdateError)
        -> RecyclerViewCall
    {
        switch record.method {
        case "onInserted":
            try record.requireLabels(["position", "count"])
            return .inserted(position: try record.integer("position"), count: try record.integer("count"))
        case "onRemoved":
            try record.requireLabels(["position", "count"])
            return .removed(position: try record.integer("position"), count: try record.integer("count"))
        case "onMoved":
            try record.requireLabels(["fromPosition", "toPosition"])
            return .moved(from: try record.integer("fromPosition"), to: try record.integer("toPosition"))
        case "onChanged":
            try record.requireLabels(["position", "count", "payload"])
            return .changed(
                position: try record.integer("position"), count: try record.integer("count"),
                payload: try record.optionalText("payload"))
        default:
            throw record.unknownMethod(vocabulary: vocabulary)
        }
    }
}
