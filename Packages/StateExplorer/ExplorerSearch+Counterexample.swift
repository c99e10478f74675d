import OptimisticScenario
import OptimisticState

/// Turns a violation found on canonical states into a counterexample, by
/// replaying its path on a freshly loaded store with real ticket numbers.
extension ExplorerSearch {
    /// The scenario name of record position `position`: `r1`, `r2`, `r3`.
    static func recordName(_ position: Int) -> String { "r\(position + 1)" }

    /// The scenario value of `value` in a domain of `values` values.
    static func scenarioValue(_ value: UInt8, values: Int) -> ScenarioValue {
        values == 2 ? .bool(value == 1) : .integer(Int(value))
    }

    /// The counterexample of `found`: its path replayed from the loaded
    /// list, each step written as a scenario step expecting the result the
    /// store gave, and the violation as the replay saw it; `nil` when the
    /// replay does not show the violation.
    ///
    /// The path is written for representatives; each event is renamed by
    /// the renaming that takes its representative to the state the replay
    /// actually reached, so the replay starts from a real loaded list and
    /// the scenario uses the records and values of that list.
    func counterexample(_ found: Found) -> Counterexample? {
        let (loaded, prefix, from) = path(to: found.state)
        let representatives = from + [found.state]
        let values = configuration.values
        func value(_ value: UInt8) -> ScenarioValue { Self.scenarioValue(value, values: values) }
        func records(_ loaded: [LoadedRecord<UInt8, UInt8>]) -> [LoadedRecord<String, ScenarioValue>] {
            loaded.map { LoadedRecord(Self.recordName(Int($0.id)), value($0.value)) }
        }

        var state = loadedState(loaded)
        var names: [Ticket: (name: String, record: Int)] = [:]
        var scenarioSteps: [ScenarioStep] = []
        var texts: [String] = []
        var violation = found.violation
        for (offset, representativeEvent) in (prefix + [found.event]).enumerated() {
            guard
                let renaming = group.element(from: keys[representatives[offset]], to: codec.key(of: state))
            else { return nil }
            let event = group.image(representativeEvent, renaming)
            let storeEvent = events.storeEvent(event, in: state)
            let before = state.store
            var after = before
            let result = after.apply(storeEvent, faults: configuration.faults)
            let record = Self.recordName(event.record)
            let minted = result.ticket.map { ticket -> String in
                let name = (result.effect?.kind == .sendWrite ? "write" : "reread") + String(ticket.serial)
                names[ticket] = (name, event.record)
                return name
            }
            func answered() -> (ticket: String, route: String?, text: String) {
                let ticket = state.ticket(event.slot, of: event.record)
                let known = names[ticket]
                let name = known?.name ?? "unnamed\(ticket.serial)"
                let route = known.map { $0.record == event.record ? nil : record } ?? record
                let age = EnabledEvents.age(event.slot, phase: before.states[event.record].phaseKind)
                return (name, route, "\(name) (\(age)) of \(record)")
            }
            let scenarioEvent: ScenarioEvent
            var text: String
            switch event.kind {
            case .tap:
                scenarioEvent = .tap(record: record, value: value(event.value), name: minted)
                text = "tap \(record) for \(value(event.value))"
            case .finish:
                let (ticket, route, what) = answered()
                let outcome: Outcome<ScenarioValue> =
                    switch event.outcome {
                    case .confirmed(let server): .confirmed(value(server))
                    case .conflict(let server): .conflict(value(server))
                    case .rejected: .rejected
                    case .uncertain: .uncertain
                    }
                scenarioEvent = .finish(ticket: ticket, record: route, outcome: outcome, name: minted)
                text = "finish \(what): \(outcome.category)"
                if case .confirmed(let server) = outcome { text += " \(server)" }
                if case .conflict(let server) = outcome { text += " \(server)" }
            case .cancel:
                let (ticket, route, what) = answered()
                scenarioEvent = .cancel(ticket: ticket, record: route, name: minted)
                text = "cancel \(what)"
            case .resync:
                let (ticket, route, what) = answered()
                scenarioEvent = .resync(ticket: ticket, record: route, value: value(event.value))
                text = "resync \(what): \(value(event.value))"
            case .switchSession:
                let loaded = records(events.loadedValues[event.index])
                scenarioEvent = .switchSession(StateCodec.secondSession, loaded)
                text = "switch to session 2 loading " + loaded.map { "\($0.id) = \($0.value)" }.joined(separator: ", ")
            case .staleSwitch:
                let loaded = records(events.loadedValues[0])
                scenarioEvent = .switchSession(before.session, loaded)
                text = "load session \(before.session.rawValue) again (not newer)"
            case .reorder:
                let order = events.orders[event.index].map { Self.recordName(Int($0)) }
                scenarioEvent = .reorder(order)
                text = "reorder to " + order.joined(separator: ", ")
            }
            let expected: ExpectedResult =
                switch result {
                case .applied(let effect): .applied(effect.kind)
                case .ignored(let reason): .ignored(reason)
                }
            text += " → " + (minted.map { "\(expected) \($0)" } ?? "\(expected)")
            var step = ScenarioStep(scenarioEvent, expect: [ScenarioExpectation(result: expected)])
            if offset == prefix.count {
                let replayed: InvariantViolation<UInt8>? =
                    found.inPermutedList
                    ? permuted.flatMap { permuted in
                        let twinBefore = permuted.store(mirroring: before)
                        var twin = twinBefore
                        let twinResult = twin.apply(storeEvent, faults: permuted.faults)
                        return PermutedList.difference(
                            storeEvent, result, after, twinResult, twin, twinBefore: twinBefore)
                    }
                    : InvariantChecker.violations(before: before, event: storeEvent, result: result, after: after)
                        .first { $0.invariant == found.violation.invariant }
                guard let shown = replayed ?? (group.isTrivial ? found.violation : nil) else { return nil }
                violation = shown
                step.note = "breaks \(violation.invariant): \(violation.detail)"
            }
            scenarioSteps.append(step)
            texts.append(text)
            state = state.successor(after: after)
        }
        let named = InvariantViolation(
            violation.invariant, record: violation.record.map { Self.recordName(Int($0)) }, detail: violation.detail)
        let scenario = Scenario(
            name: "Counterexample to \(named.invariant)",
            summary: "A shortest event sequence that breaks \(named.invariant) (\(named.invariant.summary)), "
                + "found by exploring every interleaving of \(configuration.records) record"
                + (configuration.records == 1 ? "" : "s") + " with \(configuration.values) values.",
            session: StateCodec.firstSession, records: records(events.loadedValues[loaded]), steps: scenarioSteps)
        return Counterexample(
            violation: named, scenario: scenario, steps: texts, inPermutedList: found.inPermutedList,
            faults: configuration.faults)
    }
}
