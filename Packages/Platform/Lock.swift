#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value that one thread at a time may read or change, guarded by a
/// `pthread_mutex_t`.
///
/// UpdateCheck guards every value shared between threads with this lock
/// rather than the standard library's `Synchronization.Mutex`. Both give
/// the same mutual exclusion; the difference is what the sanitizers see. On
/// Linux `Mutex` waits through raw `futex` calls, which ThreadSanitizer does
/// not follow, so every value a `Mutex` guards is reported as raced and a
/// real race is lost among those reports. ThreadSanitizer intercepts the
/// pthread calls, so with this lock its reports are only real ones.
///
/// ```swift
/// let seen = Lock<[String]>([])
/// seen.withLock { $0.append("a") }
/// ```
///
/// The mutex is a plain (not recursive) one: calling ``withLock(_:)`` again
/// from inside its closure on the same lock deadlocks.
@usableFromInline
package final class Lock<Value>: @unchecked Sendable {
    /// The mutex, at an address that never moves (a `pthread_mutex_t` must
    /// not be copied once in use).
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// The guarded value: read and written only between ``lock()`` and ``unlock()``.
    @usableFromInline var value: Value

    /// A lock guarding `value`.
    package init(_ value: Value) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        // Fails only for attributes, which are the defaults here.
        pthread_mutex_init(mutex, nil)
        self.value = value
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Takes the mutex, waiting while another thread holds it.
    @usableFromInline
    package func lock() {
        // Fails only for a mutex not initialised or already held by this
        // thread with error checking on, neither of which can happen here.
        pthread_mutex_lock(mutex)
    }

    /// Gives the mutex back.
    @usableFromInline
    package func unlock() {
        pthread_mutex_unlock(mutex)
    }

    /// Runs `body` on the value while holding the mutex, and gives its result.
    ///
    /// - Complexity: the body's, plus two uncontended pthread calls, or the
    ///   wait for the thread that holds the mutex.
    @inlinable
    package func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        lock()
        defer { unlock() }
        return try body(&value)
    }
}
