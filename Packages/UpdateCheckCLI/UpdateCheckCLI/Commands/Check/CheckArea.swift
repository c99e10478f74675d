/// A part of the built-in suite that `updatecheck check --only` selects.
package enum CheckArea: String, Sendable, CaseIterable, Comparable {
    /// The optimistic-update state machine: the seed scenario and the exploration.
    case state
    /// The diff engine: the seed's fixed pairs and the exhaustive runs.
    case diff
    /// The built-in adapters, proven by the conformance kit on their toolkit models.
    case adapters

    /// Areas order as declared: state, diff, adapters.
    package static func < (lhs: CheckArea, rhs: CheckArea) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
