/// The symmetries an exploration folds together: states that are renamings
/// of each other are explored once, as one representative per orbit.
///
/// - ``records``: renaming the records. Two states that differ only in
///   which record holds which state (tickets moving with their records),
///   with the same display order of record names, behave alike: every
///   event addresses one record by name, and the store keys state by name.
///   Exact for any store in which a reorder changes no record's state
///   (invariant 6); see ``Explorer`` for how the search makes sure of it.
/// - ``values``: renaming the values. The store only compares values for
///   equality, and every event is offered with every value (taps, answers,
///   re-reads, the loads of an account switch), so exchanging two values
///   everywhere maps runs to runs. Exact for every store.
///
/// The reduced search reports the same verdict for every invariant and
/// counterexamples of the same length as the full search, and counts the
/// states the full search would reach (``ExplorationReport/statesBeforeReduction``).
public struct ExplorerSymmetry: OptionSet, Hashable, Sendable, CustomStringConvertible {
    /// The raw bits.
    public let rawValue: UInt8

    /// Creates a set of symmetries from its raw bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Renaming the records.
    public static let records = ExplorerSymmetry(rawValue: 1)
    /// Renaming the values.
    public static let values = ExplorerSymmetry(rawValue: 2)
    /// Both: the default.
    public static let all: ExplorerSymmetry = [.records, .values]

    /// `records and values`, `records`, `values` or `none`.
    public var description: String {
        switch (contains(.records), contains(.values)) {
        case (true, true): "records and values"
        case (true, false): "records"
        case (false, true): "values"
        case (false, false): "none"
        }
    }
}
