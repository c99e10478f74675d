import UpdateCheckCPlatform

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Signal handling: what a process (never a library) sets up once in its
/// `main`, the few async-signal-safe calls a handler may make, and writes
/// to a pipe that turn a closed reader into ``Errno/brokenPipe`` without
/// touching the process's signal dispositions.
package enum Signals {
    /// A handler for a signal: called with its number, on any thread, at
    /// any moment; it may only make async-signal-safe calls.
    package typealias Handler = @convention(c) (Int32) -> Void

    /// SIGTERM, the signal that asks a program to end.
    package static var terminate: Int32 { SIGTERM }

    /// The signals that end a process from outside: SIGINT, SIGTERM and SIGHUP.
    package static var terminating: [Int32] { [SIGINT, SIGTERM, SIGHUP] }

    /// The other signals whose default action ends a process and that
    /// something outside it may send: SIGQUIT (Ctrl-\\), SIGUSR1, SIGUSR2,
    /// the timers' SIGALRM, SIGVTALRM and SIGPROF, and SIGXCPU (a CPU-time
    /// limit, `ulimit -t`). SIGKILL and SIGSTOP cannot be handled; SIGPIPE
    /// and SIGXFSZ are ignored instead.
    package static var alsoEnding: [Int32] { [SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU] }

    /// What a process passes on to its started programs when `number` ends
    /// it: the signal itself for one of the ``terminating`` signals, which
    /// programs expect, SIGTERM for any other. Async-signal-safe.
    package static func forwarded(_ number: Int32) -> Int32 {
        number == SIGINT || number == SIGHUP ? number : SIGTERM
    }

    /// Makes a write to a closed pipe or socket fail with EPIPE instead of
    /// ending the process (SIGPIPE ignored). For a process's `main` only.
    package static func ignoreBrokenPipe() { signal(SIGPIPE, SIG_IGN) }

    /// Makes a write past the file-size limit (`ulimit -f`) fail with EFBIG
    /// instead of ending the process (SIGXFSZ ignored). For a process's `main` only.
    package static func ignoreFileSizeLimit() { signal(SIGXFSZ, SIG_IGN) }

    /// Calls `handler` on each of the ``terminating`` and ``alsoEnding``
    /// signals. For a process's `main` only: it replaces the handlers of
    /// those signals.
    package static func handleTermination(with handler: Handler) {
        for number in terminating + alsoEnding {
            var action = sigaction()
            #if canImport(Darwin)
                action.__sigaction_u.__sa_handler = handler
            #elseif canImport(Glibc)
                action.__sigaction_handler.sa_handler = handler
            #else
                action.__sa_handler.sa_handler = handler
            #endif
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(number, &action, nil)
        }
    }

    /// A handler for a fault in a mapped file: called with the file's path
    /// as a C string, on the faulting thread; it may only make
    /// async-signal-safe calls, and must end the process.
    package typealias MappedFileFaultHandler = @convention(c) (UnsafePointer<CChar>?) -> Void

    /// Calls `handler` when a read of a file mapped by
    /// ``Memory/mapReadOnly(_:count:path:)`` faults because another program
    /// shortened the file (SIGBUS on a page past its new end); a bus error
    /// anywhere else goes to the handler SIGBUS had before (the Swift
    /// runtime's backtracer). For a process's `main`
    /// only: it replaces the handler of SIGBUS.
    package static func handleMappedFileFaults(with handler: MappedFileFaultHandler) {
        updatecheck_handle_mapping_faults(handler)
    }

    /// Writes `text` to standard error, without allocating. Async-signal-safe.
    package static func writeToStandardError(_ text: StaticString) {
        writeToStandardError(text.utf8Start, count: text.utf8CodeUnitCount)
    }

    /// Writes the C string `text` to standard error, without allocating.
    /// Async-signal-safe.
    package static func writeToStandardError(_ text: UnsafePointer<CChar>) {
        writeToStandardError(text, count: strlen(text))
    }

    /// Writes `count` bytes to standard error, as many as it takes.
    private static func writeToStandardError(_ bytes: UnsafeRawPointer, count: Int) {
        var written = 0
        while written < count {
            let result = write(2, bytes + written, count - written)
            if result < 0, errno == EINTR { continue }
            guard result > 0 else { return }
            written += result
        }
    }

    /// Ends the process at once with exit status `code`, running no exit
    /// handlers and flushing nothing (`_exit`). Async-signal-safe.
    package static func exitImmediately(_ code: Int32) -> Never { _exit(code) }

    /// Restores signal `number`'s default action and raises it again, so
    /// the process ends the way its parent expects (status 128 + signal in a
    /// shell). Async-signal-safe.
    package static func endWithDefaultAction(_ number: Int32) {
        signal(number, SIG_DFL)
        raise(number)
    }

    /// Removes the file named by the C string `path`. Async-signal-safe.
    package static func removeFile(_ path: UnsafePointer<CChar>) { unlink(path) }

    /// Keeps the write end of a pipe from raising SIGPIPE when its reader
    /// is gone: on Apple's systems the descriptor is marked
    /// (`F_SETNOSIGPIPE`); elsewhere ``writeWithoutSignal(_:_:count:)``
    /// holds the signal back around each write.
    package static func markNoSignalOnBrokenPipe(_ descriptor: Int32) {
        #if canImport(Darwin)
            _ = fcntl(descriptor, F_SETNOSIGPIPE, 1)
        #endif
    }

    /// Writes up to `count` bytes to a pipe: a reader that is gone is
    /// ``Errno/brokenPipe`` and never a SIGPIPE, whatever the process's
    /// disposition of that signal (on Linux the signal is blocked on this
    /// thread for the write, and one the write raised is taken back before
    /// it is unblocked; on Apple's systems the descriptor is marked with
    /// ``markNoSignalOnBrokenPipe(_:)``).
    package static func writeWithoutSignal(_ descriptor: Int32, _ bytes: UnsafeRawPointer, count: Int) throws(Errno)
        -> Int
    {
        #if canImport(Darwin)
            return try System.write(descriptor, bytes, count: count)
        #else
            var pipeSignal = sigset_t()
            sigemptyset(&pipeSignal)
            sigaddset(&pipeSignal, SIGPIPE)
            var previous = sigset_t()
            pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
            defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
            var pending = sigset_t()
            sigpending(&pending)
            let wasPending = sigismember(&pending, SIGPIPE) == 1
            do {
                return try System.write(descriptor, bytes, count: count)
            } catch {
                if error == .brokenPipe, !wasPending {
                    var now = timespec(tv_sec: 0, tv_nsec: 0)
                    while sigtimedwait(&pipeSignal, nil, &now) < 0, errno == EINTR {}
                }
                throw error
            }
        #endif
    }
}
