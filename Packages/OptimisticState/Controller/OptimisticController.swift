#if canImport(Observation)
    import Observation
#endif

/// An ``OptimisticStore`` on the main actor, running its effects through the
/// app's async write and read closures: what a SwiftUI view or a UIKit cell
/// binds to.
///
/// The controller owns the store and is the only code that changes it, always
/// on the main actor (the class is `@MainActor`, and Swift 6's strict
/// concurrency checking proves that no answer touches the store elsewhere).
/// For every effect the store asks for it starts a task:
/// - a write calls `write(record, value)`; its value is
///   ``Outcome/confirmed(_:)``, a thrown error goes through the app's
///   classifier (``WriteFailure``: rejected, conflict with the server's value,
///   or uncertain);
/// - a write or re-read that outlives ``ControllerTiming/timeoutMilliseconds``
///   is cancelled: a write's outcome becomes uncertain (the store rolls back
///   and asks for a re-read), a re-read is sent again;
/// - a re-read calls `read(record)`; its value settles the record, a thrown
///   error sends the re-read again after ``ControllerTiming/retryMilliseconds``;
/// - a session switch cancels every request in flight.
///
/// Every answer is delivered to the store with the ticket of its own request,
/// so an answer that arrives after its timeout, after a newer request or
/// after a session switch is ignored by the store's ticket check. Each
/// delivered event is reported to the observers as a ``ControllerStep``.
///
/// ```swift
/// let favourites = try OptimisticController(
///     store: OptimisticStore(session: 1, records: [("post-1", false)]),
///     write: { id, value in try await api.setFavourite(id, value) },
///     read: { id in try await api.favourite(id) },
///     classify: { error in (error as? APIError) == .forbidden ? .rejected : .uncertain })
/// favourites.set("post-1", to: true)   // shows true at once, sends the write
/// ```
///
/// On iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1 and later (and
/// wherever the Observation module exists) the controller is `Observable`:
/// a SwiftUI view that reads it is updated after every change. Earlier, and
/// from UIKit, ``addObserver(_:)`` reports every step.
@MainActor
public final class OptimisticController<RecordID: Hashable & Sendable, Value: Equatable & Sendable> {
    /// The app's write: sends `value` for the record and returns the value
    /// the server stored. It is called on the main actor and returns there;
    /// the networking it awaits runs wherever its own isolation says.
    public typealias Write = @MainActor @Sendable (RecordID, Value) async throws -> Value
    /// The app's re-read: returns the value the server holds for the record.
    /// Called on the main actor, like ``Write``.
    public typealias Read = @MainActor @Sendable (RecordID) async throws -> Value
    /// The app's reading of a write's thrown error.
    public typealias Classify = @Sendable (any Error) -> WriteFailure<Value>
    /// An observer of the controller's steps.
    public typealias Observer = @MainActor (ControllerStep<RecordID, Value>) -> Void

    /// Storage of ``store``.
    private var _store: OptimisticStore<RecordID, Value>
    private let write: Write
    private let read: Read
    private let classify: Classify
    /// The timing the controller waits with.
    public let timing: ControllerTiming
    /// The glue mistakes switched on (none, but in the tests that prove they
    /// are caught).
    package let faults: ControllerFaults
    /// The tasks waiting for a request's answer, by the request's ticket.
    private var requests: [Ticket: Task<Void, Never>] = [:]
    /// The tasks waiting for a request's timeout, by the request's ticket.
    private var timers: [Ticket: Task<Void, Never>] = [:]
    /// Tasks started and not yet ended (requests, timers, and those of
    /// requests already given up on), for test harnesses that wait until
    /// every task has either ended or is waiting on the network or the clock.
    package private(set) var runningTasks = 0
    private var observers: [(id: Int, body: Observer)] = []
    private var nextObserver = 0
    #if canImport(Observation)
        /// The `ObservationRegistrar` where Observation is available, else `nil`.
        private let registrar: (any Sendable)?
    #endif

    /// A controller that owns `store` and runs its effects through `write` and
    /// `read`, reading thrown write errors with `classify` (by default every
    /// error is uncertain), with `timing`.
    public convenience init(
        store: OptimisticStore<RecordID, Value>, write: @escaping Write, read: @escaping Read,
        classify: @escaping Classify = { _ in .uncertain }, timing: ControllerTiming = .standard
    ) {
        self.init(store: store, write: write, read: read, classify: classify, timing: timing, faults: [])
    }

