import BatchUpdate

extension AppKitTableModel: ReplayableModel {
    /// The row-update methods of `NSTableView`, index sets as lists of rows.
    public static var vocabulary: [String] {
        [
            "insertRows(at: [Int])", "removeRows(at: [Int])", "moveRow(at: Int, to: Int)",
            "reloadData(forRowIndexes: [Int])",
        ]
    }

    /// The call a record describes.
    ///
    /// - Throws: `BatchUpdateError.invalidCall(method:reason:)`.
    public static func call(
        from record: CallRecord, section: (String) -> Never?, item id: (String) -> ID?
    ) throws(BatchUpdateError)
        -> AppKitTableCall
    {
        switch record.method {
        case "insertRows":
            try record.requireLabels(["at"])
            return .insertRows(try record.integers("at"))
        case "removeRows":
            try record.requireLabels(["at"])
            return .removeRows(try record.integers("at"))
        case "moveRow":
            try record.requireLabels(["at", "to"])
            return .moveRow(at: try record.integer("at"), to: try record.integer("to"))
        case "reloadData":
            try record.requireLabels(["forRowIndexes"])
            return .reloadRows(try record.integers("forRowIndexes"))
        default:
            throw record.unknownMethod(vocabulary: vocabulary)
        }
    }
}
