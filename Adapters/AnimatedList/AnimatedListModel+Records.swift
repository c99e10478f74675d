import BatchUpdate

extension AnimatedListModel: ReplayableModel {
    /// `insertItem`, `removeItem` and `updateItem`, one index each.
    public static var vocabulary: [String] {
        ["insertItem(index: Int)", "removeItem(index: Int)", "updateItem(index: Int)"]
    }

    /// The call a record describes.
    ///
    /// - Throws: `BatchUpdateError.invalidCall(method:reason:)`.
    public static func call(
        from record: CallRecord, section: (String) -> Never?, item id: (String) -> ID?
    ) throws(BatchUpdateError)
        -> AnimatedListCall
    {
        switch record.method {
        case "insertItem", "removeItem", "updateItem":
            try record.requireLabels(["index"])
            let index = try record.integer("index")
            return record.method == "insertItem"
                ? .insertItem(index: index)
                : record.method == "removeItem" ? .removeItem(index: index) : .updateItem(index: index)
        default:
            throw record.unknownMethod(vocabulary: vocabulary)
        }
    }
}
