/// The kind of a ``StoreEvent``, as named in traces and scenario files.
public enum EventKind: String, CaseIterable, Hashable, Sendable {
    /// A tap (``OptimisticStore/begin(_:desired:)``).
    case tap
    /// A write's answer.
    case finish
    /// A cancelled request.
    case cancel
    /// A re-read's answer.
    case resync
    /// An account switch.
    case switchSession
    /// A sort or filter of the list.
    case reorder
}
