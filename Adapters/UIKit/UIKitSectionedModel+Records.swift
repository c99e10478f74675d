import BatchUpdate

extension UIKitSectionedModel: ReplayableModel {
    /// The sectioned batch-update methods of `UICollectionView`: section
    /// offsets, and index paths as `[section, item]`.
    public static var vocabulary: [String] {
        [
            "deleteSections(sections: [Int])", "insertSections(sections: [Int])", "reloadSections(sections: [Int])",
            "moveSection(at: Int, to: Int)",
        ] + UIKitBatchModel<ItemID>.vocabulary
    }

    /// The call a record describes (it names no IDs: sections and items are
    /// offsets and index paths).
    ///
    /// - Throws: `BatchUpdateError.invalidCall(method:reason:)`.
    public static func call(
        from record: CallRecord, section: (String) -> SectionID?, item: (String) -> ItemID?
    ) throws(BatchUpdateError) -> UIKitSectionedCall {
        switch record.method {
        case "deleteSections":
            try record.requireLabels(["sections"])
            return .deleteSections(try record.integers("sections"))
        case "insertSections":
            try record.requireLabels(["sections"])
            return .insertSections(try record.integers("sections"))
        case "reloadSections":
            try record.requireLabels(["sections"])
            return .reloadSections(try record.integers("sections"))
        case "moveSection":
            try record.requireLabels(["at", "to"])
            return .moveSection(try record.integer("at"), to: try record.integer("to"))
        case "deleteItems", "insertItems", "reloadItems", "reconfigureItems", "moveItem":
            return .item(try UIKitBatchModel<ItemID>.call(from: record, section: { _ in nil }, item: item))
        default:
            throw record.unknownMethod(vocabulary: vocabulary)
        }
    }
}
