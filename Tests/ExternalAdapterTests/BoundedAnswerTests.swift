import Foundation
import Testing

@testable import ExternalAdapter

/// What a program may answer and how long it is waited for: lines against
/// the line bound while they are read, answers against their case's bounds
/// before a tree of them is built, strict UTF-8 and unique keys, a long
/// `error` shortened, the handshake awaited as long as an answer.
@Suite struct BoundedAnswerTests {
    /// The responses to a line of `text` from a program whose cases 0 and 1
    /// have sizes 10 and 4.
    func responses(_ text: String) -> [ProtocolMessages.Response] {
        ProtocolMessages.responses(Array(text.utf8), waiting: [0, 1], sizes: [10, 4])
    }

    /// The garbage or refusal reason of the first response.
    func reason(_ responses: [ProtocolMessages.Response]) -> String? {
        switch responses.first {
        case .garbage(let reason), .refused(_, let reason): reason
        default: nil
        }
    }

    @Test func anAnswerOfFourHundredThousandCallsIsRefusedBeforeItsTreeIsBuilt() throws {
        let call = #"{"method":"onInserted","args":{"position":0,"count":1}}"#
        let line =
            #"{"id":0,"batches":[{"items":[],"calls":["#
            + Array(repeating: call, count: 400_000).joined(
                separator: ",") + "]}]}"
        // Sizes 10 and 4: 28 × 34 + 56 × 10 and 16 × 16 + 32 × 10 values, and 16 for the line.
        let limit = ProtocolMessages.valueLimit(size: 10) + ProtocolMessages.valueLimit(size: 4) + 16
        #expect(limit == 1512 + 576 + 16)
        let message = try #require(reason(responses(line)))
        #expect(message.hasPrefix("it printed a line of more than \(limit) values (column "))
        #expect(
            message.hasSuffix(
                "more than the answers of the 2 cases it was sent may hold together (docs/adapter-protocol.md, Bounds)")
        )
    }

    /// Found by the fuzzer: a batch line of no answers was read as nothing,
    /// and its cases waited out the timeout.
    @Test func anEmptyAnswersListIsGarbageNamingTheLine() {
        for sectioned in [false, true] {
            let read = ProtocolMessages.responses(
                Array(#"{"answers":[]}"#.utf8), waiting: [0, 1], sectioned: sectioned)
            #expect(read.count == 1)
            #expect(reason(read) == #"it printed an "answers" list that answers no case: '{"answers":[]}'"#)
        }
    }

    @Test func aMillionEmptyBatchesAreRefused() throws {
        let line =
            #"{"id":1,"batches":["#
            + Array(repeating: #"{"items":[],"calls":[]}"#, count: 1_000_000).joined(
                separator: ",") + "]}"
        #expect(try #require(reason(responses(line))).hasPrefix("it printed a line of more than 2104 values"))
    }

    @Test func anAnswerPastItsOwnCasesBoundIsRefusedNamingTheBound() throws {
        // Case 1 (size 4) may hold 16 batches; case 0's share of the line lets 17 be read.
        let line =
            #"{"id":1,"batches":["#
            + Array(repeating: #"{"items":[],"calls":[]}"#, count: 17).joined(
                separator: ",") + "]}"
        #expect(
            reason(responses(line))
                == "the answer holds 17 batches, more than the 16 a case of 4 items and sections may need "
                + "(docs/adapter-protocol.md, Bounds)")
        let calls = Array(repeating: #"{"method":"onChanged","args":{"position":0,"count":1}}"#, count: 33)
        let tooMany = #"{"id":1,"batches":[{"items":[],"calls":["# + calls.joined(separator: ",") + "]}]}"
        #expect(
            reason(responses(tooMany))
                == "the answer holds 33 calls, more than the 32 a case of 4 items and sections may need "
                + "(docs/adapter-protocol.md, Bounds)")
        let fine = #"{"id":1,"batches":[{"items":[],"calls":["# + calls.dropLast().joined(separator: ",") + "]}]}"
        guard case .answer(1, let batches) = responses(fine).first else {
            Issue.record("32 calls are within the bound of a case of 4")
            return
        }
        #expect(batches.first?.calls.count == 32)
    }

    @Test func aHugeErrorIsShortenedToItsStartAndItsSize() throws {
        let text = String(repeating: "é", count: 300) + String(repeating: "e", count: 1000)
        let line = #"{"id":0,"error":"\#(text)"}"#
        #expect(
            reason(responses(line))
                == "it reported an error: " + String(repeating: "é", count: 200) + "… (1600 bytes)")
        #expect(reason(responses(#"{"id":0,"error":"short"}"#)) == "it reported an error: short")
        // A store program's error too, its line breaks escaped: it cannot
        // print lines of its own under the report's.
        let store = #"{"id":1,"error":"boom\nPASS everything\n\#(text)"}"#
        guard case .failure(let problem) = StoreProtocolMessages.results(Array(store.utf8), id: 1, paths: []) else {
            Issue.record("an error was taken for results")
            return
        }
        #expect(
            problem.message
                == "the program refused the request: boom\\nPASS everything\\n" + String(repeating: "é", count: 179)
                + "… (1621 bytes)")
    }

    @Test func handshakesAndStoreResponsesHoldBoundedValues() throws {
        // A team's own keys fit; a line of values no handshake needs is refused before its tree grows.
        let filler = Array(repeating: "0", count: 1_100).joined(separator: ",")
        let handshake = #"{"protocol":"updatecheck-store","version":1,"extra":[\#(filler)]}"#
        #expect(
            StoreProtocolMessages.checkHandshake(Array(handshake.utf8))
                == "the handshake holds more than 1024 values, more than a handshake may")
        #expect(
            StoreProtocolMessages.checkHandshake(Array(#"{"protocol":"updatecheck-store","version":1,"x":[0,0]}"#.utf8))
                == nil)
        let adapter =
            #"{"protocol":1,"name":"n","model":"uikit","policy":{"movedAndChanged":"move-then-refresh","#
            + #""refresh":"reconfigure"},"extra":[\#(filler)]}"#
        #expect {
            try ProtocolMessages.handshake(Array(adapter.utf8), modelName: "uikit")
        } throws: { error in
            (error as? ProtocolMessages.HandshakeError)?.message.hasPrefix(
                "its first line holds more than 1024 values, more than a handshake may (column ") == true
        }
        // A response to no path may hold 1,024 values; one past them is refused, naming where.
        let response = #"{"id":1,"results":[],"x":[\#(Array(repeating: "0", count: 1_021).joined(separator: ","))]}"#
        guard case .failure(let problem) = StoreProtocolMessages.results(Array(response.utf8), id: 1, paths: []) else {
            Issue.record("a response past its bound was read")
            return
        }
        #expect(problem.message.hasPrefix("the response holds more than 1024 values, more than its request allows"))
        let fits = #"{"id":1,"results":[],"x":[\#(Array(repeating: "0", count: 1_020).joined(separator: ","))]}"#
        if case .failure(let refusal) = StoreProtocolMessages.results(Array(fits.utf8), id: 1, paths: []) {
            Issue.record("a response within its bound was refused: \(refusal.message)")
        }
    }

    @Test func invalidUTF8AndRepeatedKeysAreRefusedWhereTheyStand() throws {
        var line = Array(#"{"id":0,"batches":[{"items":["a"#.utf8)
        line += [0xFF]
        line += Array(#""],"calls":[]}]}"#.utf8)
        #expect(throws: ProtocolJSONError(column: 31, message: "a string that is not valid UTF-8")) {
            try ProtocolJSON.parse(line)
        }
        // A run of combining marks past Unicode's stream-safe limit, escaped or not.
        let marks = "a" + String(repeating: "\u{0301}", count: 31)
        let refusal =
            "a string that holds more than 30 combining marks in a row, past Unicode's stream-safe limit (UAX #15)"
        #expect(throws: ProtocolJSONError(column: 10, message: refusal)) {
            try ProtocolJSON.parse(Array(#"{"name":"\#(marks)"}"#.utf8))
        }
        #expect(throws: ProtocolJSONError.self) {
            try ProtocolJSON.parse(Array(#"{"name":"\n\#(marks)"}"#.utf8))
        }
        _ = try ProtocolJSON.parse(Array(#"{"name":"\n\#(marks.dropLast())"}"#.utf8))
        #expect(throws: ProtocolJSONError(column: 15, message: #"the key "protocol" appears twice in one object"#)) {
            try ProtocolJSON.parse(Array(#"{"protocol":1,"protocol":2}"#.utf8))
        }
        let members = (0..<40).map { #""k\#($0)":\#($0)"# }.joined(separator: ",")
        #expect(throws: ProtocolJSONError(column: 342, message: #"the key "k7" appears twice in one object"#)) {
            try ProtocolJSON.parse(Array("{\(members),\"k7\":0}".utf8))
        }
        #expect(throws: ProtocolMessages.HandshakeError.self) {
            try ProtocolMessages.handshake(
                Array(
                    #"{"protocol":1,"protocol":2,"name":"n","model":"recyclerview","policy":{"movedAndChanged":"move-then-refresh","refresh":"reconfigure"}}"#
                        .utf8), modelName: "recyclerview")
        }
    }

    @Test func aLineOverTheBoundIsRefusedOnceTheBoundIsRead() throws {
        let process = try AdapterProcess(command: "head -c 67108865 /dev/zero | tr '\\0' x; sleep 5")
        defer { process.stop() }
        guard case .tooLong = process.nextLine(deadline: AdapterProcess.now() + 60_000_000_000) else {
            Issue.record("a line of 64 MiB and one byte is not refused as too long")
            return
        }
    }

    @Test func aLineJustOverTheBoundIsRefusedWithItsLineEnd() throws {
        // One write: the line end comes in the same read as the bytes past the bound.
        let process = try AdapterProcess(
            command: "python3 -c 'import sys; sys.stdout.buffer.write(b\"x\" * (67108864 + 1000) + b\"\\n\")'; sleep 5")
        defer { process.stop() }
        guard case .tooLong = process.nextLine(deadline: AdapterProcess.now() + 60_000_000_000) else {
            Issue.record("a line of 64 MiB and 1,000 bytes is not refused as too long")
            return
        }
        let atTheBound = try AdapterProcess(
            command: "python3 -c 'import sys; sys.stdout.buffer.write(b\"x\" * 67108864 + b\"\\n\")'; sleep 5")
        defer { atTheBound.stop() }
        guard case .line(let line) = atTheBound.nextLine(deadline: AdapterProcess.now() + 60_000_000_000) else {
            Issue.record("a line of 64 MiB is refused")
            return
        }
        #expect(line.count == 67_108_864)
    }

    @Test func aProgramThatClosedItsStdoutIsSaidToHaveDoneSo() throws {
        let process = try AdapterProcess(command: "exec >&-; sleep 5")
        defer { process.stop() }
        guard case .closed = process.nextLine(deadline: AdapterProcess.now() + 10_000_000_000) else {
            Issue.record("the closed stdout is not seen")
            return
        }
        #expect(process.exitDescription() == "closed its standard output")
    }

    @Test func theHandshakeIsAwaitedAsLongAsAnAnswer() throws {
        let start = Date()
        #expect(
            throws: ExternalAdapterError.badHandshake(
                command: "sleep 30", reason: "it printed no handshake line within 0.5 s.", stderr: "")
        ) {
            _ = try AdapterProcessPool(
                command: "sleep 30", workingDirectory: nil, modelName: "recyclerview", sectioned: false,
                timeout: 0.5, sendsEveryCase: false)
        }
        #expect(Date().timeIntervalSince(start) < 10)
    }
}
