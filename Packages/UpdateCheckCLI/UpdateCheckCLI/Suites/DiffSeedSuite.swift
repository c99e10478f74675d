import UpdateCheckDiff
import UpdateCheckSupport

/// The list article's fixed checks as a suite of `updatecheck check`: five
/// pairs, each diffed and fully verified, and a snapshot with a duplicate ID
/// that must be rejected.
package enum DiffSeedSuite {
    /// The suite's name in reports.
    package static let name = "diff seed"
    /// The JUnit class name of its cases.
    package static let className = "UpdateCheckDiff.seed"

    /// The article's fixed pairs, in its order.
    package static let pairs: [(old: [String], new: [String])] = [
        ([], []),
        ([], ["a"]),
        (["a"], []),
        (["a", "b", "c"], ["c", "a", "d"]),
        (["a", "b", "c"], ["c", "b", "a"]),
    ]

    /// The article's snapshot with a duplicate ID.
    package static let duplicateSnapshot = ["a", "a"]

    /// The suite: one case per pair, then the duplicate-ID case.
    package static func make() -> CheckSuite {
        CheckSuite(name: name, area: .diff, caseCount: pairs.count + 1) { selection in
            SuiteOutput(
                cases: selection.positions(among: pairs.count + 1).map { position in
                    position < pairs.count ? verifyCase(pairs[position]) : duplicateCase()
                })
        }
    }

    /// A snapshot as `[a, b, c]`, as case names and failure texts show it.
    package static func text(_ ids: [String]) -> String {
        "[" + ids.joined(separator: ", ") + "]"
    }

    /// Verifies one pair with `verifiedDiff(from:to:)`: reaches new, paired
    /// moves, inverse, minimal moves and the standard library's cross-check.
    static func verifyCase(_ pair: (old: [String], new: [String])) -> CheckCase {
        let name =
            "verify \(text(pair.old)) -> \(text(pair.new))"
        let watch = Stopwatch()
        do {
            _ = try verifiedDiff(from: pair.old, to: pair.new)
            return CheckCase(name: name, className: className, time: watch.seconds)
        } catch {
            return CheckCase(
                name: name, className: className, time: watch.seconds,
                outcome: .failure(
                    message: error.description, type: "UpdateCheckDiff.ListDiffError", details: error.description))
        }
    }

    /// Diffs the duplicate-ID snapshot, which must fail naming the ID and its offsets.
    static func duplicateCase() -> CheckCase {
        let name = "reject duplicate IDs \(text(duplicateSnapshot))"
        let watch = Stopwatch()
        let message: String
        do {
            _ = try diff(from: duplicateSnapshot, to: [])
            message =
                "diff accepted \(text(duplicateSnapshot)); expected a duplicate-ID error"
        } catch {
            if case .duplicateIDs(in: .old, let duplicates) = error,
                duplicates == [DuplicateID(id: "a", offsets: [0, 1])]
            {
                return CheckCase(name: name, className: className, time: watch.seconds)
            }
            message = "expected a duplicate-ID error naming a at offsets 0 and 1, got: \(error.description)"
        }
        return CheckCase(
            name: name, className: className, time: watch.seconds,
            outcome: .failure(message: message, type: "UpdateCheckDiff.ListDiffError", details: message))
    }
}
