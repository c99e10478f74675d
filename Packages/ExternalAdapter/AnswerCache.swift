import UpdateCheckPlatform

/// The answers an adapter program gave, kept for reuse by every caller,
/// and the requests being asked now; flat and sectioned programs share it.
///
/// Cases equal up to renaming their IDs share a key (the canonical form of
/// the case). ``answers(keys:ask:render:again:)`` asks the program once
/// per distinct key: a kept answer is reused, a key another caller is
/// asking is awaited rather than asked twice, and the rest are asked by
/// this caller, the first case with each key standing for every case
/// with it. A case without a key is always asked as it is.
@usableFromInline
final class AnswerCache<Key: Hashable & Sendable, Answer: Sendable>: Sendable {
    /// What asking one request gave.
    @usableFromInline
    struct Asked<Result> {
        /// The answer, as every case with the request's key renders it.
        @usableFromInline var answer: Answer
        /// Whether the answer may be reused: false when the program did not
        /// give it (a run given up, a program ended), so the next caller asks again.
        @usableFromInline var keep: Bool
        /// The result for the case that asked, when it is already at hand
        /// (otherwise the answer is rendered for it like for any other case).
        @usableFromInline var own: Result?

        /// An outcome from its parts.
        @inlinable
        init(answer: Answer, keep: Bool, own: Result?) {
            self.answer = answer
            self.keep = keep
            self.own = own
        }
    }

    /// The kept answers and the keys being asked.
    @usableFromInline
    struct State: Sendable {
        /// Answers by key (at most ``AnswerCache/limit``).
        @usableFromInline var answers: [Key: Answer] = [:]
        /// Keys a caller is asking now: others wait for the answer rather than ask again.
        @usableFromInline var asking: Set<Key> = []

        /// An empty state.
        @inlinable
        init() {}
    }

    /// The kept answers, shared by every caller.
    @usableFromInline let state = Lock(State())
    /// The most answers kept (a run over 5 IDs needs a few thousand).
    @inlinable static var limit: Int { 1 << 16 }

    /// An empty cache.
    @inlinable
    init() {}

    /// The result of each case, in order.
    ///
    /// - Parameters:
    ///   - keys: each case's key, or `nil` for a case to be asked as it is.
    ///   - ask: asks the program the cases at the given indices (each the
    ///     first of its key in this call, or one without a key), giving one
    ///     ``Asked`` each, in order.
    ///   - render: a case's result from an answer to its key.
    ///   - again: the results of the cases at the given indices, asked anew:
    ///     their key's asker elsewhere gave up without an answer to keep.
    /// - Complexity: O(*n*) besides the calls, for *n* cases; a caller
    ///   awaiting another's answers polls every 0.2 ms.
    @inlinable
    func answers<Result>(
        keys: [Key?],
        ask: (_ askers: [Int]) -> [Asked<Result>],
        render: (_ index: Int, _ answer: Answer) -> Result,
        again: (_ indices: [Int]) -> [Result]
    ) -> [Result] {
        var found = [Answer?](repeating: nil, count: keys.count)
        /// For each case, the question asked for it here, or -1.
        var questionOf = [Int](repeating: -1, count: keys.count)
        var askers: [Int] = []
        var questionOfKey: [Key: Int] = [:]
        /// Cases whose key another caller is asking.
        var awaited: [Int] = []
        state.withLock { state in
            for (index, key) in keys.enumerated() {
                guard let key else {
                    questionOf[index] = askers.count
                    askers.append(index)
                    continue
                }
                if let answer = state.answers[key] {
                    found[index] = answer
                } else if let question = questionOfKey[key] {
                    questionOf[index] = question
                } else if state.asking.contains(key) {
                    awaited.append(index)
                } else {
                    state.asking.insert(key)
                    questionOfKey[key] = askers.count
                    questionOf[index] = askers.count
                    askers.append(index)
                }
            }
        }
        let outcomes = askers.isEmpty ? [] : ask(askers)
        if !questionOfKey.isEmpty {
            state.withLock { state in
                for (key, question) in questionOfKey {
                    state.asking.remove(key)
                    if outcomes[question].keep && state.answers.count < Self.limit {
                        state.answers[key] = outcomes[question].answer
                    }
                }
            }
        }
        // The answers other callers were asking; a key they could not keep
        // is asked again here.
        var direct: [Int: Result] = [:]
        while !awaited.isEmpty {
            var orphans: [Int] = []
            state.withLock { state in
                awaited.removeAll { index in
                    let key = keys[index]!
                    if let answer = state.answers[key] {
                        found[index] = answer
                        return true
                    }
                    guard state.asking.contains(key) else {
                        orphans.append(index)
                        return true
                    }
                    return false
                }
            }
            if !orphans.isEmpty {
                for (index, result) in zip(orphans, again(orphans)) { direct[index] = result }
            }
            if !awaited.isEmpty { System.sleep(microseconds: 200) }
        }
        var results: [Result] = []
        results.reserveCapacity(keys.count)
        for index in keys.indices {
            if let answer = found[index] {
                results.append(render(index, answer))
            } else if let result = direct[index] {
                results.append(result)
            } else {
                let question = questionOf[index]
                if askers[question] == index, let own = outcomes[question].own {
                    results.append(own)
                } else {
                    results.append(render(index, outcomes[question].answer))
                }
            }
        }
        return results
    }
}
