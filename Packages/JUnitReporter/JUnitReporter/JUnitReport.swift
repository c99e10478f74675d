import Foundation

/// A whole JUnit report: a `<testsuites>` root holding suites of cases.
///
/// Counts (`tests`, `failures`, `errors`, `skipped`) are never stored: they
/// are computed from the cases when the report is written. So is the time,
/// unless ``time`` gives the wall-clock time of the run (cases that ran in
/// parallel then do not add up to more than the run took).
public struct JUnitReport: Sendable, Equatable {
    /// The `name` attribute of `<testsuites>`.
    public var name: String
    /// The suites, in order.
    public var suites: [JUnitTestSuite]
    /// The root's `time` in seconds; `nil` for the sum of the suites' times.
    public var time: Double?

    /// Creates a report.
    public init(name: String, suites: [JUnitTestSuite] = [], time: Double? = nil) {
        self.name = name
        self.suites = suites
        self.time = time
    }
}

/// One `<testsuite>`: a named group of cases run at one time.
public struct JUnitTestSuite: Sendable, Equatable {
    /// The `name` attribute.
    public var name: String
    /// When the suite started; written as UTC `YYYY-MM-DDTHH:MM:SS`.
    public var timestamp: Date
    /// `<properties>`: name/value pairs such as the seed or the shard, in order.
    public var properties: [JUnitProperty]
    /// The cases, in order.
    public var cases: [JUnitTestCase]
    /// Optional suite-level `<system-out>`.
    public var systemOut: String?
    /// Optional suite-level `<system-err>`.
    public var systemErr: String?
    /// The suite's `time` in seconds (its wall-clock time); `nil` for the sum of its cases' times.
    public var time: Double?

    /// Creates a suite.
    public init(
        name: String, timestamp: Date, properties: [JUnitProperty] = [], cases: [JUnitTestCase] = [],
        systemOut: String? = nil, systemErr: String? = nil, time: Double? = nil
    ) {
        self.time = time
        self.name = name
        self.timestamp = timestamp
        self.properties = properties
        self.cases = cases
        self.systemOut = systemOut
        self.systemErr = systemErr
    }
}

/// One `<property name value>` of a suite.
public struct JUnitProperty: Sendable, Equatable {
    /// The property's name.
    public var name: String
    /// The property's value.
    public var value: String

    /// Creates a property.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// One `<testcase name classname time>` and its outcome.
public struct JUnitTestCase: Sendable, Equatable {
    /// How a case ended.
    public enum Outcome: Sendable, Equatable {
        /// The case passed.
        case passed
        /// A check failed: `<failure message type>` with `details` as its body.
        case failure(message: String, type: String, details: String)
        /// The case crashed or threw: `<error message type>` with `details` as its body.
        case error(message: String, type: String, details: String)
        /// The case did not run: `<skipped message>`.
        case skipped(message: String?)
    }

    /// The `name` attribute.
    public var name: String
    /// The `classname` attribute (CI systems group by it).
    public var className: String
    /// Seconds the case took.
    public var time: Double
    /// How the case ended.
    public var outcome: Outcome
    /// Optional `<system-out>` (e.g. `[[ATTACHMENT|path]]` lines).
    public var systemOut: String?
    /// Optional `<system-err>`.
    public var systemErr: String?

    /// Creates a case.
    public init(
        name: String, className: String, time: Double = 0, outcome: Outcome = .passed, systemOut: String? = nil,
        systemErr: String? = nil
    ) {
        self.name = name
        self.className = className
        self.time = time
        self.outcome = outcome
        self.systemOut = systemOut
        self.systemErr = systemErr
    }
}
