import Foundation
import ListDiff

/// Runs the suites of `updatecheck check` in order, or the cases of one shard
/// of them, drawing a progress line when the console is a terminal.
package enum CheckRunner {
    /// Runs the selected cases of `suites`.
    ///
    /// Cases are numbered across all suites in order; shard *i* of *n* runs
    /// those whose number leaves remainder *i* − 1 modulo *n* (see
    /// ``CaseSelection``). A suite none of whose cases is selected is not run
    /// and gives no result.
    ///
    /// - Returns: one result per suite that ran, in suite order.
    /// - Throws: the first error a suite throws.
    package static func run(_ suites: [CheckSuite], shard: Shard, console: Console) throws(CLIError)
        -> [CheckSuiteResult]
    {
        var results: [CheckSuiteResult] = []
        var offset = 0
        for (number, suite) in suites.enumerated() {
            let selection = CaseSelection(shard: shard, offset: offset)
            offset += suite.caseCount
            let selected = selection.positions(among: suite.caseCount).count
            guard selected > 0 else { continue }
            if console.showsProgress {
                let noun = selected == 1 ? "case" : "cases"
                console.writeErr("\r\u{1B}[2K[\(number + 1)/\(suites.count)] \(suite.name): \(selected) \(noun)…")
            }
            let timestamp = Date()
            let clock = ContinuousClock.now
            let cases = try suite.run(selection)
            results.append(
                CheckSuiteResult(
                    name: suite.name, area: suite.area, timestamp: timestamp,
                    seconds: CheckClock.seconds(since: clock), properties: suite.properties, cases: cases))
        }
        if console.showsProgress { console.writeErr("\r\u{1B}[2K") }
        return results
    }
}
