import BatchUpdate
import UpdateCheckFuzzSupport
import UpdateCheckSupport

@testable import ExternalAdapter

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    AdapterAnswerFuzzTarget.check(Fuzz.bytes(data, size))
    return 0
}

/// Fuzzes the reader of an adapter program's answer lines
/// (`ProtocolMessages.responses(_:waiting:sectioned:)`), flat or sectioned
/// as the input's first byte says. Oracle: every refusal and every line
/// that answers no case is one message, a line answers each case
/// at most once and a line with garbage is that garbage alone; every answer, written again
/// as JSON, reads back to the same batches.
@main
enum AdapterAnswerFuzzTarget {
    static let waiting: Set<Int> = [0, 1, 2, 3]

    static func main() { Fuzz.run(fuzzOneInput) }

    static func check(_ input: [UInt8]) {
        guard let first = input.first else { return }
        let sectioned = first & 1 == 1
        let line = Array(input.dropFirst())
        let responses = ProtocolMessages.responses(line, waiting: waiting, sectioned: sectioned)
        Fuzz.require(!responses.isEmpty, "no response read")
        var answered = Set<Int>()
        for (offset, response) in responses.enumerated() {
            switch response {
            case .garbage(let message):
                Fuzz.require(Fuzz.isMessage(message), "not a message: \(message)")
                Fuzz.require(offset == 0 && responses.count == 1, "a response read beside garbage")
            case .refused(let id, let reason):
                Fuzz.require(waiting.contains(id) && answered.insert(id).inserted, "case \(id) refused twice")
                Fuzz.require(Fuzz.isMessage(reason), "not a message: \(reason)")
            case .answer(let id, let batches):
                Fuzz.require(waiting.contains(id) && answered.insert(id).inserted, "case \(id) answered twice")
                let written = json(id: id, batches: batches, sectioned: sectioned)
                let again = ProtocolMessages.responses(Array(written.utf8), waiting: waiting, sectioned: sectioned)
                guard again.count == 1, case .answer(id, let readBack) = again[0] else {
                    fatalError("oracle: the answer as written reads as \(again): \(written)")
                }
                Fuzz.require(readBack == batches, "read back differently: \(written)")
            }
        }
    }

    /// One response line holding `batches` for case `id`.
    static func json(id: Int, batches: [ProtocolMessages.RawBatch], sectioned: Bool) -> String {
        let list = batches.map { batch in
            let items =
                sectioned
                ? batch.sections.map { "{\"section\":\(JSONText.quote($0.name)),\"items\":\(strings($0.items))}" }
                    .joined(separator: ",")
                : batch.items.map(JSONText.quote).joined(separator: ",")
            let calls = batch.calls.map { call in
                let arguments = call.arguments.map { "\(JSONText.quote($0.label)):\(json(of: $0.value))" }
                return "{\"method\":\(JSONText.quote(call.method)),\"args\":{\(arguments.joined(separator: ","))}}"
            }
            return "{\"items\":[\(items)],\"calls\":[\(calls.joined(separator: ","))]}"
        }
        return "{\"id\":\(id),\"batches\":[\(list.joined(separator: ","))]}"
    }

    static func strings(_ names: [String]) -> String {
        "[" + names.map(JSONText.quote).joined(separator: ",") + "]"
    }

    static func json(of value: CallValue) -> String {
        switch value {
        case .integer(let number): "\(number)"
        case .text(let text): JSONText.quote(text)
        case .bool(let flag): "\(flag)"
        case .null: "null"
        case .list(let values): "[" + values.map(json(of:)).joined(separator: ",") + "]"
        case .path(let path): fatalError("oracle: an answer read a call argument as the index path \(path)")
        }
    }
}
