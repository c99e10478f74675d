import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The temporary files of unfinished outputs, removed when the process is
/// ended by SIGINT, SIGTERM or SIGHUP.
///
/// A signal handler may only call async-signal-safe functions, so the paths
/// live as C strings in a fixed table of slots that the handler reads
/// without locking: it unlinks every path present, restores the signal's
/// default action and raises the signal again, so the process still ends
/// the way its parent expects (status 128 + signal in a shell).
enum TemporaryFiles {
    /// How many outputs may be unfinished at once; further ones are still
    /// written safely, only not removed on a signal.
    static let capacity = 64

    /// The slots: a C string owned by the table, or nil.
    nonisolated(unsafe) static let slots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let slots = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
        slots.initialize(repeating: nil, count: capacity)
        return slots
    }()

    /// Serialises registration (the handler does not take it).
    static let lock = Mutex(())

    /// Adds `path` to the table.
    static func register(_ path: String) {
        lock.withLock { _ in
            for slot in 0..<capacity where slots[slot] == nil {
                slots[slot] = strdup(path)
                return
            }
        }
    }

    /// Removes `path` from the table.
    static func unregister(_ path: String) {
        lock.withLock { _ in
            for slot in 0..<capacity {
                guard let stored = slots[slot], strcmp(stored, path) == 0 else { continue }
                slots[slot] = nil
                free(stored)
                return
            }
        }
    }

    /// Installs the handler for SIGINT, SIGTERM and SIGHUP.
    static func installHandlers() {
        _ = slots
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            var action = sigaction()
            #if canImport(Darwin)
                action.__sigaction_u.__sa_handler = removeAndReraise
            #else
                action.__sigaction_handler.sa_handler = removeAndReraise
            #endif
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(signal, &action, nil)
        }
    }
}

/// The signal handler: unlinks every registered temporary file, then ends
/// the process with the signal's default action.
private func removeAndReraise(_ number: Int32) {
    for slot in 0..<TemporaryFiles.capacity {
        if let path = TemporaryFiles.slots[slot] { unlink(path) }
    }
    signal(number, SIG_DFL)
    raise(number)
}
