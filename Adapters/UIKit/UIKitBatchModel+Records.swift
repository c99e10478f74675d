import BatchUpdate

extension UIKitBatchModel: ReplayableModel {
    /// The batch-update methods of `UICollectionView`, index paths as `[section, item]`.
    public static var vocabulary: [String] {
        [
            "deleteItems(at: [IndexPath])", "insertItems(at: [IndexPath])", "reloadItems(at: [IndexPath])",
            "reconfigureItems(at: [IndexPath])", "moveItem(at: IndexPath, to: IndexPath)",
        ]
    }

    /// The call a record describes.
    ///
    /// - Throws: `BatchUpdateError.invalidCall(method:reason:)`.
    public static func call(
        from record: CallRecord, section: (String) -> Never?, item id: (String) -> ID?
    ) throws(BatchUpdateError)
        -> UIKitBatchCall
    {
        switch record.method {
        case "deleteItems":
            try record.requireLabels(["at"])
            return .deleteItems(try record.paths("at"))
        case "insertItems":
            try record.requireLabels(["at"])
            return .insertItems(try record.paths("at"))
        case "reloadItems":
            try record.requireLabels(["at"])
            return .reloadItems(try record.paths("at"))
        case "reconfigureItems":
            try record.requireLabels(["at"])
            return .reconfigureItems(try record.paths("at"))
        case "moveItem":
            try record.requireLabels(["at", "to"])
            return .moveItem(at: try record.path("at"), to: try record.path("to"))
        default:
            throw record.unknownMethod(vocabulary: vocabulary)
        }
    }
}
