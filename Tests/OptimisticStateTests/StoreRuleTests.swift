import Testing

@testable import OptimisticState

/// Every rule of the contract holds on the real store, and each known fault
/// of the store breaks the rules that guard against it.
@Suite struct StoreRuleTests {
    @Test(arguments: StoreRule.all)
    func ruleHoldsOnTheRealStore(rule: StoreRule) {
        #expect(rule.failures() == [])
    }

    /// Which rules each fault must break: proof that the rules bite.
    static let expectedCatches: [(fault: String, rules: Set<String>)] = [
        (
            "skipTicketCheck",
            [
                "aDuplicateAnswerChangesNothing", "aStaleTicketChangesNothing", "answersAreRoutedByRecordID",
                "anEarlierSessionsAnswerChangesNothing", "aTicketNeverMintedChangesNothing",
                "aDefiniteAnswerBeforeTheCancelWins",
            ]
        ),
        ("rollbackToDesiredOnReject", ["rejectedRollsBackToTheConfirmedValue"]),
        ("allowWriteDuringNeedsSync", ["beginWhileNeedingSyncChangesNothing"]),
        ("acceptStaleResync", ["resyncAcceptsOnlyTheCurrentSyncTicket", "aResyncWhileSavingChangesNothing"]),
        ("keyByRow", ["reorderChangesNoRecordsState"]),
    ]

    @Test(arguments: expectedCatches)
    func eachFaultIsCaughtByItsRules(fault: String, rules: Set<String>) throws {
        let faults = try #require(StoreFaults.named.first { $0.name == fault }?.fault)
        let broken = Set(StoreRule.all.filter { !$0.failures(faults: faults).isEmpty }.map(\.name))
        #expect(rules.isSubset(of: broken), "\(fault) broke only \(broken.sorted())")
    }

    @Test func everyFaultHasExpectedCatches() {
        #expect(Set(Self.expectedCatches.map(\.fault)) == Set(StoreFaults.named.map(\.name)))
    }
}
