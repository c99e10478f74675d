import BatchUpdate
import UpdateCheckFuzzSupport
import UpdateCheckSupport

@testable import ExternalAdapter

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    AdapterHandshakeFuzzTarget.check(Fuzz.bytes(data, size))
    return 0
}

/// Fuzzes the reader of an adapter program's first line, its handshake
/// (`ProtocolMessages.handshake(_:modelName:)`). Oracle: a refused line
/// gives one message; an accepted one, written again with every
/// field, reads back to the same handshake.
@main
enum AdapterHandshakeFuzzTarget {
    static let model = "uikit"

    static func main() { Fuzz.run(fuzzOneInput) }

    static func check(_ line: [UInt8]) {
        let handshake: ProtocolMessages.Handshake
        do {
            handshake = try ProtocolMessages.handshake(line, modelName: model)
        } catch {
            Fuzz.require(Fuzz.isMessage(error.message), "not a message: \(error.message)")
            return
        }
        let policy = handshake.policy
        let written =
            "{\"protocol\":\(ProtocolMessages.version),\"name\":\(JSONText.quote(handshake.name)),"
            + "\"model\":\(JSONText.quote(model)),\"summary\":\(JSONText.quote(handshake.summary)),"
            + "\"policy\":{\"movedAndChanged\":\(JSONText.quote(policy.movedAndChanged.rawValue)),"
            + "\"refresh\":\(JSONText.quote(policy.refresh.rawValue)),"
            + "\"moves\":\(JSONText.quote(policy.moves.rawValue))},"
            + "\"batch\":\(handshake.batches),\"plan\":\"\(handshake.planPositions ? "positions" : "paths")\"}"
        do {
            let again = try ProtocolMessages.handshake(Array(written.utf8), modelName: model)
            Fuzz.require(again == handshake, "read back differently: \(written)")
        } catch {
            fatalError("oracle: the handshake as written is refused: \(error.message)\n\(written)")
        }
    }
}
