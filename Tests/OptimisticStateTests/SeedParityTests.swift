import OptimisticState
import Testing

/// The favourite-button article's three assertion groups and three release
/// checks, written against the real store.
@Suite struct SeedParityTests {
    typealias Store = OptimisticStore<String, Bool>
    let post = "post-1"

    /// Group 1: rollback on a rejection, and a repeated tap during a write.
    @Test func rollbackAndRepeatedTap() throws {
        var state = try Store(records: [(post, false)])
        let first = try #require(state.begin(post, desired: true).ticket)
        #expect(state[post]!.visible && !state[post]!.confirmed)
        #expect(state.begin(post, desired: false) == .ignored(.busy))
        #expect(state[post]!.visible, "the provisional value stays during a second tap")
        state.finish(post, ticket: first, outcome: .rejected)
        #expect(!state[post]!.visible && state[post]!.phase == .idle)
    }

    /// Group 2: a duplicate callback changes nothing.
    @Test func duplicateCallback() throws {
        var state = try Store(records: [(post, false)])
        let second = try #require(state.begin(post, desired: true).ticket)
        state.finish(post, ticket: second, outcome: .confirmed(true))
        #expect(state[post]!.visible && state[post]!.confirmed)
        #expect(state.finish(post, ticket: second, outcome: .confirmed(false)) == .ignored(.duplicate))
        #expect(state[post]!.visible)
    }

    /// Group 3: an answer from the old session changes nothing, and the
    /// server's value wins over the user's intent.
    @Test func oldSessionAnswerAndServerValueDiffersFromIntent() throws {
        var state = try Store(records: [(post, true)])
        let oldSession = try #require(state.begin(post, desired: false).ticket)
        state.replaceSession(2, with: [(post, false)])
        let current = try #require(state.begin(post, desired: true).ticket)
        #expect(state.finish(post, ticket: oldSession, outcome: .confirmed(false)) == .ignored(.earlierSession))
        #expect(state[post]!.phase == .saving(current) && state[post]!.visible)
        state.finish(post, ticket: current, outcome: .confirmed(false))
        #expect(!state[post]!.visible && !state[post]!.confirmed)
    }

    /// Release check 1: after a business rejection the button is usable again.
    @Test func rejectionMakesTheButtonUsableAgain() throws {
        var state = try Store(records: [(post, false)])
        let ticket = try #require(state.begin(post, desired: true).ticket)
        #expect(!state[post]!.acceptsTaps)
        state.finish(post, ticket: ticket, outcome: .rejected)
        #expect(state[post]!.acceptsTaps && !state[post]!.isSaving)
        #expect(state.begin(post, desired: true).effect?.kind == .sendWrite)
    }

    /// Release check 2: an uncertain outcome blocks writes and asks for a re-read.
    @Test func uncertainOutcomeBlocksWritesAndAsksForAReread() throws {
        var state = try Store(records: [(post, false)])
        let ticket = try #require(state.begin(post, desired: true).ticket)
        let answer = state.finish(post, ticket: ticket, outcome: .uncertain)
        let sync = try #require(answer.ticket)
        #expect(answer == .applied(.sendReread(record: post, ticket: sync)))
        #expect(state[post]!.phase == .needsSync(sync) && !state[post]!.visible)
        #expect(state.begin(post, desired: true) == .ignored(.awaitingResync))
        #expect(!state[post]!.acceptsTaps)
        #expect(state.resync(post, ticket: sync, value: true) == .applied(.none))
        #expect(state[post]!.visible && state[post]!.confirmed && state[post]!.acceptsTaps)
    }

    /// Release check 3: after an account switch old callbacks change nothing.
    @Test func oldCallbacksChangeNothingAfterAnAccountSwitch() throws {
        var state = try Store(records: [(post, false)])
        let write = try #require(state.begin(post, desired: true).ticket)
        state.replaceSession(2, with: [(post, true)])
        let afterSwitch = state
        for outcome: Outcome<Bool> in [.confirmed(false), .rejected, .uncertain, .conflict(false)] {
            #expect(state.finish(post, ticket: write, outcome: outcome) == .ignored(.earlierSession))
        }
        #expect(state.cancel(post, ticket: write) == .ignored(.earlierSession))
        #expect(state.resync(post, ticket: write, value: false) == .ignored(.earlierSession))
        #expect(state == afterSwitch)
        #expect(state[post]!.visible && state[post]!.confirmed)
    }
}
