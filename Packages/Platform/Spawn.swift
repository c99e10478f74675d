#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Started programs: pipes, `posix_spawn`, waiting on descriptors, ending
/// and reaping a child. `posix_spawn` does not exist on tvOS and watchOS,
/// so there ``spawn(_:arguments:input:output:error:closing:)`` fails with
/// `ENOSYS`.
package enum Processes {
    /// How a child ended.
    package enum Ending: Sendable, Equatable {
        /// It exited with this status.
        case exited(Int32)
        /// A signal with this number ended it.
        case killed(Int32)
    }

    /// A new pipe, both ends closed in started programs.
    package static func makePipe() throws(Errno) -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw Errno.current }
        for end in ends { try? System.setCloseOnExec(end) }
        return (ends[0], ends[1])
    }

    /// Starts the program at `path` with `arguments` (the first is its
    /// name) and this process's environment, its standard input, output
    /// and error on the given descriptors, and the descriptors of
    /// `closing` closed in it.
    ///
    /// The file actions are a `posix_spawn_file_actions_t` value on Glibc
    /// and Musl and an opaque pointer on Apple's systems; both are built here.
    ///
    /// - Returns: the child's process ID.
    package static func spawn(
        _ path: String, arguments: [String], input: Int32, output: Int32, error: Int32, closing: [Int32]
    ) throws(Errno) -> Int32 {
        #if os(tvOS) || os(watchOS)
            throw Errno(ENOSYS)
        #else
            #if canImport(Darwin)
                var actions: posix_spawn_file_actions_t? = nil
            #else
                var actions = posix_spawn_file_actions_t()
            #endif
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_adddup2(&actions, input, 0)
            posix_spawn_file_actions_adddup2(&actions, output, 1)
            posix_spawn_file_actions_adddup2(&actions, error, 2)
            for descriptor in closing { posix_spawn_file_actions_addclose(&actions, descriptor) }
            var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
            defer { for pointer in argv { free(pointer) } }
            #if canImport(Darwin)
                let environment = _NSGetEnviron().pointee
            #else
                let environment = environ
            #endif
            var child: pid_t = 0
            let status = posix_spawn(&child, path, &actions, nil, &argv, environment)
            guard status == 0 else { throw Errno(status) }
            return Int32(child)
        #endif
    }

    /// What ``poll(_:timeoutMilliseconds:)`` waits for on one descriptor,
    /// and what it found.
    package struct Wait: Sendable {
        /// The descriptor.
        package var descriptor: Int32
        /// Wait until it can be read (else: written).
        package var forReading: Bool
        /// After the poll: whether it is ready (or closed, or in error).
        package var isReady = false

        /// A wait on `descriptor` for reading or writing.
        package init(_ descriptor: Int32, forReading: Bool) {
            self.descriptor = descriptor
            self.forReading = forReading
        }
    }

    /// Waits until one of `waits` is ready or `timeoutMilliseconds` pass
    /// (`poll(2)`); an interrupted wait returns 0 (nothing ready).
    ///
    /// - Returns: the number of ready descriptors.
    package static func poll(_ waits: inout [Wait], timeoutMilliseconds: Int32) throws(Errno) -> Int {
        var entries = waits.map {
            pollfd(fd: $0.descriptor, events: Int16($0.forReading ? POLLIN : POLLOUT), revents: 0)
        }
        let ready = cPoll(&entries, nfds_t(entries.count), timeoutMilliseconds)
        if ready < 0 {
            if errno == EINTR { return 0 }
            throw Errno.current
        }
        for index in waits.indices { waits[index].isReady = entries[index].revents != 0 }
        return Int(ready)
    }

    /// How the child `pid` ended, without waiting (`nil`: it still runs);
    /// or waiting for it when `waiting`.
    package static func ending(of pid: Int32, waiting: Bool) throws(Errno) -> Ending? {
        var status: Int32 = 0
        while true {
            let result = waitpid(pid_t(pid), &status, waiting ? 0 : WNOHANG)
            if result == 0 { return nil }
            if result < 0 {
                if errno == EINTR { continue }
                throw Errno.current
            }
            let signal = status & 0x7F
            return signal == 0 ? .exited((status >> 8) & 0xFF) : .killed(signal)
        }
    }

    /// Ends the child `pid` at once (SIGKILL).
    package static func kill(_ pid: Int32) { _ = cKill(pid_t(pid), SIGKILL) }
}

@inline(__always) private func cPoll(_ entries: UnsafeMutablePointer<pollfd>, _ count: nfds_t, _ timeout: Int32)
    -> Int32
{
    poll(entries, count, timeout)
}
@inline(__always) private func cKill(_ pid: pid_t, _ signal: Int32) -> Int32 { kill(pid, signal) }
