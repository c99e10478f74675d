extension JSONNode {
    /// The value as compact JSON with object keys sorted, so that two values
    /// compare equal as text exactly when they are the same JSON (member
    /// order and positions aside).
    package var canonicalText: String {
        switch value {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .number(let text): text
        case .string(let text): JSONText.quote(text)
        case .array(let items): "[" + items.map(\.canonicalText).joined(separator: ",") + "]"
        case .object(let members):
            "{"
                + members.sorted { $0.key < $1.key }.map { JSONText.quote($0.key) + ":" + $0.value.canonicalText }
                .joined(separator: ",") + "}"
        }
    }
}
