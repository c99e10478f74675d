/// The events of the contract: tap, answers, re-reads, session switches and
/// reorders. Each returns an explicit ``EventResult``.
extension OptimisticStore {
    /// A tap asking for `desired`: starts a write when the record is idle.
    ///
    /// Applied: `visible = desired`, phase `saving(ticket)`, effect
    /// ``Effect/sendWrite(record:ticket:value:)`` with a new ticket.
    /// Ignored: ``IgnoreReason/busy`` while saving (no second request; the
    /// provisional value stays), ``IgnoreReason/awaitingResync`` while a
    /// re-read is outstanding, ``IgnoreReason/unknownRecord``.
    ///
    /// - Complexity: O(1) on average (one hash lookup).
    @inlinable
    @discardableResult
    public mutating func begin(_ record: RecordID, desired: Value) -> EventResult<RecordID, Value> {
        begin(record, desired: desired, faults: [])
    }

    /// ``begin(_:desired:)`` with `faults` switched on.
    @inlinable
    @discardableResult
    package mutating func begin(
        _ record: RecordID, desired: Value, faults: StoreFaults
    ) -> EventResult<RecordID, Value> {
        guard let position = index[record] else { return .ignored(.unknownRecord) }
        switch states[position].phaseKind {
        case .idle: break
        case .saving: return .ignored(.busy)
        case .needsSync:
            guard faults.contains(.allowWriteDuringNeedsSync) else { return .ignored(.awaitingResync) }
        }
        let ticket = mintTicket()
        states[position].startWrite(desired, ticket: ticket)
        return .applied(.sendWrite(record: record, ticket: ticket, value: desired))
    }

    /// The answer to the write `ticket` of `record`.
    ///
    /// Acts only if `ticket` is the record's current write ticket; otherwise
    /// ignored as ``IgnoreReason/duplicate``, ``IgnoreReason/staleTicket``,
    /// ``IgnoreReason/earlierSession``, ``IgnoreReason/wrongTicketKind``,
    /// ``IgnoreReason/unknownTicket`` or ``IgnoreReason/unknownRecord``.
    /// - ``Outcome/confirmed(_:)`` and ``Outcome/conflict(_:)``:
    ///   `confirmed = visible = serverValue`, idle.
    /// - ``Outcome/rejected``: `visible = confirmed`, idle: taps work again.
    /// - ``Outcome/uncertain``: `visible = confirmed`, `needsSync` with a new
    ///   sync ticket, effect ``Effect/sendReread(record:ticket:)``.
    ///
    /// - Complexity: O(1) on average.
    @inlinable
    @discardableResult
    public mutating func finish(
        _ record: RecordID, ticket: Ticket, outcome: Outcome<Value>
    ) -> EventResult<RecordID, Value> {
        finish(record, ticket: ticket, outcome: outcome, faults: [])
    }

    /// ``finish(_:ticket:outcome:)`` with `faults` switched on.
    @inlinable
    @discardableResult
    package mutating func finish(
        _ record: RecordID, ticket: Ticket, outcome: Outcome<Value>, faults: StoreFaults
    ) -> EventResult<RecordID, Value> {
        guard let position = index[record] else { return .ignored(.unknownRecord) }
        if !faults.contains(.skipTicketCheck),
            let reason = verdict(on: ticket, for: states[position], expecting: .saving)
        {
            return .ignored(reason)
        }
        return settle(record, at: position, outcome, faults: faults)
    }

    /// The caller cancelled the request `ticket` of `record`.
    ///
    /// Cancelling only saves work: the server may already have applied the
    /// write. So cancelling the current write is an ``Outcome/uncertain``
    /// outcome (roll back, `needsSync`, re-read), and cancelling the current
    /// re-read (or a re-read that failed) asks for a new re-read under a new
    /// ticket. A definite answer that arrives before the cancel wins; the
    /// cancel is then ignored as ``IgnoreReason/duplicate``.
    ///
    /// - Complexity: O(1) on average.
    @inlinable
    @discardableResult
    public mutating func cancel(_ record: RecordID, ticket: Ticket) -> EventResult<RecordID, Value> {
        cancel(record, ticket: ticket, faults: [])
    }

    /// ``cancel(_:ticket:)`` with `faults` switched on.
    @inlinable
    @discardableResult
    package mutating func cancel(
        _ record: RecordID, ticket: Ticket, faults: StoreFaults
    ) -> EventResult<RecordID, Value> {
        guard let position = index[record] else { return .ignored(.unknownRecord) }
        let phase = states[position].phaseKind
        if !faults.contains(.skipTicketCheck),
            let reason = verdict(
                on: ticket, for: states[position], expecting: phase == .needsSync ? .needsSync : .saving)
        {
            return .ignored(reason)
        }
        if phase == .needsSync {
            let sync = mintTicket()
            states[position].awaitResync(sync)
            return .applied(.sendReread(record: record, ticket: sync))
        }
        return settle(record, at: position, .uncertain, faults: faults)
    }

    /// The answer to the re-read `ticket` of `record`: the server's value.
    ///
    /// Only the record's current sync ticket is accepted; then
    /// `confirmed = visible = value`, idle, and taps work again. Anything
    /// else is ignored with its reason.
    ///
    /// - Complexity: O(1) on average.
    @inlinable
    @discardableResult
    public mutating func resync(_ record: RecordID, ticket: Ticket, value: Value) -> EventResult<RecordID, Value> {
        resync(record, ticket: ticket, value: value, faults: [])
    }

