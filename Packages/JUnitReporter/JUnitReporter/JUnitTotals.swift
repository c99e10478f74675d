/// The counts and total time of a suite or a whole report, computed from
/// its cases.
///
/// A case counts once in `tests`, and each of its results once: a case
/// written by UpdateCheck has at most one, but a case from another tool with
/// a `<failure>` and an `<error>` counts in `failures` and in `errors` (as
/// junitparser counts it).
public struct JUnitTotals: Sendable, Equatable, Hashable {
    /// Number of cases.
    public var tests: Int
    /// Cases that ended with `<failure>`.
    public var failures: Int
    /// Cases that ended with `<error>`.
    public var errors: Int
    /// Cases that ended with `<skipped>`.
    public var skipped: Int
    /// Sum of the cases' times, each rounded to whole milliseconds first.
    public var milliseconds: Int64

    /// Creates totals.
    public init(tests: Int = 0, failures: Int = 0, errors: Int = 0, skipped: Int = 0, milliseconds: Int64 = 0) {
        self.tests = tests
        self.failures = failures
        self.errors = errors
        self.skipped = skipped
        self.milliseconds = milliseconds
    }

    /// Cases that passed: `tests - failures - errors - skipped` (never below
    /// 0; exact when each case has at most one result).
    public var passed: Int {
        var left = tests
        for part in [failures, errors, skipped] {
            let (rest, overflow) = left.subtractingReportingOverflow(part)
            if overflow { return part < 0 ? .max : 0 }
            left = rest
        }
        return max(0, left)
    }

    /// Counts one case.
    @inlinable
    public mutating func add(_ testCase: JUnitTestCase) {
        tests += 1
        switch testCase.outcome {
        case .passed: break
        case .failure: failures += 1
        case .error: errors += 1
        case .skipped: skipped += 1
        }
        add(milliseconds: JUnitTimeFormat.milliseconds(testCase.time))
    }

    /// Adds every count of `other`.
    @inlinable
    public mutating func add(_ other: JUnitTotals) {
        tests = Self.saturating(tests, other.tests)
        failures = Self.saturating(failures, other.failures)
        errors = Self.saturating(errors, other.errors)
        skipped = Self.saturating(skipped, other.skipped)
        add(milliseconds: other.milliseconds)
    }

    /// Adds a duration, saturating at ``JUnitTimeFormat/maxMilliseconds``.
    @inlinable
    mutating func add(milliseconds extra: Int64) {
        let (sum, overflow) = milliseconds.addingReportingOverflow(extra)
        milliseconds =
            overflow ? (extra > 0 ? JUnitTimeFormat.maxMilliseconds : 0) : min(sum, JUnitTimeFormat.maxMilliseconds)
    }

    /// `count + more`, held at the bounds of `Int` instead of overflowing.
    @inlinable
    static func saturating(_ count: Int, _ more: Int) -> Int {
        let (sum, overflow) = count.addingReportingOverflow(more)
        return overflow ? (more > 0 ? .max : .min) : sum
    }
}

extension JUnitTotals: CustomStringConvertible {
    /// `tests 1, failures 1, errors 0, skipped 0`.
    public var description: String {
        "tests \(tests), failures \(failures), errors \(errors), skipped \(skipped)"
    }
}
