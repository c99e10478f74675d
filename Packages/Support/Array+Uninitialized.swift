extension Array {
    /// An array of `count` elements, each initialized by `body` through a
    /// buffer of exactly that many uninitialized elements.
    ///
    /// `body` must initialize every element of the buffer it is given; it may
    /// hand the buffer to several threads, each writing its own slice.
    ///
    /// Unlike the standard library's `init(unsafeUninitializedCapacity:)`,
    /// an empty array is made without touching memory shared by the whole
    /// process: for capacity 0 the standard library stores the count into
    /// the one empty-array object every empty array points at, a write that
    /// races with any other thread reading an empty array's count (and that
    /// ThreadSanitizer reports). Here `body` runs on an empty buffer and the
    /// result is the empty literal.
    ///
    /// - Complexity: O(1) besides `body`.
    @inlinable
    package init(uninitializedCount count: Int, initializingWith body: (UnsafeMutableBufferPointer<Element>) -> Void) {
        guard count > 0 else {
            body(UnsafeMutableBufferPointer(start: nil, count: 0))
            self = []
            return
        }
        self.init(unsafeUninitializedCapacity: count) { buffer, initialized in
            body(buffer)
            initialized = count
        }
    }
}
