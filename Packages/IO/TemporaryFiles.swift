import Synchronization
import UpdateCheckPlatform

/// The temporary files of unfinished outputs, removed when the process is
/// ended by SIGINT, SIGTERM, SIGHUP or another signal that ends it
/// (``Signals/alsoEnding``), or by a mapped input that another program
/// shortened while it was read (SIGBUS).
///
/// A signal handler may only call async-signal-safe functions and may run
/// on any thread at any moment, so the paths live in a fixed block of
/// memory that is never freed, one C string per slot, and a single atomic
/// bit mask says which slots hold a live path: the handler loads the mask
/// and unlinks those paths without locking or allocating, restores the
/// signal's default action and raises it again, so the process still ends
/// the way its parent expects (status 128 + signal in a shell).
///
/// A path is registered before its file is created and unregistered after
/// it is renamed or removed, so no moment exists when the file exists but
/// the handler would not remove it.
package enum TemporaryFiles {
    /// How many outputs may be unfinished at once; further ones are still
    /// written safely, only not removed on a signal.
    package static let capacity = 64
    /// The bytes of one slot: a path of up to `PATH_MAX` bytes and its NUL.
    package static let slotBytes = System.maximumPathBytes + 1

    /// The slots' C strings, `slotBytes` apart (allocated once, never freed).
    nonisolated(unsafe) package static let storage: UnsafeMutablePointer<CChar> = {
        let storage = UnsafeMutablePointer<CChar>.allocate(capacity: capacity * slotBytes)
        storage.initialize(repeating: 0, count: capacity * slotBytes)
        return storage
    }()

    /// Bit `i` is set while slot `i` holds the path of a live temporary file.
    package static let live = Atomic<UInt64>(0)

    /// Serialises registration (the handler does not take it) and holds the
    /// slot to try first, so that a slot just freed is the last one reused.
    package static let lock = Lock(0)

    /// Adds `path` to the table.
    package static func register(_ path: String) {
        lock.withLock { next in
            let used = live.load(ordering: .acquiring)
            for step in 0..<capacity {
                let slot = (next + step) % capacity
                guard used & (1 << UInt64(slot)) == 0 else { continue }
                let copied = path.utf8CString
                guard copied.count <= slotBytes else { return }
                copied.withUnsafeBufferPointer { bytes in
                    (storage + slot * slotBytes).update(from: bytes.baseAddress!, count: bytes.count)
                }
                live.bitwiseOr(1 << UInt64(slot), ordering: .releasing)
                next = slot + 1
                return
            }
        }
    }

    /// Removes `path` from the table.
    package static func unregister(_ path: String) {
        lock.withLock { _ in
            let used = live.load(ordering: .acquiring)
            for slot in 0..<capacity where used & (1 << UInt64(slot)) != 0 {
                guard String(cString: storage + slot * slotBytes) == path else { continue }
                live.bitwiseAnd(~(1 << UInt64(slot)), ordering: .releasing)
                return
            }
        }
    }

    /// The paths registered now, in slot order (for diagnostics and tests).
    package static var paths: [String] {
        lock.withLock { _ in
            let used = live.load(ordering: .acquiring)
            return (0..<capacity).filter { used & (1 << UInt64($0)) != 0 }.map {
                String(cString: storage + $0 * slotBytes)
            }
        }
    }

    /// Installs the handler for SIGINT, SIGTERM, SIGHUP and the other
    /// signals that end a process, and for faults in mapped inputs, and
    /// ignores SIGXFSZ (see ``AtomicFile/installSignalHandling()``).
    package static func installHandlers() {
        // Both are created here, never first inside the handler.
        _ = storage
        _ = live.load(ordering: .relaxed)
        Signals.handleTermination(with: removeAndReraise)
        Signals.handleMappedFileFaults(with: reportShortenedInput)
        Signals.ignoreFileSizeLimit()
    }

    /// Unlinks every registered temporary file. Async-signal-safe.
    fileprivate static func removeAll() {
        let used = live.load(ordering: .acquiring)
        for slot in 0..<capacity where used & (1 << UInt64(slot)) != 0 {
            Signals.removeFile(storage + slot * slotBytes)
        }
    }
}

/// The signal handler: passes the signal to every started program's process
/// group and kills the groups that did not end in time (about a second), unlinks
/// every registered temporary file, then ends the process with the signal's
/// default action.
private func removeAndReraise(_ number: Int32) {
    Processes.endEveryGroup(forwarding: Signals.forwarded(number))
    TemporaryFiles.removeAll()
    Signals.endWithDefaultAction(number)
}

/// The handler of a fault in a mapped input (SIGBUS: another program
/// shortened the file while it was read): ends every started program's
/// process group as SIGTERM would, unlinks every registered temporary file,
/// names the input on standard error like any input that cannot be read,
/// and exits with 66 (`EX_NOINPUT`).
private func reportShortenedInput(_ path: UnsafePointer<CChar>?) {
    Processes.endEveryGroup(forwarding: Signals.terminate)
    TemporaryFiles.removeAll()
    Signals.writeToStandardError("Error: ")
    if let path { Signals.writeToStandardError(path) }
    Signals.writeToStandardError(": cannot be read (another program shortened it while it was read).\n")
    Signals.exitImmediately(66)
}
