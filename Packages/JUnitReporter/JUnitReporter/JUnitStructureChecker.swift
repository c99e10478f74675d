/// The structure checks of ``JUnitValidator``, fed one element at a time.
struct JUnitStructureChecker {
    private enum Kind {
        case root, suite, testCase, outcome, other
    }

    private struct Frame {
        var kind: Kind
        var name: String
        var line: Int
        /// For the root and suites: the declared counts and the counted ones.
        var declared: [(attribute: String, value: Int)] = []
        var counted = JUnitTotals()
        /// For cases: the result elements seen inside (each counts).
        var results = JUnitTotals()
        var milliseconds: Int64 = 0
        /// For suites: the `name` attribute.
        var suiteName = ""
    }

    private let diagnostics: XMLDiagnostics
    private var stack: [Frame] = []
    /// The counts of every case read so far.
    private(set) var totals = JUnitTotals()
    /// How many `<testsuite>` elements were read.
    private(set) var suiteCount = 0

    /// Creates a checker reporting to `diagnostics`.
    init(diagnostics: XMLDiagnostics) { self.diagnostics = diagnostics }

    /// Checks the element the reader is on.
    mutating func start(_ reader: XMLReader) {
        let name = reader.name
        let line = reader.line
        let parent = stack.last?.kind
        var frame = Frame(kind: .other, name: name, line: line)
        func problem(_ message: String) { diagnostics.record(line: line, message) }

        switch name {
        case _ where stack.isEmpty && name != "testsuites" && name != "testsuite":
            problem("the root element is <\(name)>; a JUnit report starts with <testsuites> or <testsuite>")
        case "testsuites":
            if !stack.isEmpty { problem("<testsuites> must be the root element") }
            frame.kind = .root
            frame.declared = counts(reader, ["tests", "failures", "errors"], problem)
            checkTime(reader, problem)
        case "testsuite":
            if let parent, parent != .root, parent != .suite {
                problem("<testsuite> inside <\(stack.last!.name)>; it belongs in <testsuites> or <testsuite>")
            }
            suiteCount += 1
            frame.kind = .suite
            frame.suiteName = reader.attribute("name") ?? ""
            for required: StaticString in ["name", "tests", "failures", "errors"]
            where reader.attribute(required) == nil {
                problem("<testsuite> has no \(required) attribute")
            }
            frame.declared = counts(reader, ["tests", "failures", "errors", "skipped"], problem)
            checkTime(reader, problem)
            if let timestamp = reader.attribute("timestamp"), !JUnitSyntax.isTimestamp(timestamp) {
                problem("timestamp \"\(timestamp)\" is not an ISO 8601 time (YYYY-MM-DDTHH:MM:SS)")
            }
        case "testcase":
            if parent != .suite {
                problem(
                    parent == nil
                        ? "<testcase> outside a <testsuite>"
                        : "<testcase> inside <\(stack.last!.name)>; it belongs in a <testsuite>")
            }
            frame.kind = .testCase
            if reader.attribute("name") == nil { problem("<testcase> has no name attribute") }
            frame.milliseconds = checkTime(reader, problem)
        case "failure", "error", "skipped":
            guard parent == .testCase else {
                // Ant and Jenkins write a result directly in a suite when a
                // class fails to load; merge turns it into a counted case.
                let hint = parent == .suite ? " (junit merge makes it a case named \"(suite \(name))\")" : ""
                problem("<\(name)> outside a <testcase>\(hint)")
                break
            }
            frame.kind = .outcome
            switch name {
            case "failure": stack[stack.count - 1].results.failures += 1
            case "error": stack[stack.count - 1].results.errors += 1
            default: stack[stack.count - 1].results.skipped += 1
            }
        default:
            break
        }
        stack.append(frame)
    }

    /// Closes the innermost element: tallies a case, compares a suite's or
    /// the root's declared counts with the counted ones.
    mutating func end() {
        guard let frame = stack.popLast() else { return }
        switch frame.kind {
        case .testCase:
            // Every result counts, as junitparser counts them.
            var counted = frame.results
            counted.tests = 1
            counted.milliseconds = frame.milliseconds
            totals.add(counted)
            addToParent(counted)
        case .suite, .root:
            compare(frame)
            if frame.kind == .suite { addToParent(frame.counted) }
        case .outcome, .other:
            break
        }
    }

    private mutating func addToParent(_ counted: JUnitTotals) {
        guard let index = stack.indices.last, stack[index].kind == .suite || stack[index].kind == .root else { return }
        stack[index].counted.add(counted)
    }

    private func compare(_ frame: Frame) {
        let element = frame.kind == .root ? "<testsuites>" : "<testsuite name=\"\(frame.suiteName)\">"
        for (attribute, value) in frame.declared {
            let actual =
                switch attribute {
                case "tests": frame.counted.tests
                case "failures": frame.counted.failures
                case "errors": frame.counted.errors
                default: frame.counted.skipped
                }
            if actual != value {
                diagnostics.record(
                    line: frame.line, "\(element) declares \(attribute)=\"\(value)\" but its cases count \(actual)")
            }
        }
    }

    /// The count attributes among `names` that are present and whole numbers.
    private func counts(_ reader: XMLReader, _ names: [StaticString], _ problem: (String) -> Void) -> [(String, Int)] {
        var result: [(String, Int)] = []
        for name in names {
            guard let text = reader.attribute(name) else { continue }
            if JUnitSyntax.isCount(text), let value = Int(text) {
                result.append(("\(name)", value))
            } else {
                problem("\(name)=\"\(text)\" is not a whole number")
            }
        }
        return result
    }

    /// Checks the `time` attribute; returns its milliseconds (0 when absent or bad).
    @discardableResult
    private func checkTime(_ reader: XMLReader, _ problem: (String) -> Void) -> Int64 {
        guard let text = reader.attribute("time") else { return 0 }
        guard let milliseconds = JUnitSyntax.milliseconds(text) else {
            problem("time=\"\(text)\" is not a number of seconds with a '.' decimal point")
            return 0
        }
        return milliseconds
    }
}
