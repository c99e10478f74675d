/// Known faults that can be switched on inside the real store, to prove that
/// the rule tests, the invariant checker and the explorer catch them.
///
/// Package-level only: no app can turn them on. Every fault is off by
/// default and costs one bit test at its decision point.
@usableFromInline
package struct StoreFaults: OptionSet, Hashable, Sendable, CustomStringConvertible {
    /// The raw bits.
    @usableFromInline
    package var rawValue: UInt8

    /// Creates a fault set from its bits.
    @inlinable
    package init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Answers are applied without checking session or ticket (the record
    /// must still exist): duplicates, stale and earlier-session answers act.
    @usableFromInline
    package static let skipTicketCheck = StoreFaults(rawValue: 1 << 0)
    /// A rejection leaves the desired (provisional) value visible instead of
    /// rolling back to the confirmed one.
    @usableFromInline
    package static let rollbackToDesiredOnReject = StoreFaults(rawValue: 1 << 1)
    /// A tap during `needsSync` starts a write before the re-read answered.
    @usableFromInline
    package static let allowWriteDuringNeedsSync = StoreFaults(rawValue: 1 << 2)
    /// A re-read answer is accepted with any ticket of the current session,
    /// whatever the record's phase.
    @usableFromInline
    package static let acceptStaleResync = StoreFaults(rawValue: 1 << 3)
    /// State is kept by row instead of by record ID: a reorder moves the
    /// record IDs but leaves each state at its row.
    @usableFromInline
    package static let keyByRow = StoreFaults(rawValue: 1 << 4)

    /// Every fault with its name, in bit order.
    package static let named: [(name: String, fault: StoreFaults)] = [
        ("skipTicketCheck", .skipTicketCheck),
        ("rollbackToDesiredOnReject", .rollbackToDesiredOnReject),
        ("allowWriteDuringNeedsSync", .allowWriteDuringNeedsSync),
        ("acceptStaleResync", .acceptStaleResync),
        ("keyByRow", .keyByRow),
    ]

    /// The names of the faults switched on, comma-separated (`none` if none).
    @usableFromInline
    package var description: String {
        let names = Self.named.filter { contains($0.fault) }.map(\.name)
        return names.isEmpty ? "none" : names.joined(separator: ",")
    }
}
