/// The kind of an ``Effect``, without its record, ticket or value.
public enum EffectKind: String, CaseIterable, Hashable, Sendable {
    /// Nothing to send.
    case nothing
    /// Send a write.
    case sendWrite
    /// Send a re-read.
    case sendReread
}
