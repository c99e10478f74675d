/// The derived UI bindings of a record: what a button, its progress
/// indicator and its accessibility value bind to.
extension RecordState {
    /// Whether a write is in flight (show the saving indicator).
    @inlinable
    public var isSaving: Bool { phaseKind == .saving }

    /// Whether a re-read is in flight after an uncertain outcome.
    @inlinable
    public var isSyncing: Bool { phaseKind == .needsSync }

    /// Whether a tap may start a write: false while saving or needing sync.
    @inlinable
    public var acceptsTaps: Bool { phaseKind == .idle }

    /// The status part of the accessibility value: `nil` when idle,
    /// `saving` while a write is in flight, `checking` while a re-read is.
    @inlinable
    public var accessibilityStatus: String? {
        switch phaseKind {
        case .idle: nil
        case .saving: "saving"
        case .needsSync: "checking"
        }
    }

    /// The accessibility value: the visible value described by `describe`,
    /// followed by the status when there is one (`on, saving`).
    @inlinable
    public func accessibilityValue(_ describe: (Value) -> String) -> String {
        let value = describe(visible)
        guard let status = accessibilityStatus else { return value }
        return value + ", " + status
    }
}

extension RecordState where Value == Bool {
    /// The accessibility value of a toggle: `on` or `off`, followed by the
    /// status when there is one (`on, saving`, `off, checking`).
    @inlinable
    public var accessibilityValue: String { accessibilityValue { $0 ? "on" : "off" } }
}