    /// ``init(store:write:read:classify:timing:)`` with glue `faults` switched on.
    package init(
        store: OptimisticStore<RecordID, Value>, write: @escaping Write, read: @escaping Read,
        classify: @escaping Classify, timing: ControllerTiming, faults: ControllerFaults
    ) {
        _store = store
        self.write = write
        self.read = read
        self.classify = classify
        self.timing = timing
        self.faults = faults
        #if canImport(Observation)
            if #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) {
                registrar = ObservationRegistrar()
            } else {
                registrar = nil
            }
        #endif
    }
}

extension OptimisticController {
    /// The store as it is now: every record's confirmed and visible value,
    /// phase and UI bindings. Observed by SwiftUI where Observation exists.
    public var store: OptimisticStore<RecordID, Value> {
        observeAccess()
        return _store
    }

    /// The state of `record`, or `nil` when the session has no such record.
    ///
    /// - Complexity: O(1) on average.
    public subscript(record: RecordID) -> RecordState<Value>? { store[record] }

    /// The record IDs in display order.
    public var records: [RecordID] { store.records }

    /// The current session.
    public var session: Session { store.session }

    /// The number of requests whose answer or timeout the controller waits
    /// for (requests already given up on are not counted).
    public var requestsInFlight: Int { requests.count }

    /// A tap asking for `desired`: the record shows it at once and the write
    /// is sent; ignored while the record is saving or waiting for a re-read
    /// (see ``OptimisticStore/begin(_:desired:)``).
    @discardableResult
    public func set(_ record: RecordID, to desired: Value) -> EventResult<RecordID, Value> {
        deliver(.begin(record, desired: desired))
    }

    /// An account switch: every request in flight is cancelled and every
    /// record is replaced by `loaded`; answers to the old requests that still
    /// arrive are ignored. See `OptimisticStore.replaceSession(_:with:)`.
    @discardableResult
    public func switchSession(_ session: Session, with loaded: [(RecordID, Value)]) -> EventResult<RecordID, Value> {
        let result = deliver(.replaceSession(session, loaded.map { LoadedRecord($0.0, $0.1) }))
        if result.isApplied {
            for task in requests.values { task.cancel() }
            for task in timers.values { task.cancel() }
            requests = [:]
            timers = [:]
        }
        return result
    }

    /// The list was sorted or filtered into `order`; no record's state or
    /// request changes (see ``OptimisticStore/reorder(_:)``).
    @discardableResult
    public func reorder(_ order: [RecordID]) -> EventResult<RecordID, Value> { deliver(.reorder(order)) }

    /// The tickets of the requests whose timeout is still armed, in no
    /// particular order (for the explorer's merging of states).
    package var armedTimeouts: [Ticket] { Array(timers.keys) }

    /// Calls `observer` after every step, until ``removeObserver(_:)`` is
    /// called with the returned number. An observer must not call back into
    /// the controller synchronously.
    ///
    /// - Complexity: while an observer is registered, every step keeps a copy
    ///   of the store before it (O(n) in the number of records); without one,
    ///   an event costs what it costs on the store.
    @discardableResult
    public func addObserver(_ observer: @escaping Observer) -> Int {
        nextObserver += 1
        observers.append((nextObserver, observer))
        return nextObserver
    }

    /// Stops calling the observer `id` returned by ``addObserver(_:)``.
    public func removeObserver(_ id: Int) { observers.removeAll { $0.id == id } }

    /// Delivers `event` to the store and performs the effect it asks for.
    @discardableResult
    private func deliver(_ event: StoreEvent<RecordID, Value>, retry: Bool = false) -> EventResult<RecordID, Value> {
        step(event, retry: retry) { $0.apply(event) }
    }

    /// Reports `event` as the step, changes the store with `change`, and
    /// performs the effect that results (a re-read after a failed one waits
    /// for ``ControllerTiming/retryMilliseconds`` when `retry`).
    @discardableResult
    private func step(
        _ event: StoreEvent<RecordID, Value>, retry: Bool,
        _ change: (inout OptimisticStore<RecordID, Value>) -> EventResult<RecordID, Value>
    ) -> EventResult<RecordID, Value> {
        // The store before the event is kept only for observers: otherwise
        // the event changes the store in place, copying nothing.
        let before = observers.isEmpty ? nil : _store
        var result = EventResult<RecordID, Value>.ignored(.unknownRecord)
        observeMutation { result = change(&_store) }
        if case .applied(let effect) = result { perform(effect, retry: retry) }
        if let before {
            let step = ControllerStep(event: event, result: result, before: before, after: _store)
            for observer in observers { observer.body(step) }
        }
        return result
    }