    /// ``resync(_:ticket:value:)`` with `faults` switched on.
    @inlinable
    @discardableResult
    package mutating func resync(
        _ record: RecordID, ticket: Ticket, value: Value, faults: StoreFaults
    ) -> EventResult<RecordID, Value> {
        guard let position = index[record] else { return .ignored(.unknownRecord) }
        if faults.contains(.acceptStaleResync) {
            if let reason = issuedInSession(ticket) { return .ignored(reason) }
        } else if !faults.contains(.skipTicketCheck),
            let reason = verdict(on: ticket, for: states[position], expecting: .needsSync)
        {
            return .ignored(reason)
        }
        states[position].adopt(serverValue: value)
        return .applied(.none)
    }

    /// An account switch: every record is replaced by `newSession`'s loaded
    /// values (all idle, in the given order) and every outstanding ticket
    /// becomes stale. Old values never stay in use.
    ///
    /// Ignored as ``IgnoreReason/sessionNotNewer`` unless `newSession` is
    /// newer than the current one, and as ``IgnoreReason/duplicateRecord``
    /// when `loaded` names a record twice. The ticket counter carries on, so
    /// tickets are never reused across sessions.
    ///
    /// - Complexity: O(n) in the number of loaded records.
    @inlinable
    @discardableResult
    public mutating func replaceSession(
        _ newSession: Session, with loaded: [LoadedRecord<RecordID, Value>]
    ) -> EventResult<RecordID, Value> {
        guard newSession > session else { return .ignored(.sessionNotNewer) }
        guard Self.firstDuplicate(in: loaded) == nil else { return .ignored(.duplicateRecord) }
        _session = newSession
        load(loaded)
        return .applied(.none)
    }

    /// An account switch with the new session's records as pairs; see
    /// `replaceSession(_:with:)` taking `LoadedRecord` values.
    @inlinable
    @discardableResult
    public mutating func replaceSession(
        _ newSession: Session, with loaded: [(RecordID, Value)]
    ) -> EventResult<RecordID, Value> {
        replaceSession(newSession, with: loaded.map { LoadedRecord($0.0, $0.1) })
    }

    /// The list was sorted or filtered into `order` (every current record
    /// exactly once). No record's state changes: state is keyed by ID, not
    /// by row.
    ///
    /// Ignored as ``IgnoreReason/notAPermutation`` when `order` misses a
    /// record, repeats one or names an unknown one.
    ///
    /// - Complexity: O(n).
    @inlinable
    @discardableResult
    public mutating func reorder(_ order: [RecordID]) -> EventResult<RecordID, Value> {
        reorder(order, faults: [])
    }

    /// ``reorder(_:)`` with `faults` switched on.
    @inlinable
    @discardableResult
    package mutating func reorder(_ order: [RecordID], faults: StoreFaults) -> EventResult<RecordID, Value> {
        guard order.count == ids.count else { return .ignored(.notAPermutation) }
        var seen = [Bool](repeating: false, count: ids.count)
        var newRows: [Int] = []
        newRows.reserveCapacity(order.count)
        for record in order {
            guard let position = index[record], !seen[position] else { return .ignored(.notAPermutation) }
            seen[position] = true
            newRows.append(position)
        }
        reorder(rows: newRows, faults: faults)
        return .applied(.none)
    }

    /// Sets the display order to `newRows` (load positions, a permutation).
    /// With the ``StoreFaults/keyByRow`` fault, states stay at their rows.
    @inlinable
    package mutating func reorder(rows newRows: [Int], faults: StoreFaults) {
        if faults.contains(.keyByRow) {
            var moved = states
            for row in newRows.indices { moved[newRows[row]] = states[rows[row]] }
            states = moved
        }
        rows = newRows
    }

    /// Applies an outcome to the record at `position` (ticket already checked).
    @inlinable
    mutating func settle(
        _ record: RecordID, at position: Int, _ outcome: Outcome<Value>, faults: StoreFaults
    ) -> EventResult<RecordID, Value> {
        switch outcome {
        case .confirmed(let value), .conflict(let value):
            states[position].adopt(serverValue: value)
            return .applied(.none)
        case .rejected:
            states[position].rollBack(keepDesired: faults.contains(.rollbackToDesiredOnReject))
            return .applied(.none)
        case .uncertain:
            let sync = mintTicket()
            states[position].awaitResync(sync)
            return .applied(.sendReread(record: record, ticket: sync))
        }
    }

    /// Why an answer carrying `ticket` must be ignored by `state`, or `nil`
    /// when `ticket` is the record's current ticket of the `expecting` kind.
    @inlinable
    func verdict(on ticket: Ticket, for state: RecordState<Value>, expecting kind: PhaseKind) -> IgnoreReason? {
        if let reason = issuedInSession(ticket) { return reason }
        if ticket != state.ticket { return .staleTicket }
        if state.phaseKind == .idle { return .duplicate }
        if state.phaseKind != kind { return .wrongTicketKind }
        return nil
    }

    /// Why `ticket` cannot belong to the current session, or `nil` when this
    /// store minted it in the current session.
    @inlinable
    func issuedInSession(_ ticket: Ticket) -> IgnoreReason? {
        if ticket.session != session { return ticket.session < session ? .earlierSession : .unknownTicket }
        if ticket.serial == 0 || ticket.serial >= nextSerial { return .unknownTicket }
        return nil
    }
}
