extension CallRecord {
    /// Checks that the record has exactly the arguments `labels` (in any
    /// order), so that a typo in a label is reported rather than ignored.
    ///
    /// - Throws: ``BatchUpdateError/invalidCall(method:reason:)`` naming the
    ///   first missing or unexpected label.
    public func requireLabels(_ labels: [String]) throws(BatchUpdateError) {
        for label in labels where !arguments.contains(where: { $0.label == label }) {
            throw .invalidCall(method: method, reason: "the argument \"\(label)\" is missing.")
        }
        for argument in arguments where !labels.contains(argument.label) {
            throw .invalidCall(
                method: method,
                reason: "it takes no argument \"\(argument.label)\" (it takes \(labels.joined(separator: ", "))).")
        }
        // Calls take a few arguments: comparing pairs is cheaper than hashing.
        for (index, argument) in arguments.enumerated()
        where arguments[..<index].contains(where: { $0.label == argument.label }) {
            throw .invalidCall(method: method, reason: "the argument \"\(argument.label)\" is given twice.")
        }
    }

    /// The value of the argument `label`.
    ///
    /// - Throws: ``BatchUpdateError/invalidCall(method:reason:)`` when it is missing.
    public func value(_ label: String) throws(BatchUpdateError) -> CallValue {
        guard let argument = arguments.first(where: { $0.label == label }) else {
            throw .invalidCall(method: method, reason: "the argument \"\(label)\" is missing.")
        }
        return argument.value
    }

    /// The argument `label` as a whole number.
    ///
    /// - Throws: ``BatchUpdateError/invalidCall(method:reason:)`` when it is missing or not a number.
    public func integer(_ label: String) throws(BatchUpdateError) -> Int {
        guard case .integer(let number) = try value(label) else { throw wrongKind(label, "a whole number") }
        return number
    }

    /// The argument `label` as a list of whole numbers.
    ///
    /// - Throws: ``BatchUpdateError/invalidCall(method:reason:)`` when it is missing or not such a list.
    public func integers(_ label: String) throws(BatchUpdateError) -> [Int] {
        guard case .list(let values) = try value(label) else { throw wrongKind(label, "a list of whole numbers") }
        var numbers: [Int] = []
        numbers.reserveCapacity(values.count)
        for value in values {
            guard case .integer(let number) = value else { throw wrongKind(label, "a list of whole numbers") }
            numbers.append(number)
        }
        return numbers
    }

    /// The argument `label` as an index path: ``CallValue/path(_:)``, or a
    /// list of two whole numbers `[section, item]` (how JSON carries one).
    ///
    /// - Throws: ``BatchUpdateError/invalidCall(method:reason:)`` when it is missing or not a path.
    public func path(_ label: String) throws(BatchUpdateError) -> ItemPath {
        guard let path = Self.path(try value(label)) else { throw wrongKind(label, "an index path [section, item]") }
        return path
    }

    /// The argument `label` as a list of index paths.
    ///
    /// - Throws: ``BatchUpdateError/invalidCall(method:reason:)`` when it is missing or not such a list.
    public func paths(_ label: String) throws(BatchUpdateError) -> [ItemPath] {
        guard case .list(let values) = try value(label) else {
            throw wrongKind(label, "a list of index paths [[section, item], …]")
        }
        var paths: [ItemPath] = []
        paths.reserveCapacity(values.count)
        for value in values {
            guard let path = Self.path(value) else {
                throw wrongKind(label, "a list of index paths [[section, item], …]")
            }
            paths.append(path)
        }
        return paths
    }

    /// The argument `label` as text, or `nil` for ``CallValue/null``.
    ///
    /// - Throws: ``BatchUpdateError/invalidCall(method:reason:)`` when it is missing or neither.
    public func optionalText(_ label: String) throws(BatchUpdateError) -> String? {
        switch try value(label) {
        case .text(let text): text
        case .null: nil
        default: throw wrongKind(label, "a string or null")
        }
    }

    /// The argument `label` as a list of item IDs (or of the IDs of another
    /// `kind`, `section`), each resolved by `id`.
    ///
    /// - Throws: ``BatchUpdateError/invalidCall(method:reason:)`` when it is
    ///   missing, not a list of strings, or names an ID `id` does not know.
    public func ids<ID>(_ label: String, _ id: (String) -> ID?, kind: String = "item") throws(BatchUpdateError)
        -> [ID]
    {
        guard case .list(let values) = try value(label) else { throw wrongKind(label, "a list of \(kind) IDs") }
        var ids: [ID] = []
        ids.reserveCapacity(values.count)
        for value in values {
            guard case .text(let name) = value else { throw wrongKind(label, "a list of \(kind) IDs (strings)") }
            ids.append(try resolve(name, label, id, kind: kind))
        }
        return ids
    }

    /// The argument `label` as one item ID (or one ID of another `kind`),
    /// resolved by `id`.
    ///
    /// - Throws: ``BatchUpdateError/invalidCall(method:reason:)`` when it is
    ///   missing, not a string, or names an ID `id` does not know.
    public func id<ID>(_ label: String, _ id: (String) -> ID?, kind: String = "item") throws(BatchUpdateError) -> ID {
        guard case .text(let name) = try value(label) else { throw wrongKind(label, "a \(kind) ID (a string)") }
        return try resolve(name, label, id, kind: kind)
    }

    /// `name` resolved by `id`, or the error naming the unknown ID.
    func resolve<ID>(_ name: String, _ label: String, _ id: (String) -> ID?, kind: String) throws(BatchUpdateError)
        -> ID
    {
        guard let resolved = id(name) else {
            throw .invalidCall(
                method: method, reason: "\"\(label)\" names the \(kind) \"\(name)\", which is not in the case.")
        }
        return resolved
    }

    /// The error for an unknown method, listing the ones `vocabulary` holds.
    public func unknownMethod(vocabulary: [String]) -> BatchUpdateError {
        .invalidCall(
            method: method, reason: "the model has no such call; it takes \(vocabulary.joined(separator: ", ")).")
    }

    /// The error for an argument of the wrong kind.
    func wrongKind(_ label: String, _ kind: String) -> BatchUpdateError {
        .invalidCall(method: method, reason: "\"\(label)\" must be \(kind).")
    }

    /// A path value, or a list of two whole numbers.
    static func path(_ value: CallValue) -> ItemPath? {
        switch value {
        case .path(let path): return path
        case .list(let parts):
            guard parts.count == 2, case .integer(let section) = parts[0], case .integer(let item) = parts[1] else {
                return nil
            }
            return ItemPath(section: section, item: item)
        default: return nil
        }
    }
}