    /// Starts the request an effect asks for, with its timeout.
    private func perform(_ effect: Effect<RecordID, Value>, retry: Bool) {
        switch effect {
        case .none: return
        case .sendWrite(let record, let ticket, let value):
            let write = write
            start(ticket, record: record, delay: 0, call: { try await write(record, value) }) { controller, result in
                controller.answerWrite(record, ticket: ticket, result: result)
            }
        case .sendReread(let record, let ticket):
            let read = read
            start(ticket, record: record, delay: retry ? timing.retryMilliseconds : 0, call: { try await read(record) })
            {
                controller, result in
                switch result {
                case .success(let value): controller.deliver(.resync(record, ticket: ticket, value: value))
                case .failure: controller.deliver(.cancel(record, ticket: ticket), retry: true)
                }
            }
        }
    }

    /// Starts the task of request `ticket` (after `delay` milliseconds) and
    /// its timeout; `answer` receives the request's result on the main actor
    /// unless the controller is gone.
    private func start(
        _ ticket: Ticket, record: RecordID, delay: UInt64, call: @escaping @MainActor () async throws -> Value,
        answer: @escaping @MainActor (OptimisticController, Result<Value, any Error>) -> Void
    ) {
        let sleep = timing.sleep
        runningTasks += 1
        requests[ticket] = Task { [weak self] in
            defer { self?.runningTasks -= 1 }
            if delay > 0 {
                do { try await sleep(delay) } catch { return }
            }
            let result: Result<Value, any Error>
            do { result = .success(try await call()) } catch { result = .failure(error) }
            guard let self else { return }
            requests[ticket] = nil
            timers.removeValue(forKey: ticket)?.cancel()
            answer(self, result)
        }
        let (timeout, overflow) = delay.addingReportingOverflow(timing.timeoutMilliseconds)
        runningTasks += 1
        timers[ticket] = Task { [weak self] in
            defer { self?.runningTasks -= 1 }
            do { try await sleep(overflow ? .max : timeout) } catch { return }
            guard let self, !Task.isCancelled, timers.removeValue(forKey: ticket) != nil else { return }
            requests.removeValue(forKey: ticket)?.cancel()
            deliver(.cancel(record, ticket: ticket))
        }
    }

    /// A write's answer: delivered with its own ticket, so a late one is
    /// ignored (unless the ``ControllerFaults/applyLateAnswers`` fault is on).
    private func answerWrite(_ record: RecordID, ticket: Ticket, result: Result<Value, any Error>) {
        let outcome: Outcome<Value> =
            switch result {
            case .success(let value): .confirmed(value)
            case .failure(let error): classify(error).outcome
            }
        let event = StoreEvent<RecordID, Value>.finish(record, ticket: ticket, outcome: outcome)
        if faults.contains(.applyLateAnswers), case .needsSync(let current)? = _store[record]?.phase {
            switch outcome {
            case .confirmed(let value), .conflict(let value):
                step(event, retry: false) { $0.resync(record, ticket: current, value: value) }
                return
            case .rejected, .uncertain: break
            }
        }
        deliver(event)
    }

    /// Records a read of ``store`` for Observation.
    private func observeAccess() {
        #if canImport(Observation)
            if #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *),
                let registrar = registrar as? ObservationRegistrar
            {
                registrar.access(self, keyPath: \.store)
            }
        #endif
    }

    /// Runs `change` as a mutation of ``store`` for Observation.
    private func observeMutation(_ change: () -> Void) {
        #if canImport(Observation)
            if #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *),
                let registrar = registrar as? ObservationRegistrar
            {
                registrar.withMutation(of: self, keyPath: \.store, change)
                return
            }
        #endif
        change()
    }
}

extension OptimisticController where Value == Bool {
    /// A tap on a toggle: asks for the opposite of what the record shows.
    @discardableResult
    public func toggle(_ record: RecordID) -> EventResult<RecordID, Value> {
        guard let state = self[record] else { return deliver(.begin(record, desired: true)) }
        return set(record, to: !state.visible)
    }
}

#if canImport(Observation)
    /// SwiftUI views that read a controller are updated after every change
    /// of its store. Needs iOS 17, macOS 14, tvOS 17, watchOS 10 or
    /// visionOS 1 (Observation).
    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    extension OptimisticController: Observable {}
#endif
