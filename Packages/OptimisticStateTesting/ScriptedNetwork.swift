import OptimisticState

/// The kind of a request a controller sends.
public enum ScriptedRequestKind: String, Hashable, Sendable, CustomStringConvertible {
    /// A write of a value.
    case write
    /// A re-read.
    case read

    /// `write` or `read`.
    public var description: String { rawValue }
}

/// How a scripted write fails: what ``ScriptedNetwork/classify`` reads back.
public enum ScriptedFailure<Value: Equatable & Sendable>: Error, Equatable, Sendable {
    /// The server refused the write (a definite rejection).
    case rejected
    /// The server refused because of a version condition, with its value.
    case conflict(Value)
    /// The connection was lost: the outcome is unknown.
    case connectionLost
}

/// A network that answers only when a test says so: the controller's write
/// and read closures wait on it until the test answers each request, in any
/// order, at any time, however late.
///
/// A request stays unanswered until the test answers it, even when the
/// controller gave up on it (a timeout, a session switch): so a test can send
/// an answer after the timeout, after the switch, or after a newer request.
@MainActor
public final class ScriptedNetwork<RecordID: Hashable & Sendable, Value: Equatable & Sendable> {
    /// One request the controller sent.
    public struct Request: Equatable, Sendable, CustomStringConvertible {
        /// The order in which it was sent (from 1).
        public var id: Int
        /// A write or a re-read.
        public var kind: ScriptedRequestKind
        /// The record it is about.
        public var record: RecordID
        /// The value a write sends; `nil` for a re-read.
        public var value: Value?

        /// `#2 write post-1 true` or `#3 read post-1`.
        public var description: String {
            "#\(id) \(kind) \(record)" + (value.map { " \($0)" } ?? "")
        }
    }

    /// Every request sent, in order.
    public private(set) var requests: [Request] = []
    private var waiting: [Int: CheckedContinuation<Value, any Error>] = [:]

    /// A network with no request yet.
    public init() {}

    /// The requests not answered yet, in the order they were sent.
    public var pending: [Request] { requests.filter { waiting[$0.id] != nil } }

    /// The write closure to hand to a controller.
    public nonisolated var write: @MainActor @Sendable (RecordID, Value) async throws -> Value {
        { [self] record, value in try await self.send(.write, record, value) }
    }

    /// The read closure to hand to a controller.
    public nonisolated var read: @MainActor @Sendable (RecordID) async throws -> Value {
        { [self] record in try await self.send(.read, record, nil) }
    }

    /// The classifier to hand to a controller: reads ``ScriptedFailure``
    /// back, and takes any other error as uncertain.
    public nonisolated var classify: @Sendable (any Error) -> WriteFailure<Value> {
        { error in
            switch error as? ScriptedFailure<Value> {
            case .rejected: .rejected
            case .conflict(let value): .conflict(value)
            case .connectionLost, nil: .uncertain
            }
        }
    }

    /// The last unanswered request of `kind` for `record`, if any.
    public func pending(_ kind: ScriptedRequestKind, for record: RecordID) -> Request? {
        pending.last { $0.kind == kind && $0.record == record }
    }

    /// Answers request `id` with the server's value.
    ///
    /// - Throws: ``OptimisticStateTestingError/unknownRequest(_:)`` or
    ///   ``OptimisticStateTestingError/alreadyAnswered(_:)``.
    public func succeed(_ id: Int, with value: Value) throws(OptimisticStateTestingError) {
        try take(id).resume(returning: value)
    }

    /// Answers request `id` with an error.
    ///
    /// - Throws: ``OptimisticStateTestingError/unknownRequest(_:)`` or
    ///   ``OptimisticStateTestingError/alreadyAnswered(_:)``.
    public func fail(_ id: Int, with error: any Error) throws(OptimisticStateTestingError) {
        try take(id).resume(throwing: error)
    }

    /// The continuation of unanswered request `id`, removed.
    private func take(_ id: Int) throws(OptimisticStateTestingError) -> CheckedContinuation<Value, any Error> {
        guard id > 0, requests.indices.contains(id - 1) else { throw .unknownRequest(id) }
        guard let continuation = waiting.removeValue(forKey: id) else { throw .alreadyAnswered(id) }
        return continuation
    }

    /// Records a request and waits for the test's answer.
    private func send(_ kind: ScriptedRequestKind, _ record: RecordID, _ value: Value?) async throws -> Value {
        let id = requests.count + 1
        requests.append(Request(id: id, kind: kind, record: record, value: value))
        return try await withCheckedThrowingContinuation { waiting[id] = $0 }
    }
}
