#if canImport(UIKit) && !os(watchOS)
    import UIKit

    // The diffable data sources as ``DiffableDataSourceView``s, one line per
    // method, no logic; `NSDiffableDataSourceSnapshot` has the editing methods
    // already. The bridges are generic code, proven on every platform with
    // `DiffableRecordingView`.

    extension NSDiffableDataSourceSnapshot: DiffableSnapshotEditing {}

    extension UICollectionViewDiffableDataSource: @preconcurrency DiffableDataSourceView {
        /// Applies `snapshot`, animating the differences.
        public func applySnapshot(_ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>) {
            apply(snapshot, animatingDifferences: true)
        }
    }

    extension UITableViewDiffableDataSource: @preconcurrency DiffableDataSourceView {
        /// Applies `snapshot`, animating the differences.
        public func applySnapshot(_ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>) {
            apply(snapshot, animatingDifferences: true)
        }
    }
#elseif canImport(AppKit)
    import AppKit

    extension NSDiffableDataSourceSnapshot: DiffableSnapshotEditing {}

    extension NSCollectionViewDiffableDataSource: @preconcurrency DiffableDataSourceView {
        /// Applies `snapshot`, animating the differences.
        public func applySnapshot(_ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>) {
            apply(snapshot, animatingDifferences: true)
        }
    }

    extension NSTableViewDiffableDataSource: @preconcurrency DiffableDataSourceView {
        /// Applies `snapshot`, animating the differences.
        public func applySnapshot(_ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>) {
            apply(snapshot, animatingDifferences: true)
        }
    }
#endif
