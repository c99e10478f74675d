/// An unsafe pointer handed to the workers of ``ParallelRanges``.
///
/// Sound only as used there: the memory outlives the parallel call, every
/// worker reads shared input and writes only the elements of its own chunk.
@usableFromInline
struct SharedPointer<Pointer>: @unchecked Sendable {
    /// The pointer.
    @usableFromInline let pointer: Pointer

    /// Wraps `pointer`.
    @inlinable
    init(_ pointer: Pointer) { self.pointer = pointer }
}
