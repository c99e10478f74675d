import UpdateCheckSupport

/// The closest known word to a mistyped one, for "Did you mean …?" hints.
///
/// Words are compared by their optimal string alignment distance (the
/// Levenshtein distance with adjacent transpositions counted as one edit),
/// case-insensitively: `chek` is one edit from `check`, `--idz` one from
/// `--ids`, `--shards` one from `--shard`. A word is suggested only when it is
/// close enough to be a typo: at most 2 edits, and fewer edits than half of
/// the typed word's length, so `x` suggests nothing. Ties go to the word
/// listed first.
package enum Suggestion {
    /// The candidate closest to `typed`, or `nil` when none is close enough.
    ///
    /// - Complexity: O(*m* · *n*) per candidate of length *n*, for a typed
    ///   word of length *m*; words longer than 64 characters are not compared.
    package static func closest(to typed: String, among candidates: [String]) -> String? {
        let word = Array(typed.lowercased())
        guard !word.isEmpty, word.count <= 64 else { return nil }
        var best: (candidate: String, distance: Int)?
        for candidate in candidates where candidate != typed {
            let other = Array(candidate.lowercased())
            guard other.count <= 64, abs(other.count - word.count) <= 2 else { continue }
            let distance = editDistance(word, other)
            guard distance <= 2, distance * 2 < word.count else { continue }
            if distance < best?.distance ?? .max { best = (candidate, distance) }
        }
        return best?.candidate
    }

    /// ` Did you mean 'x'?` for the closest candidate, or the empty string.
    package static func hint(for typed: String, among candidates: [String]) -> String {
        closest(to: typed, among: candidates).map { " Did you mean \(quoted: $0)?" } ?? ""
    }

    /// The hint for an unknown long option `spelled` (`--idz`) of `command`:
    /// its closest own option, or else the closest option of one of its
    /// subcommands, named with it (` Did you mean 'exhaustive --ids'?`).
    package static func optionHint(for spelled: String, in command: Command) -> String {
        let own = command.options.map { "--" + $0.long } + ["--help"]
        if let found = closest(to: spelled, among: own) { return " Did you mean \(quoted: found)?" }
        for subcommand in command.subcommands {
            if let found = closest(to: spelled, among: subcommand.options.map { "--" + $0.long }) {
                return " Did you mean '\(subcommand.name) \(found)'?"
            }
        }
        return ""
    }

    /// The optimal string alignment distance between `a` and `b`.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        // Three rows of the dynamic-programming table: two back, previous, current.
        var twoBack = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, twoBack[j - 2] + 1)
                }
                current[j] = value
            }
            (twoBack, previous, current) = (previous, current, twoBack)
        }
        return previous[b.count]
    }
}
