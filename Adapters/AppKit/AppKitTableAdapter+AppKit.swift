#if canImport(AppKit) && !targetEnvironment(macCatalyst)
    import AppKit
    import BatchUpdate

    extension AppKitTableCall {
        /// Makes this call on `tableView`, between `beginUpdates()` and `endUpdates()`.
        @MainActor
        public func perform(on tableView: NSTableView, animation: NSTableView.AnimationOptions = .effectFade) {
            switch self {
            case .insertRows(let rows): tableView.insertRows(at: IndexSet(rows), withAnimation: animation)
            case .removeRows(let rows): tableView.removeRows(at: IndexSet(rows), withAnimation: animation)
            case .moveRow(let from, let to): tableView.moveRow(at: from, to: to)
            case .reloadRows(let rows):
                tableView.reloadData(
                    forRowIndexes: IndexSet(rows), columnIndexes: IndexSet(integersIn: 0..<tableView.numberOfColumns))
            }
        }
    }

    extension AppKitTableAdapter {
        /// Applies `plan` to `tableView`: `updateDataSource` is called first
        /// and must make the data source hold `plan.new`; each batch then runs
        /// in its own `beginUpdates()`/`endUpdates()` block.
        @MainActor
        public func apply(
            _ plan: UpdatePlan<ID>, to tableView: NSTableView, animation: NSTableView.AnimationOptions = .effectFade,
            updateDataSource: () -> Void
        ) {
            updateDataSource()
            for batch in batches(for: plan) {
                tableView.beginUpdates()
                for call in batch.calls { call.perform(on: tableView, animation: animation) }
                tableView.endUpdates()
            }
        }
    }
#endif
