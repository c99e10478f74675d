@testable import OptimisticState

/// The rules of the contract as checks that can run against the real store
/// or against a store with a fault switched on, so the same rules prove
/// themselves (all pass on the real store) and prove that they bite (each
/// fault breaks at least one).
struct StoreRule: Sendable, CustomStringConvertible {
    typealias Store = FaultyStore<String, Bool>

    /// Collects the failed expectations of one rule run.
    struct Checks {
        var failures: [String] = []
        mutating func expect(_ condition: Bool, _ what: String) {
            if !condition { failures.append(what) }
        }
    }

    let name: String
    let body: @Sendable (StoreFaults, inout Checks) -> Void

    var description: String { name }

    /// The failed expectations of the rule on a store with `faults`.
    func failures(faults: StoreFaults = []) -> [String] {
        var checks = Checks()
        body(faults, &checks)
        return checks.failures
    }

    static func store(_ faults: StoreFaults, _ records: [(String, Bool)] = [("a", false), ("b", true)]) -> Store {
        try! Store(session: 1, loaded: records.map { LoadedRecord($0.0, $0.1) }, faults: faults)
    }

    static let all: [StoreRule] = [
        StoreRule(name: "beginWhenIdleMintsATicketAndShowsTheDesiredValue") { faults, c in
            var s = store(faults)
            let result = s.begin("a", desired: true)
            let ticket = Ticket(session: 1, serial: 1)
            c.expect(result == .applied(.sendWrite(record: "a", ticket: ticket, value: true)), "effect sendWrite #1")
            c.expect(s["a"]!.visible && !s["a"]!.confirmed, "visible = desired, confirmed unchanged")
            c.expect(s["a"]!.phase == .saving(ticket), "phase saving(#1)")
        },
        StoreRule(name: "beginWhileSavingChangesNothing") { faults, c in
            var s = store(faults)
            s.begin("a", desired: true)
            let before = s
            c.expect(s.begin("a", desired: false) == .ignored(.busy), "ignored busy")
            c.expect(s == before, "nothing changed")
        },
        StoreRule(name: "beginWhileNeedingSyncChangesNothing") { faults, c in
            var s = store(faults)
            let write = s.begin("a", desired: true).ticket!
            s.finish("a", ticket: write, outcome: .uncertain)
            let before = s
            c.expect(s.begin("a", desired: true) == .ignored(.awaitingResync), "ignored awaitingResync")
            c.expect(s == before, "nothing changed")
        },
        StoreRule(name: "confirmedAdoptsTheServerValueEvenIfItDiffersFromTheIntent") { faults, c in
            var s = store(faults)
            let write = s.begin("a", desired: true).ticket!
            c.expect(s.finish("a", ticket: write, outcome: .confirmed(false)) == .applied(.none), "applied, nothing")
            c.expect(!s["a"]!.visible && !s["a"]!.confirmed && s["a"]!.phase == .idle, "server value, idle")
        },
        StoreRule(name: "rejectedRollsBackToTheConfirmedValue") { faults, c in
            var s = store(faults)
            let write = s.begin("a", desired: true).ticket!
            c.expect(s.finish("a", ticket: write, outcome: .rejected) == .applied(.none), "applied, nothing")
            c.expect(!s["a"]!.visible && !s["a"]!.confirmed, "visible = confirmed = false")
            c.expect(s["a"]!.acceptsTaps, "usable again")
        },
        StoreRule(name: "uncertainWithdrawsTheValueAndAsksForAReread") { faults, c in
            var s = store(faults)
            let write = s.begin("a", desired: true).ticket!
            let sync = Ticket(session: 1, serial: 2)
            c.expect(
                s.finish("a", ticket: write, outcome: .uncertain)
                    == .applied(.sendReread(record: "a", ticket: sync)), "effect sendReread #2")
            c.expect(!s["a"]!.visible && s["a"]!.phase == .needsSync(sync), "withdrawn, needsSync(#2)")
        },
        StoreRule(name: "conflictAdoptsTheServerValue") { faults, c in
            var s = store(faults)
            let write = s.begin("b", desired: false).ticket!
            c.expect(s.finish("b", ticket: write, outcome: .conflict(true)) == .applied(.none), "applied")
            c.expect(s["b"]!.visible && s["b"]!.confirmed && s["b"]!.phase == .idle, "server value, idle")
        },
        StoreRule(name: "aDuplicateAnswerChangesNothing") { faults, c in
            var s = store(faults)
            let write = s.begin("a", desired: true).ticket!
            s.finish("a", ticket: write, outcome: .confirmed(true))
            let before = s
            for outcome: Outcome<Bool> in [.confirmed(false), .rejected, .uncertain, .conflict(false)] {
                c.expect(s.finish("a", ticket: write, outcome: outcome) == .ignored(.duplicate), "duplicate \(outcome)")
            }
            c.expect(s.cancel("a", ticket: write) == .ignored(.duplicate), "duplicate cancel")
            c.expect(s == before, "nothing changed")
        },
        StoreRule(name: "aStaleTicketChangesNothing") { faults, c in
            var s = store(faults)
            let write = s.begin("a", desired: true).ticket!
            s.finish("a", ticket: write, outcome: .uncertain)
            let sync = s["a"]!.phase.ticket!
            s.resync("a", ticket: sync, value: false)
            let second = s.begin("a", desired: true).ticket!
            let before = s
            c.expect(s.finish("a", ticket: write, outcome: .confirmed(true)) == .ignored(.staleTicket), "stale write")
            c.expect(s.finish("a", ticket: write, outcome: .rejected) == .ignored(.staleTicket), "stale reject")
            c.expect(s == before && s["a"]!.phase == .saving(second), "nothing changed")
        },
        StoreRule(name: "answersAreRoutedByRecordID") { faults, c in
            var s = store(faults)
            let forA = s.begin("a", desired: true).ticket!
            s.begin("b", desired: false)
            let before = s
            c.expect(s.finish("b", ticket: forA, outcome: .confirmed(true)) == .ignored(.staleTicket), "wrong record")
            c.expect(s.finish("zz", ticket: forA, outcome: .rejected) == .ignored(.unknownRecord), "unknown record")
            c.expect(s == before, "nothing changed")
        },
        StoreRule(name: "anEarlierSessionsAnswerChangesNothing") { faults, c in
            var s = store(faults)
            let write = s.begin("a", desired: true).ticket!
            s.replaceSession(2, with: [("a", true), ("b", true)])
            let before = s
            c.expect(s.finish("a", ticket: write, outcome: .rejected) == .ignored(.earlierSession), "finish")
            c.expect(s.cancel("a", ticket: write) == .ignored(.earlierSession), "cancel")
            c.expect(s.resync("a", ticket: write, value: false) == .ignored(.earlierSession), "resync")
            c.expect(s == before && s["a"]!.visible && s["a"]!.confirmed, "nothing changed")
        },
        StoreRule(name: "aTicketNeverMintedChangesNothing") { faults, c in
            var s = store(faults)
            s.begin("a", desired: true)
            let before = s
            let forged = Ticket(session: 1, serial: 9)
            c.expect(s.finish("a", ticket: forged, outcome: .rejected) == .ignored(.unknownTicket), "future serial")
            let later = Ticket(session: 7, serial: 1)
            c.expect(s.finish("a", ticket: later, outcome: .rejected) == .ignored(.unknownTicket), "future session")
            c.expect(s == before, "nothing changed")
        },
        StoreRule(name: "resyncAcceptsOnlyTheCurrentSyncTicket") { faults, c in
            var s = store(faults)
            let write = s.begin("a", desired: true).ticket!
            let firstSync = s.finish("a", ticket: write, outcome: .uncertain).ticket!
            let secondSync = s.cancel("a", ticket: firstSync).ticket!
            c.expect(secondSync.serial > firstSync.serial, "a failed re-read asks again with a new ticket")
            let before = s
            c.expect(s.resync("a", ticket: firstSync, value: true) == .ignored(.staleTicket), "stale sync ticket")
            c.expect(s.resync("a", ticket: write, value: true) == .ignored(.staleTicket), "write ticket")
            c.expect(s.finish("a", ticket: secondSync, outcome: .rejected) == .ignored(.wrongTicketKind), "finish")
            c.expect(s == before, "nothing changed")
            c.expect(s.resync("a", ticket: secondSync, value: true) == .applied(.none), "current sync ticket")
            c.expect(s["a"]!.visible && s["a"]!.confirmed && s["a"]!.phase == .idle, "server value, idle")
            c.expect(s.resync("a", ticket: secondSync, value: false) == .ignored(.duplicate), "second answer")
            c.expect(s["a"]!.confirmed, "nothing changed by the second answer")
        },
        StoreRule(name: "aResyncWhileSavingChangesNothing") { faults, c in
            var s = store(faults)
            let write = s.begin("a", desired: true).ticket!
            let before = s
            c.expect(s.resync("a", ticket: write, value: false) == .ignored(.wrongTicketKind), "write ticket")
            c.expect(s == before, "nothing changed")
        },
        StoreRule(name: "cancelCountsAsUncertain") { faults, c in
            var s = store(faults)
            let write = s.begin("a", desired: true).ticket!
            let result = s.cancel("a", ticket: write)
            c.expect(result.effect?.kind == .sendReread, "asks for a re-read")
            c.expect(!s["a"]!.visible && s["a"]!.phaseKind == .needsSync, "withdrawn, needsSync")
            c.expect(s.finish("a", ticket: write, outcome: .confirmed(true)) == .ignored(.staleTicket), "late answer")
        },
        StoreRule(name: "aDefiniteAnswerBeforeTheCancelWins") { faults, c in
            var s = store(faults)
            let write = s.begin("a", desired: true).ticket!
            s.finish("a", ticket: write, outcome: .confirmed(true))
            c.expect(s.cancel("a", ticket: write) == .ignored(.duplicate), "cancel after the answer")
            c.expect(s["a"]!.confirmed && s["a"]!.phase == .idle, "answer kept")
        },
        StoreRule(name: "replaceSessionReplacesEveryRecord") { faults, c in
            var s = store(faults)
            s.begin("a", desired: true)
            let write = s.begin("b", desired: false).ticket!
            s.finish("b", ticket: write, outcome: .uncertain)
            c.expect(s.replaceSession(2, with: [("c", true), ("a", false)]) == .applied(.none), "applied")
            c.expect(s.session == 2 && s.records == ["c", "a"], "new records in load order")
            c.expect(s["b"] == nil && s["c"]!.confirmed && s["a"]!.phase == .idle, "loaded values, idle")
            let before = s
            c.expect(s.replaceSession(2, with: [("x", true)]) == .ignored(.sessionNotNewer), "same session")
            c.expect(s.replaceSession(1, with: [("x", true)]) == .ignored(.sessionNotNewer), "older session")
            c.expect(s.replaceSession(3, with: [("x", true), ("x", false)]) == .ignored(.duplicateRecord), "dup")
            c.expect(s == before, "nothing changed")
        },
        StoreRule(name: "ticketsAreNeverReusedAcrossSessions") { faults, c in
            var s = store(faults)
            var seen: Set<UInt32> = []
            for session in 1...3 {
                if session > 1 { s.replaceSession(Session(UInt32(session)), with: [("a", false), ("b", true)]) }
                let write = s.begin("a", desired: true).ticket!
                let sync = s.finish("a", ticket: write, outcome: .uncertain).ticket!
                c.expect(write.session == s.session && sync.session == s.session, "minted in the session")
                c.expect(seen.insert(write.serial).inserted && seen.insert(sync.serial).inserted, "unique serials")
            }
            c.expect(seen == Set(1...6), "a plain counter: 1...6")
        },
        StoreRule(name: "ticketsAreDeterministic") { faults, c in
            func run() -> [Ticket?] {
                var s = store(faults)
                let a = s.begin("a", desired: true)
                let b = s.begin("b", desired: false)
                let u = s.finish("a", ticket: a.ticket!, outcome: .uncertain)
                return [a.ticket, b.ticket, u.ticket]
            }
            c.expect(run() == run(), "the same events mint the same tickets")
        },
        StoreRule(name: "reorderChangesNoRecordsState") { faults, c in
            var s = store(faults)
            let write = s.begin("a", desired: true).ticket!
            let before = (s["a"]!, s["b"]!)
            c.expect(s.reorder(["b", "a"]) == .applied(.none), "applied")
            c.expect(s.records == ["b", "a"], "rows follow the new order")
            c.expect(s["a"]! == before.0 && s["b"]! == before.1, "states stay with their records")
            c.expect(s.finish("a", ticket: write, outcome: .confirmed(true)) == .applied(.none), "answer found by ID")
            c.expect(s["a"]!.confirmed && s["b"]!.confirmed && s["b"]!.phase == .idle, "right record answered")
            let unchanged = s
            c.expect(s.reorder(["a"]) == .ignored(.notAPermutation), "missing record")
            c.expect(s.reorder(["a", "a"]) == .ignored(.notAPermutation), "repeated record")
            c.expect(s.reorder(["a", "z"]) == .ignored(.notAPermutation), "unknown record")
            c.expect(s == unchanged, "nothing changed")
        },
    ]
}
