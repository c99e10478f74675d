#if canImport(UIKit) && !os(watchOS)
    import BatchUpdate
    import UIKit

    // UIKit's views as ``UIKitBatchView``s: one line per method, no logic.
    // The bridge itself (`UpdateAdapter.apply(_:to:dataSource:)`) is generic
    // code, proven on every platform with `UIKitRecordingView`. The views are
    // main-actor classes; the conformances check at run time that the bridge
    // is called on the main actor.

    extension ItemPath {
        /// The same position as a Foundation index path.
        public var indexPath: IndexPath { IndexPath(item: item, section: section) }
    }

    extension UICollectionView: @preconcurrency UIKitBatchView {
        /// Runs `updates` in `performBatchUpdates(_:completion:)`.
        public func performBatch(_ updates: () -> Void) { withoutActuallyEscaping(updates) { performBatchUpdates($0) } }
        /// Deletes the items at `paths` (paths before the update).
        public func deleteItems(at paths: [ItemPath]) { deleteItems(at: paths.map(\.indexPath)) }
        /// Inserts items at `paths` (paths after the update).
        public func insertItems(at paths: [ItemPath]) { insertItems(at: paths.map(\.indexPath)) }
        /// Reloads the items at `paths`: new cells.
        public func reloadItems(at paths: [ItemPath]) { reloadItems(at: paths.map(\.indexPath)) }
        /// Reconfigures the items at `paths`: same cells, configured again.
        public func reconfigureItems(at paths: [ItemPath]) { reconfigureItems(at: paths.map(\.indexPath)) }
        /// Moves the item at `path` to `newPath`.
        public func moveItem(at path: ItemPath, to newPath: ItemPath) {
            moveItem(at: path.indexPath, to: newPath.indexPath)
        }
        /// Deletes the sections at `sections`.
        public func deleteSections(_ sections: [Int]) { deleteSections(IndexSet(sections)) }
        /// Inserts sections at `sections`.
        public func insertSections(_ sections: [Int]) { insertSections(IndexSet(sections)) }
        /// Reloads the sections at `sections`: new cells for their items.
        public func reloadSections(_ sections: [Int]) { reloadSections(IndexSet(sections)) }
    }

    extension UITableView: @preconcurrency UIKitBatchView {
        /// Runs `updates` in `performBatchUpdates(_:completion:)`.
        public func performBatch(_ updates: () -> Void) { withoutActuallyEscaping(updates) { performBatchUpdates($0) } }
        /// Deletes the items at `paths` (paths before the update).
        public func deleteItems(at paths: [ItemPath]) { deleteRows(at: paths.map(\.indexPath), with: .automatic) }
        /// Inserts items at `paths` (paths after the update).
        public func insertItems(at paths: [ItemPath]) { insertRows(at: paths.map(\.indexPath), with: .automatic) }
        /// Reloads the items at `paths`: new cells.
        public func reloadItems(at paths: [ItemPath]) { reloadRows(at: paths.map(\.indexPath), with: .automatic) }
        /// Reconfigures the items at `paths`: same cells, configured again.
        public func reconfigureItems(at paths: [ItemPath]) { reconfigureRows(at: paths.map(\.indexPath)) }
        /// Moves the item at `path` to `newPath`.
        public func moveItem(at path: ItemPath, to newPath: ItemPath) {
            moveRow(at: path.indexPath, to: newPath.indexPath)
        }
        /// Deletes the sections at `sections`.
        public func deleteSections(_ sections: [Int]) { deleteSections(IndexSet(sections), with: .automatic) }
        /// Inserts sections at `sections`.
        public func insertSections(_ sections: [Int]) { insertSections(IndexSet(sections), with: .automatic) }
        /// Reloads the sections at `sections`: new cells for their items.
        public func reloadSections(_ sections: [Int]) { reloadSections(IndexSet(sections), with: .automatic) }
    }
#endif
