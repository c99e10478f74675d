import OptimisticState
import UpdateCheckSupport

/// Static checks of a scenario, before it runs: every record it names
/// exists in the session at that step (a switch to a session that is not
/// newer is ignored, as the store ignores it), and every ticket name was
/// bound by an earlier step.
extension Scenario {
    /// Checks that the scenario can run.
    ///
    /// - Throws: ``OptimisticScenarioError/invalidScenario(file:step:line:message:)``
    ///   naming the first bad step: a record loaded twice, an unknown
    ///   record, a dangling or reused ticket name, `as` on an answer that
    ///   mints no ticket, a result expected on a step without event, or a
    ///   record expectation with no record to check.
    /// - Complexity: O(s + r) in the number of steps and records named.
    public func validate() throws(OptimisticScenarioError) {
        var known = try Self.recordSet(records, step: 0, line: nil)
        var session = self.session
        var ticketRecords: [String: String] = [:]
        for (offset, step) in steps.enumerated() {
            let number = offset + 1
            func fail(_ message: String) -> OptimisticScenarioError {
                .invalidScenario(file: nil, step: number, line: step.line, message: message)
            }
            func requireKnown(_ record: String) throws(OptimisticScenarioError) {
                guard known.contains(record) else { throw fail("unknown record \(quoted: record)") }
            }
            var stepRecord: String?
            if let event = step.event {
                if let ticket = event.answeredTicket {
                    guard let minted = ticketRecords[ticket] else {
                        throw fail(
                            "ticket \(quoted: ticket) is not named by an earlier step (use \"as\" where it is minted)")
                    }
                    stepRecord = event.namedRecord ?? minted
                }
                switch event {
                case .tap(let record, _, _):
                    stepRecord = record
                case .finish(_, _, let outcome, let name) where name != nil && outcome != .uncertain:
                    throw fail("\"as\" names the re-read of an uncertain outcome; this answer is \(outcome.category)")
                case .switchSession(let newSession, let loaded):
                    let records = try Self.recordSet(loaded, step: number, line: step.line)
                    // A switch to a session that is not newer is ignored: the records stay.
                    if newSession > session {
                        known = records
                        session = newSession
                    }
                case .reorder(let order):
                    for record in order { try requireKnown(record) }
                default: break
                }
                if let record = event.namedRecord { try requireKnown(record) }
                if let name = event.boundName {
                    guard ticketRecords[name] == nil else { throw fail("ticket name \(quoted: name) is already used") }
                    ticketRecords[name] = stepRecord
                }
            }
            for expectation in step.expectations {
                if expectation.result != nil, step.event == nil {
                    throw fail("a result is expected, but the step has no event")
                }
                if let record = expectation.record ?? (expectation.checksRecord ? stepRecord : nil) {
                    try requireKnown(record)
                } else if expectation.checksRecord {
                    throw fail("the expectation needs \"record\": the step addresses no single record")
                }
                if let ticket = expectation.ticket, ticketRecords[ticket] == nil {
                    throw fail("ticket \(quoted: ticket) is not named by this or an earlier step")
                }
            }
        }
    }

    /// The IDs of `loaded`, rejecting a record loaded twice.
    static func recordSet(
        _ loaded: [LoadedRecord<String, ScenarioValue>], step: Int, line: Int?
    ) throws(OptimisticScenarioError) -> Set<String> {
        var set: Set<String> = []
        for record in loaded where !set.insert(record.id).inserted {
            throw .invalidScenario(
                file: nil, step: step, line: line, message: "record \(quoted: record.id) is loaded twice")
        }
        return set
    }
}
