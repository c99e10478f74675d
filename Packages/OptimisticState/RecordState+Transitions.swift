/// The in-place state changes the store makes once it has accepted an event.
extension RecordState {
    /// Starts a write: show `desired`, remember `ticket`, phase saving.
    @inlinable
    mutating func startWrite(_ desired: Value, ticket: Ticket) {
        _visible = desired
        _phaseKind = .saving
        self.ticket = ticket
    }

    /// Takes the server's value as confirmed and visible; idle.
    @inlinable
    mutating func adopt(serverValue: Value) {
        _confirmed = serverValue
        _visible = serverValue
        _phaseKind = .idle
    }

    /// Rolls back after a rejection; idle. With `keepDesired` (a fault) the
    /// provisional value stays visible.
    @inlinable
    mutating func rollBack(keepDesired: Bool) {
        if !keepDesired { _visible = _confirmed }
        _phaseKind = .idle
    }

    /// Withdraws the provisional value and waits for the re-read `sync`.
    @inlinable
    mutating func awaitResync(_ sync: Ticket) {
        _visible = confirmed
        _phaseKind = .needsSync
        ticket = sync
    }
}
