#if canImport(AppKit) && !targetEnvironment(macCatalyst)
    import AppKit
    import BatchUpdate

    // NSTableView as an ``AppKitTableView``: one line per method, no logic.
    // The bridge itself (`UpdateAdapter.apply(_:to:dataSource:)`) is generic
    // code, proven on every platform with `AppKitRecordingView`;
    // `beginUpdates()`, `endUpdates()` and `moveRow(at:to:)` are NSTableView's own.

    extension NSTableView: @preconcurrency AppKitTableView {
        /// Inserts rows at `rows`, fading them in.
        public func insertRows(at rows: [Int]) { insertRows(at: IndexSet(rows), withAnimation: .effectFade) }
        /// Removes the rows at `rows`, fading them out.
        public func removeRows(at rows: [Int]) { removeRows(at: IndexSet(rows), withAnimation: .effectFade) }
        /// Asks the delegate for new cell views of `rows`, every column.
        public func reloadRows(_ rows: [Int]) {
            reloadData(forRowIndexes: IndexSet(rows), columnIndexes: IndexSet(integersIn: 0..<numberOfColumns))
        }
    }
#endif
