import BatchUpdate

extension DiffableSectionedModel: ReplayableModel {
    /// The edits of an `NSDiffableDataSourceSnapshot` with sections, by
    /// identifier; a placement is exactly one of its two labels.
    public static var vocabulary: [String] {
        [
            "deleteAllItems()", "appendSections(sections: [SectionID])",
            "insertSections(sections: [SectionID], beforeSection | afterSection: SectionID)",
            "deleteSections(sections: [SectionID])",
            "moveSection(section: SectionID, beforeSection | afterSection: SectionID)",
            "reloadSections(sections: [SectionID])", "appendItems(items: [ID], toSection: SectionID or null)",
            "insertItems(items: [ID], beforeItem | afterItem: ID)", "deleteItems(items: [ID])",
            "moveItem(item: ID, beforeItem | afterItem: ID)", "reconfigureItems(items: [ID])",
            "reloadItems(items: [ID])",
        ]
    }

    /// `true`: the data source holds the snapshot the batch's edits leave, which
    /// the model shows; a batch's `dataSource` is not consulted.
    public static var showsAppliedSnapshot: Bool { true }

    /// The call a record describes, its section and item IDs resolved by
    /// `section` and `item`.
    ///
    /// - Throws: `BatchUpdateError.invalidCall(method:reason:)`.
    public static func call(
        from record: CallRecord, section: (String) -> SectionID?, item: (String) -> ItemID?
    ) throws(BatchUpdateError) -> DiffableSectionedCall<SectionID, ItemID> {
        /// The placement of `kind` (`Section`, `Item`), its labels checked with `others`.
        func placement<ID>(_ kind: String, _ others: [String], _ id: (String) -> ID?) throws(BatchUpdateError)
            -> SnapshotPlacement<ID>
        {
            let what = kind.lowercased()
            if record.arguments.contains(where: { $0.label == "before" + kind }) {
                try record.requireLabels(others + ["before" + kind])
                return .before(try record.id("before" + kind, id, kind: what))
            }
            try record.requireLabels(others + ["after" + kind])
            return .after(try record.id("after" + kind, id, kind: what))
        }
        switch record.method {
        case "deleteAllItems":
            try record.requireLabels([])
            return .deleteAllItems
        case "appendSections":
            try record.requireLabels(["sections"])
            return .appendSections(try record.ids("sections", section, kind: "section"))
        case "insertSections":
            let place = try placement("Section", ["sections"], section)
            return .insertSections(try record.ids("sections", section, kind: "section"), place)
        case "deleteSections":
            try record.requireLabels(["sections"])
            return .deleteSections(try record.ids("sections", section, kind: "section"))
        case "moveSection":
            let place = try placement("Section", ["section"], section)
            return .moveSection(try record.id("section", section, kind: "section"), place)
        case "reloadSections":
            try record.requireLabels(["sections"])
            return .reloadSections(try record.ids("sections", section, kind: "section"))
        case "appendItems":
            try record.requireLabels(["items", "toSection"])
            let target: SectionID?
            if case .null = try record.value("toSection") {
                target = nil
            } else {
                target = try record.id("toSection", section, kind: "section")
            }
            return .appendItems(try record.ids("items", item), toSection: target)
        case "insertItems":
            let place = try placement("Item", ["items"], item)
            return .insertItems(try record.ids("items", item), place)
        case "deleteItems":
            try record.requireLabels(["items"])
            return .deleteItems(try record.ids("items", item))
        case "moveItem":
            let place = try placement("Item", ["item"], item)
            return .moveItem(try record.id("item", item), place)
        case "reconfigureItems":
            try record.requireLabels(["items"])
            return .reconfigureItems(try record.ids("items", item))
        case "reloadItems":
            try record.requireLabels(["items"])
            return .reloadItems(try record.ids("items", item))
        default:
            throw record.unknownMethod(vocabulary: vocabulary)
        }
    }
}
