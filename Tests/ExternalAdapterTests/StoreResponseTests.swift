import OptimisticScenario
import OptimisticState
import Testing

@testable import ExternalAdapter

/// What a store program's response line must say of the request it
/// answers: its own `"id"`, and only records its path loads.
@Suite struct StoreResponseTests {
    /// A path loading `a`, with one tap and an account switch that loads `b`.
    let path = StorePath(
        session: Session(1), records: [LoadedRecord("a", .bool(false))],
        events: [.tap(record: "a", value: .bool(true)), .switchSession(Session(2), [LoadedRecord("b", .bool(true))])])

    /// The problem with a response of one result whose one observation
    /// shows `order` and `records`.
    func problem(order: String, records: String) -> String? {
        let last = #"{"issued":false,"session":2,"order":\#(order),"records":\#(records)}"#
        let line = #"{"id":3,"results":[{"steps":[\#(last)],"branches":[]}]}"#
        if case .failure(let problem) = StoreProtocolMessages.results(Array(line.utf8), id: 3, paths: [path]) {
            return problem.message
        }
        return nil
    }

    @Test func anObservationShowsOnlyRecordsItsPathLoads() {
        let idle = #"{"confirmed":true,"visible":true,"phase":"idle"}"#
        #expect(problem(order: #"["b"]"#, records: #"{"b":\#(idle)}"#) == nil)
        #expect(problem(order: #"["a","b"]"#, records: #"{"a":\#(idle),"b":\#(idle)}"#) == nil)
        #expect(
            problem(order: #"["b","ghost"]"#, records: #"{"b":\#(idle)}"#)
                == "result 1: line 1, column 30: \"order\" shows record 'ghost', which the path never loads (a "
                + "store shows only the records a session loads)")
        #expect(
            problem(order: #"["b"]"#, records: #"{"b":\#(idle),"ghost":\#(idle)}"#)
                == "result 1: line 1, column 30: \"records\" holds record 'ghost', which the path never loads (a "
                + "store shows only the records a session loads)")
    }

    /// A response carrying an earlier request's `"id"` is a program that
    /// answered a request twice; any other wrong `"id"` is only wrong.
    @Test func anEarlierRequestsIDIsAnAnswerGivenTwice() {
        func problem(_ id: String) -> String? {
            if case .failure(let problem) = StoreProtocolMessages.results(
                Array(#"{"id":\#(id),"results":[]}"#.utf8), id: 3, paths: [])
            {
                return problem.message
            }
            return nil
        }
        #expect(problem("3") == nil)
        #expect(
            problem("2")
                == #"the response carries "id": 2, an earlier request's, where "id": 3 was expected: the program "#
                + "answered a request twice")
        for other in ["4", "0", "-1", "\"3\"", "3.5"] {
            #expect(problem(other) == #"the response does not carry "id": 3"#, "\(other)")
        }
    }

    /// A declared `hidden` state is a string as itself, and any other JSON
    /// as its compact text with keys sorted: members in another order are
    /// one state, and messages show JSON, not a parser's inner form.
    @Test func aHiddenStateIsItsCanonicalJSONText() throws {
        let idle = #"{"confirmed":true,"visible":true,"phase":"idle"}"#
        func hidden(_ json: String) throws -> String {
            let last = #"{"issued":false,"session":2,"order":["b"],"records":{"b":\#(idle)},"hidden":\#(json)}"#
            let line = #"{"id":3,"results":[{"steps":[\#(last)],"branches":[]}]}"#
            guard case .success(let results) = StoreProtocolMessages.results(Array(line.utf8), id: 3, paths: [path])
            else {
                Issue.record("\(json) refused")
                return ""
            }
            return try #require(results.first?.steps.last).observation.hidden
        }
        #expect(
            try hidden(#"{"b": [1, 2.50], "a": {"y": null, "x": true}}"#) == #"{"a":{"x":true,"y":null},"b":[1,2.50]}"#)
        #expect(try hidden(#"{"a":{"x":true,"y":null},"b":[1,2.50]}"#) == #"{"a":{"x":true,"y":null},"b":[1,2.50]}"#)
        #expect(try hidden("0.5") == "0.5")
        #expect(try hidden(#""text""#) == "text")
    }
}
