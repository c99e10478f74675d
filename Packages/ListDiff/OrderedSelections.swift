/// Every ordered selection without repetition of `ids`: the empty snapshot,
/// every single ID, every ordered pair, and so on up to every permutation.
///
/// The order is depth-first, each prefix before its extensions, and the
/// remaining IDs taken in their given order:
/// `[]`, `[a]`, `[a, b]`, `[a, b, c]`, … — 65 snapshots for four IDs,
/// 326 for five, 1,957 for six.
/// - Complexity: O(*s* · *k*) for *s* selections of up to *k* IDs.
public func orderedSelections<T>(of ids: [T]) -> [[T]] {
    var result: [[T]] = []
    var prefix: [T] = []
    prefix.reserveCapacity(ids.count)
    func extend(_ remaining: [T]) {
        result.append(prefix)
        for index in remaining.indices {
            var rest = remaining
            prefix.append(rest.remove(at: index))
            extend(rest)
            prefix.removeLast()
        }
    }
    extend(ids)
    return result
}
