import UpdateCheckCPlatform

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
    /// `closing` closed in it, in a process group of its own, so that
    /// ``endGroup(_:settleMilliseconds:)`` ends whatever it started too.
    ///
    /// On Linux the child is a supervisor (see `CPlatform.h`) that runs the
    /// program in a group the program leads and ends that group when it is
    /// sent SIGINT, SIGTERM or SIGHUP, when the program ends, and when this
    /// process is gone, however it died (even by SIGKILL): the supervisor
    /// holds the read end of a pipe whose only write end is this process's,
    /// and the kernel closes it. (`PR_SET_PDEATHSIG` on the supervisor would
    /// fire when the *thread* that started it ends, and programs are started
    /// on worker threads; the program itself gets it, for the supervisor.)
    /// Elsewhere the program is started with `posix_spawn` in a new group
    /// (`POSIX_SPAWN_SETPGROUP`) with default signal actions; if this
    /// process is killed by SIGKILL there, the programs only see the end of
    /// their standard input.
    ///
    /// The child is added to the table that ``endEveryGroup(forwarding:)``
    /// ends, and leaves it when it is reaped; once that has begun, nothing
    /// starts (`ECANCELED`).
    ///
    /// - Returns: the child's process ID (also its process group's).
    package static func spawn(
        _ path: String, arguments: [String], input: Int32, output: Int32, error: Int32, closing: [Int32]
    ) throws(Errno) -> Int32 {
        #if os(tvOS) || os(watchOS)
            throw Errno(ENOSYS)
        #else
            // This process is ending on a signal: nothing new starts.
            guard updatecheck_ending() == 0 else { throw Errno(ECANCELED) }
            var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
            defer { for pointer in argv { free(pointer) } }
            #if canImport(Darwin)
                let environment = _NSGetEnviron().pointee
            #else
                let environment = environ
            #endif
            #if os(Linux)
                guard let lifeline else { throw Errno(EMFILE) }
                var child: Int32 = 0
                let status = updatecheck_spawn_supervised(
                    path, &argv, environment, input, output, error, lifeline.read, Int32(supervisorGrace), &child)
                guard status == 0 else { throw Errno(status) }
            #else
                #if canImport(Darwin)
                    var actions: posix_spawn_file_actions_t? = nil
                    var attributes: posix_spawnattr_t? = nil
                #else
                    var actions = posix_spawn_file_actions_t()
                    var attributes = posix_spawnattr_t()
                #endif
                posix_spawn_file_actions_init(&actions)
                defer { posix_spawn_file_actions_destroy(&actions) }
                posix_spawn_file_actions_adddup2(&actions, input, 0)
                posix_spawn_file_actions_adddup2(&actions, output, 1)
                posix_spawn_file_actions_adddup2(&actions, error, 2)
                for descriptor in closing { posix_spawn_file_actions_addclose(&actions, descriptor) }
                posix_spawnattr_init(&attributes)
                defer { posix_spawnattr_destroy(&attributes) }
                var defaults = sigset_t()
                sigemptyset(&defaults)
                for number in [SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGCHLD, SIGXFSZ] { sigaddset(&defaults, number) }
                var mask = sigset_t()
                sigemptyset(&mask)
                posix_spawnattr_setsigdefault(&attributes, &defaults)
                posix_spawnattr_setsigmask(&attributes, &mask)
                posix_spawnattr_setpgroup(&attributes, 0)
                posix_spawnattr_setflags(
                    &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
                var spawned: pid_t = 0
                let status = posix_spawn(&spawned, path, &actions, &attributes, &argv, environment)
                guard status == 0 else { throw Errno(status) }
                let child = Int32(spawned)
            #endif
            updatecheck_add_child(child)
            return child
        #endif
    }

    /// The pipe whose read end every supervisor holds and whose write end
    /// only this process holds (both close-on-exec): its end of file tells
    /// a supervisor that this process is gone.
    private static let lifeline = try? makePipe()

    /// How long a supervisor waits for its program after passing it a
    /// signal before it kills the program's group, in milliseconds.
    static let supervisorGrace = 300

    /// How long this process waits for a child it sent SIGTERM before it
    /// kills the child's group, in milliseconds.
    ///
    /// On Linux the child is a supervisor, which always ends a little after
    /// its grace, once it has killed the program's group: killing the
    /// supervisor sooner would leave what the program started running (the
    /// program itself dies with its supervisor, but not its own children),
    /// so the wait is ten graces, reached only when the machine starves the
    /// supervisor of time. Elsewhere the child is the program, which may
    /// ignore SIGTERM: three graces.
    static var terminationWait: Int {
        #if os(Linux)
            supervisorGrace * 10
        #else
            supervisorGrace * 3
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
        /// After the poll: whether its other end is closed or it is in
        /// error (`POLLHUP`, `POLLERR`): a pipe written to that no one
        /// reads any longer.
        package var isClosed = false

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
        for index in waits.indices {
            waits[index].isReady = entries[index].revents != 0
            waits[index].isClosed = entries[index].revents & Int16(POLLERR | POLLHUP) != 0
        }
        return Int(ready)
    }

    /// How the child `pid` ended, without waiting (`nil`: it still runs);
    /// or waiting for it when `waiting`. A reaped child leaves the table of
    /// live children.
    package static func ending(of pid: Int32, waiting: Bool) throws(Errno) -> Ending? {
        var status: Int32 = 0
        while true {
            let result = waitpid(pid_t(pid), &status, waiting ? 0 : WNOHANG)
            if result == 0 { return nil }
            if result < 0 {
                if errno == EINTR { continue }
                throw Errno.current
            }
            updatecheck_remove_child(pid)
            let signal = status & 0x7F
            return signal == 0 ? .exited((status >> 8) & 0xFF) : .killed(signal)
        }
    }

    /// Whether the child `pid` has ended, waiting for it up to
    /// `milliseconds`, without reaping it: its process group can still be
    /// sent a signal.
    package static func hasEnded(_ pid: Int32, withinMilliseconds milliseconds: Int) -> Bool {
        let deadline = MonotonicClock.nanoseconds() + UInt64(max(0, milliseconds)) * 1_000_000
        while updatecheck_child_ended(pid) == 0 {
            guard MonotonicClock.nanoseconds() < deadline else { return false }
            System.sleep(microseconds: 2000)
        }
        return true
    }

    /// Ends the child `pid` and its process group, and reaps it: waits
    /// `settleMilliseconds` for it to end by itself (its standard input
    /// closed, say), then sends the group SIGTERM and waits for it (up to
    /// ``terminationWait``), then sends the group SIGKILL (which, where the
    /// child is the program, also ends what the program left running; on
    /// Linux its supervisor has done that) and reaps the child.
    ///
    /// - Returns: how the child ended, or `nil` if it was already reaped.
    @discardableResult
    package static func endGroup(_ pid: Int32, settleMilliseconds: Int) -> Ending? {
        if !hasEnded(pid, withinMilliseconds: settleMilliseconds) {
            signalGroup(pid, SIGTERM)
            _ = hasEnded(pid, withinMilliseconds: terminationWait)
        }
        signalGroup(pid, SIGKILL)
        return try? ending(of: pid, waiting: true)
    }

    /// Sends `number` to the process group the child `pid` leads.
    package static func signalGroup(_ pid: Int32, _ number: Int32) { _ = cKill(-pid_t(pid), number) }

    /// For a signal handler of SIGINT, SIGTERM or SIGHUP: passes signal
    /// `number` to the process group of every live child, waits up to
    /// ``terminationWait`` for them to end (on Linux a little over a
    /// supervisor's grace of 0.3 s, unless the machine starves them), then
    /// kills those groups. Async-signal-safe.
    package static func endEveryGroup(forwarding number: Int32) {
        updatecheck_end_children(number, Int32(terminationWait))
    }
}

@inline(__always) private func cPoll(_ entries: UnsafeMutablePointer<pollfd>, _ count: nfds_t, _ timeout: Int32)
    -> Int32
{
    poll(entries, count, timeout)
}
@inline(__always) private func cKill(_ pid: pid_t, _ signal: Int32) -> Int32 { kill(pid, signal) }
