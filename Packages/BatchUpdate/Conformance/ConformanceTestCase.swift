/// One group of a conformance run as a CI test case — the shape of JUnit's
/// `<testcase name classname time>` with its `<failure>` — as plain values.
///
/// This is the one mapping from a ``ConformanceReport`` to test cases:
/// `updatecheck` writes its JUnit reports from it, and a test target can
/// report a kit run group by group (instead of one case for the whole run)
/// without linking an XML library. One case per group
/// (``ConformanceReport/testCases``), in the report's order:
///
/// - `name`: the group's ``ConformanceGroup/name`` (`old [a, b]`,
///   `random pairs 100-199`);
/// - `className`: `BatchUpdate.conformance.<adapter>`;
/// - a failing group's ``Failure`` has the message `3 of 41 cases failed;
///   smallest: [a, b] → [b, a], changed [b]: <problem>`, the type
///   `BatchUpdate.ConformanceFailure`, and as details every kept failing
///   case with its calls (and how many more failed).
///
/// Written with the JUnitReporter library (which links libxml2), in a test:
///
/// ```swift
/// let report = ConformanceKit.check(MyListAdapter<Int>(), options: ConformanceOptions(ids: 4))
/// let cases = report.testCases.map { testCase in
///     JUnitTestCase(
///         name: testCase.name, className: testCase.className, time: testCase.seconds,
///         outcome: testCase.failure.map { .failure(message: $0.message, type: $0.type, details: $0.details) }
///             ?? .passed)
/// }
/// try JUnitWriter.write(
///     JUnitReport(name: "conformance", suites: [JUnitTestSuite(name: report.adapter, timestamp: Date(), cases: cases)]),
///     to: "conformance.xml")
/// ```
public struct ConformanceTestCase: Sendable, Hashable {
    /// Why a group failed: JUnit's `<failure message type>` and its text.
    public struct Failure: Sendable, Hashable {
        /// One line: how many cases failed, and the smallest one's pair and problem.
        public var message: String
        /// `BatchUpdate.ConformanceFailure`.
        public var type: String
        /// Every kept failing case with its calls, one after the other, and
        /// how many more failed when not all were kept.
        public var details: String

        /// Creates a failure.
        public init(message: String, type: String, details: String) {
            self.message = message
            self.type = type
            self.details = details
        }
    }

    /// The group's name: `old [a, b]`, or `random pairs 100-199`.
    public var name: String
    /// `BatchUpdate.conformance.<adapter>`.
    public var className: String
    /// Seconds the group took.
    public var seconds: Double
    /// Why the group failed, or `nil` when every case passed.
    public var failure: Failure?

    /// Creates a case.
    public init(name: String, className: String, seconds: Double, failure: Failure? = nil) {
        self.name = name
        self.className = className
        self.seconds = seconds
        self.failure = failure
    }

    /// The type of every conformance failure: `BatchUpdate.ConformanceFailure`.
    public static let failureType = "BatchUpdate.ConformanceFailure"

    /// `BatchUpdate.conformance.<adapter>`: the class of an adapter's cases.
    public static func className(adapter: String) -> String { "BatchUpdate.conformance.\(adapter)" }
}

extension ConformanceGroup {
    /// The group as a test case of `adapter` (see ``ConformanceTestCase``);
    /// a sectioned group's details are the smallest failing case of each
    /// kind, with no count of the others.
    public func testCase(adapter: String) -> ConformanceTestCase {
        let className = ConformanceTestCase.className(adapter: adapter)
        guard let smallest = failures.first else {
            return ConformanceTestCase(name: name, className: className, seconds: seconds)
        }
        var details = failures.map(\.description)
        if case .sections = kind {
            // A sectioned group keeps the smallest case of each kind, not the smallest few.
        } else if failureCount > failures.count {
            details.append("… and \(failureCount - failures.count) more failing cases")
        }
        return ConformanceTestCase(
            name: name, className: className, seconds: seconds,
            failure: ConformanceTestCase.Failure(
                message:
                    "\(failureCount) of \(casesChecked) cases failed; smallest: \(smallest.pair): \(smallest.problem)",
                type: ConformanceTestCase.failureType, details: details.joined(separator: "\n")))
    }
}

extension ConformanceReport {
    /// One test case per group, in the report's order (see
    /// ``ConformanceTestCase``): what CI shows of the run.
    public var testCases: [ConformanceTestCase] { groups.map { $0.testCase(adapter: adapter) } }
}
