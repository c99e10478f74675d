import BatchUpdate
import UpdateCheckSupport

extension CallRecord {
    /// The call as one compact JSON object:
    /// `{"method": "moveItem", "arguments": {"at": {"section": 0, "item": 2}, "to": …}}`.
    package var jsonText: String {
        let arguments = self.arguments.map { JSONText.quote($0.label) + ": " + $0.value.jsonText }
        return "{\"method\": \(JSONText.quote(method)), \"arguments\": {\(arguments.joined(separator: ", "))}}"
    }
}

extension CallValue {
    /// The value as compact JSON; an index path is `{"section": 0, "item": 2}`.
    package var jsonText: String {
        switch self {
        case .integer(let number): String(number)
        case .path(let path): "{\"section\": \(path.section), \"item\": \(path.item)}"
        case .text(let text): JSONText.quote(text)
        case .bool(let flag): flag ? "true" : "false"
        case .null: "null"
        case .list(let values): "[" + values.map(\.jsonText).joined(separator: ", ") + "]"
        }
    }
}
