/// The inconsistencies RecyclerView reports for notifications that do not
/// match its adapter (`IndexOutOfBoundsException: Inconsistency detected`).
public enum RecyclerViewError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A notification names positions the list does not have at that moment.
    case invalidPosition(call: String, position: Int, itemCount: Int)
    /// An insert would leave more rows than the list held before the
    /// dispatch plus the adapter's items after it (`limit` more rows at
    /// most): no update between the two lists inserts that many.
    case countOutOfRange(call: String, count: Int, limit: Int)
    /// After the notifications, the adapter's `getItemCount()` differs from
    /// the count the notifications leave.
    case itemCountMismatch(notified: Int, adapter: Int)

    /// The message, in RecyclerView's words.
    public var description: String {
        switch self {
        case .invalidPosition(let call, let position, let itemCount):
            "java.lang.IndexOutOfBoundsException: Inconsistency detected. Invalid item position \(position) in "
                + "\(call): the list holds \(itemCount) items at that point."
        case .countOutOfRange(let call, let count, let limit):
            "java.lang.IndexOutOfBoundsException: Inconsistency detected. Invalid item count \(count) in "
                + "\(call): at most \(limit) more items fit the list before and the adapter's items after."
        case .itemCountMismatch(let notified, let adapter):
            "java.lang.IndexOutOfBoundsException: Inconsistency detected. The notifications leave \(notified) "
                + "items, but the adapter's getItemCount() is \(adapter)."
        }
    }
}
