extension Array where Element == Int {
    /// The values as an index set would hold them: ascending, each once
    /// (the array itself, without copying, when it already is).
    @inlinable
    package var indexSetOrder: [Int] {
        var ascending = true
        for index in indices.dropFirst() where self[index - 1] >= self[index] {
            ascending = false
            break
        }
        return ascending ? self : Set(self).sorted()
    }
}
