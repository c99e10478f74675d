/// Mistakes that glue code around a store typically makes, switched on in a
/// controller to prove that its tests and the explorer catch them. Never
/// used by an app: the public initialiser of ``OptimisticController`` runs
/// with none.
package struct ControllerFaults: OptionSet, Hashable, Sendable {
    /// The bits.
    package let rawValue: UInt8

    /// Wraps bits.
    package init(rawValue: UInt8) { self.rawValue = rawValue }

    /// A write's answer that arrives after its timeout, while the record
    /// waits for its re-read, is taken as the server's value: the glue
    /// "knows" the value already and settles the re-read with it.
    package static let applyLateAnswers = ControllerFaults(rawValue: 1 << 0)
}
