/// One record as a session loads it: its ID and its server value.
public struct LoadedRecord<RecordID: Hashable & Sendable, Value: Equatable & Sendable>: Equatable, Sendable {
    /// The stable record ID.
    public var id: RecordID
    /// The value the server holds.
    public var value: Value

    /// Creates a loaded record.
    @inlinable
    public init(_ id: RecordID, _ value: Value) {
        self.id = id
        self.value = value
    }
}

extension LoadedRecord: Hashable where Value: Hashable {}
