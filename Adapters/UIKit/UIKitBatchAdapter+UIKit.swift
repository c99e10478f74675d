#if canImport(UIKit) && !os(watchOS)
    import BatchUpdate
    import UIKit

    extension ItemPath {
        /// The same position as a Foundation index path.
        public var indexPath: IndexPath { IndexPath(item: item, section: section) }
    }

    extension UIKitBatchCall {
        /// Makes this call on `collectionView`, inside `performBatchUpdates`.
        @MainActor
        public func perform(on collectionView: UICollectionView) {
            switch self {
            case .deleteItems(let paths): collectionView.deleteItems(at: paths.map(\.indexPath))
            case .insertItems(let paths): collectionView.insertItems(at: paths.map(\.indexPath))
            case .reloadItems(let paths): collectionView.reloadItems(at: paths.map(\.indexPath))
            case .reconfigureItems(let paths):
                if #available(iOS 15.0, tvOS 15.0, *) {
                    collectionView.reconfigureItems(at: paths.map(\.indexPath))
                } else {
                    collectionView.reloadItems(at: paths.map(\.indexPath))
                }
            case .moveItem(let from, let to): collectionView.moveItem(at: from.indexPath, to: to.indexPath)
            }
        }

        /// Makes this call on `tableView`, inside `performBatchUpdates`.
        @MainActor
        public func perform(on tableView: UITableView, animation: UITableView.RowAnimation = .automatic) {
            switch self {
            case .deleteItems(let paths): tableView.deleteRows(at: paths.map(\.indexPath), with: animation)
            case .insertItems(let paths): tableView.insertRows(at: paths.map(\.indexPath), with: animation)
            case .reloadItems(let paths): tableView.reloadRows(at: paths.map(\.indexPath), with: animation)
            case .reconfigureItems(let paths):
                if #available(iOS 15.0, tvOS 15.0, *) {
                    tableView.reconfigureRows(at: paths.map(\.indexPath))
                } else {
                    tableView.reloadRows(at: paths.map(\.indexPath), with: animation)
                }
            case .moveItem(let from, let to): tableView.moveRow(at: from.indexPath, to: to.indexPath)
            }
        }
    }

    extension UIKitBatchAdapter {
        /// Applies `plan` to `collectionView`: `updateDataSource` is called
        /// inside the first batch over the new items and must make the data
        /// source hold `plan.new`. (With `refreshThenMove`, a first batch
        /// refreshes at old paths before it: the data source must then show
        /// the new content in the old order.)
        @MainActor
        public func apply(
            _ plan: UpdatePlan<ID>, to collectionView: UICollectionView,
            updateDataSource: @escaping @MainActor () -> Void
        ) {
            let batches = batches(for: plan)
            guard !batches.isEmpty else { return updateDataSource() }
            let update = batches.firstIndex { $0.items == plan.new } ?? 0
            for (index, batch) in batches.enumerated() {
                collectionView.performBatchUpdates {
                    if index == update { updateDataSource() }
                    for call in batch.calls { call.perform(on: collectionView) }
                }
            }
        }

        /// Applies `plan` to `tableView`: `updateDataSource` is called inside
        /// the first batch over the new items and must make the data source
        /// hold `plan.new`. (With `refreshThenMove`, a first batch refreshes
        /// at old paths before it: the data source must then show the new
        /// content in the old order.)
        @MainActor
        public func apply(
            _ plan: UpdatePlan<ID>, to tableView: UITableView, animation: UITableView.RowAnimation = .automatic,
            updateDataSource: @escaping @MainActor () -> Void
        ) {
            let batches = batches(for: plan)
            guard !batches.isEmpty else { return updateDataSource() }
            let update = batches.firstIndex { $0.items == plan.new } ?? 0
            for (index, batch) in batches.enumerated() {
                tableView.performBatchUpdates {
                    if index == update { updateDataSource() }
                    for call in batch.calls { call.perform(on: tableView, animation: animation) }
                }
            }
        }
    }
#endif
