/// Writing JSON text by hand, in a fixed member order, for every command
/// that prints JSON (`diff`, `plan`). OptimisticState keeps its own small
/// quoting helper for scenario files, since that module stands alone.
package enum JSONText {
    /// `text` as a JSON string literal, with quotes, backslashes and control
    /// characters escaped.
    package static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let control where control.value < 0x20:
                let hex = String(control.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
