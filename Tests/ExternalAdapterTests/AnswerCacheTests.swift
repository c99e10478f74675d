import Testing
import UpdateCheckPlatform

@testable import ExternalAdapter

/// The answer cache behind flat and sectioned adapter programs: each
/// distinct key asked once across callers, kept answers reused, answers
/// not to be kept asked again.
struct AnswerCacheTests {
    typealias Cache = AnswerCache<String, String>

    /// The questions asked, in order, from every thread.
    final class AskedLog: Sendable {
        let list = Lock<[String]>([])
    }

    /// Asks through `cache` for `keys`, answering key `k` with "answer k"
    /// (kept unless `keep` says otherwise), and records what was asked.
    static func run(
        _ cache: Cache, _ keys: [String?], asked: AskedLog, keep: @escaping (String) -> Bool = { _ in true }
    ) -> [String] {
        cache.answers(
            keys: keys,
            ask: { askers in
                let questions = askers.map { keys[$0] ?? "plain \($0)" }
                asked.list.withLock { $0 += questions }
                return questions.map {
                    Cache.Asked(answer: "answer \($0)", keep: keep($0), own: "own answer \($0)")
                }
            },
            render: { index, answer in "\(answer)|case \(index)" },
            again: { indices in indices.map { "again \(keys[$0]!)" } })
    }

    /// Within one call: the first case of a key asks and takes its own
    /// result, later ones render the same answer; a case without a key is
    /// asked as it is; the next call reuses the kept answers.
    @Test func eachKeyAskedOnceAndKept() {
        let cache = Cache()
        let asked = AskedLog()
        let first = Self.run(cache, ["x", nil, "y", "x", nil], asked: asked)
        #expect(
            first == [
                "own answer x", "own answer plain 1", "own answer y", "answer x|case 3", "own answer plain 4",
            ])
        #expect(asked.list.withLock { $0 } == ["x", "plain 1", "y", "plain 4"])
        let second = Self.run(cache, ["y", "x", "z"], asked: asked)
        #expect(second == ["answer y|case 0", "answer x|case 1", "own answer z"])
        #expect(asked.list.withLock { $0 } == ["x", "plain 1", "y", "plain 4", "z"])
    }

    /// An answer the program did not give (a run given up) is not kept:
    /// the next call asks it again.
    @Test func answersNotToKeepAreAskedAgain() {
        let cache = Cache()
        let asked = AskedLog()
        _ = Self.run(cache, ["x", "y"], asked: asked, keep: { $0 != "y" })
        let again = Self.run(cache, ["x", "y"], asked: asked)
        #expect(again == ["answer x|case 0", "own answer y"])
        #expect(asked.list.withLock { $0 } == ["x", "y", "y"])
    }

    /// Callers on many threads asking overlapping keys ask each key once
    /// in all, and every caller gets every case's answer.
    @Test func concurrentCallersAskEachKeyOnce() async {
        let cache = Cache()
        let asked = AskedLog()
        let keys = (0..<200).map { "k\($0 % 37)" }
        let results = await withTaskGroup(of: [String].self) { group in
            for caller in 0..<8 {
                let rotated = Array(keys[(caller * 25)...] + keys[..<(caller * 25)])
                group.addTask { Self.run(cache, rotated, asked: asked).map { String($0.split(separator: "|")[0]) } }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(asked.list.withLock { $0 }.sorted() == Set(keys).sorted())
        for result in results {
            #expect(
                result.map { $0.replacing("own answer", with: "answer") }.sorted()
                    == keys.map { "answer \($0)" }.sorted())
        }
    }

    /// A caller awaiting a key whose asker gives up without an answer to
    /// keep asks that case again itself, through `again`.
    @Test func awaitedKeyNotKeptIsAskedAgain() {
        let cache = Cache()
        // Another caller is asking "x".
        cache.state.withLock { _ = $0.asking.insert("x") }
        let results = cache.answers(
            keys: ["y", "x"],
            ask: { askers in
                // By now "x" is awaited; its asker gives up: no longer asked, nothing kept.
                cache.state.withLock { _ = $0.asking.remove("x") }
                return askers.map { _ in Cache.Asked(answer: "y", keep: true, own: "own y") }
            },
            render: { _, answer in answer }, again: { indices in indices.map { "asked again \($0)" } })
        #expect(results == ["own y", "asked again 1"])
        #expect(cache.state.withLock { $0.answers } == ["y": "y"])
    }

    /// A caller awaiting a key renders the answer its asker keeps.
    @Test func awaitedKeyKeptIsRendered() {
        let cache = Cache()
        cache.state.withLock { _ = $0.asking.insert("x") }
        let results = cache.answers(
            keys: ["x", "y"],
            ask: { askers in
                // The other caller's answer to "x" arrives while this one asks "y".
                cache.state.withLock { state in
                    state.asking.remove("x")
                    state.answers["x"] = "answer x"
                }
                return askers.map { _ in Cache.Asked(answer: "y", keep: true, own: "own y") }
            },
            render: { index, answer in "\(answer)|case \(index)" },
            again: { _ in
                Issue.record("asked again"); return []
            })
        #expect(results == ["answer x|case 0", "own y"])
    }
}
