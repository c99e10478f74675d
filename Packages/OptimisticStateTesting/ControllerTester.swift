import OptimisticState

/// A controller wired to a scripted network and a test clock, for tests that
/// assert the visible state after every change, the way a test store does:
/// each call waits until the controller has dealt with it.
///
/// ```swift
/// let tester = try ControllerTester(records: [("post-1", false)], timeoutMilliseconds: 1_000)
/// try await tester.set("post-1", to: true)
/// try await tester.advance(by: 1_000)                 // the write times out
/// tester.controller["post-1"]!.accessibilityStatus    // "checking"
/// try await tester.succeed(.write, for: "post-1", with: true)   // late: ignored
/// ```
///
/// "Dealt with" means every task the controller started has ended or waits on
/// the scripted network or the test clock, so nothing else can happen until
/// the test answers a request or advances the clock.
@MainActor
public final class ControllerTester<RecordID: Hashable & Sendable, Value: Equatable & Sendable> {
    /// The clock the controller's timeouts wait on.
    public let clock: TestClock
    /// The network the controller's requests wait on.
    public let network: ScriptedNetwork<RecordID, Value>
    /// The controller under test.
    public let controller: OptimisticController<RecordID, Value>
    /// Every step the controller took, in order.
    public private(set) var steps: [ControllerStep<RecordID, Value>] = []
    /// The most yields ``settle()`` waits before it gives up.
    public var yieldLimit = 1_000_000

    /// A controller for `session` with `records`, timing out requests after
    /// `timeoutMilliseconds` and sending a failed re-read again after
    /// `retryMilliseconds`, on a fresh network and clock.
    ///
    /// - Throws: `OptimisticStateError.duplicateRecord`
    ///   when an ID is given twice.
    public convenience init(
        session: Session = 1, records: [(RecordID, Value)], timeoutMilliseconds: UInt64 = 1_000,
        retryMilliseconds: UInt64 = 500
    ) throws(OptimisticStateError) {
        try self.init(
            session: session, records: records, timeoutMilliseconds: timeoutMilliseconds,
            retryMilliseconds: retryMilliseconds, faults: [])
    }

    /// ``init(session:records:timeoutMilliseconds:retryMilliseconds:)`` with
    /// glue `faults` switched on in the controller.
    package init(
        session: Session, records: [(RecordID, Value)], timeoutMilliseconds: UInt64, retryMilliseconds: UInt64,
        faults: ControllerFaults
    ) throws(OptimisticStateError) {
        let clock = TestClock()
        let network = ScriptedNetwork<RecordID, Value>()
        self.clock = clock
        self.network = network
        controller = OptimisticController(
            store: try OptimisticStore(session: session, records: records), write: network.write,
            read: network.read, classify: network.classify,
            timing: clock.timing(timeoutMilliseconds: timeoutMilliseconds, retryMilliseconds: retryMilliseconds),
            faults: faults)
        controller.addObserver { [weak self] step in self?.steps.append(step) }
    }

    /// Whether every task of the controller has ended or waits on the network
    /// or the clock.
    public var isSettled: Bool {
        controller.runningTasks == network.pending.count + clock.sleepers.count
    }

    /// Yields until ``isSettled``.
    ///
    /// - Throws: ``OptimisticStateTestingError/didNotSettle(yields:)`` after
    ///   ``yieldLimit`` yields.
    public func settle() async throws(OptimisticStateTestingError) {
        var yields = 0
        while !isSettled {
            guard yields < yieldLimit else { throw .didNotSettle(yields: yields) }
            yields += 1
            await Task.yield()
        }
    }

    /// A tap asking for `desired`, once the controller has sent what it asks for.
    @discardableResult
    public func set(_ record: RecordID, to desired: Value) async throws(OptimisticStateTestingError) -> EventResult<
        RecordID, Value
    > {
        let result = controller.set(record, to: desired)
        try await settle()
        return result
    }

    /// An account switch, once the controller has dealt with it.
    @discardableResult
    public func switchSession(
        _ session: Session, with loaded: [(RecordID, Value)]
    ) async throws(OptimisticStateTestingError) -> EventResult<RecordID, Value> {
        let result = controller.switchSession(session, with: loaded)
        try await settle()
        return result
    }

    /// Answers request `id` with the server's value, and waits until the
    /// controller has dealt with the answer.
    ///
    /// - Throws: what ``ScriptedNetwork/succeed(_:with:)`` throws, or
    ///   ``OptimisticStateTestingError/didNotSettle(yields:)``.
    public func succeed(_ id: Int, with value: Value) async throws(OptimisticStateTestingError) {
        try network.succeed(id, with: value)
        try await settle()
    }

    /// Answers request `id` with `error`, and waits until the controller has
    /// dealt with it.
    ///
    /// - Throws: what ``ScriptedNetwork/fail(_:with:)`` throws, or
    ///   ``OptimisticStateTestingError/didNotSettle(yields:)``.
    public func fail(_ id: Int, with error: any Error) async throws(OptimisticStateTestingError) {
        try network.fail(id, with: error)
        try await settle()
    }

    /// Answers the last unanswered `kind` request of `record` with a value.
    ///
    /// - Throws: ``OptimisticStateTestingError/noPendingRequest(record:kind:)``
    ///   when there is none.
    public func succeed(
        _ kind: ScriptedRequestKind, for record: RecordID, with value: Value
    ) async throws(OptimisticStateTestingError) {
        try await succeed(pendingID(kind, record), with: value)
    }

    /// Answers the last unanswered `kind` request of `record` with `error`.
    ///
    /// - Throws: ``OptimisticStateTestingError/noPendingRequest(record:kind:)``
    ///   when there is none.
    public func fail(
        _ kind: ScriptedRequestKind, for record: RecordID, with error: any Error
    ) async throws(OptimisticStateTestingError) {
        try await fail(pendingID(kind, record), with: error)
    }

    /// Moves the clock forward by `milliseconds`, waking the sleepers due by
    /// then one at a time and letting the controller deal with each before the
    /// next wakes.
    ///
    /// - Throws: ``OptimisticStateTestingError/didNotSettle(yields:)``.
    public func advance(by milliseconds: UInt64) async throws(OptimisticStateTestingError) {
        let (target, overflow) = clock.now.addingReportingOverflow(milliseconds)
        let limit = overflow ? UInt64.max : target
        try await settle()
        while clock.wakeNext(notAfter: limit) != nil { try await settle() }
        clock.advance(by: limit - clock.now)
    }

    /// The number of the last unanswered `kind` request of `record`.
    private func pendingID(
        _ kind: ScriptedRequestKind, _ record: RecordID
    ) throws(OptimisticStateTestingError) -> Int {
        guard let request = network.pending(kind, for: record) else {
            throw .noPendingRequest(record: String(describing: record), kind: kind)
        }
        return request.id
    }
}
