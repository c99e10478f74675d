#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// How ``System/open(_:_:permissions:)`` opens a file: `open(2)`'s flags.
package struct OpenFlags: OptionSet, Sendable {
    /// The flags as `open(2)` takes them.
    package let rawValue: Int32

    /// Flags from their `open(2)` value.
    package init(rawValue: Int32) { self.rawValue = rawValue }

    /// Open for reading only (the value 0: no other flag means it).
    package static var readOnly: OpenFlags { OpenFlags(rawValue: O_RDONLY) }
    /// Open for writing only.
    package static var writeOnly: OpenFlags { OpenFlags(rawValue: O_WRONLY) }
    /// Open for reading and writing.
    package static var readWrite: OpenFlags { OpenFlags(rawValue: O_RDWR) }
    /// Create the file when it does not exist.
    package static var create: OpenFlags { OpenFlags(rawValue: O_CREAT) }
    /// With ``create``: fail with ``Errno/exists`` when the file exists.
    package static var exclusive: OpenFlags { OpenFlags(rawValue: O_EXCL) }
    /// Do not wait (a FIFO without a reader fails with ``Errno/noReader``).
    package static var nonBlocking: OpenFlags { OpenFlags(rawValue: O_NONBLOCK) }
    /// A terminal opened never becomes the process's controlling terminal.
    package static var noControllingTerminal: OpenFlags { OpenFlags(rawValue: O_NOCTTY) }
    /// The descriptor is closed in programs the process starts (always set).
    package static var closeOnExec: OpenFlags { OpenFlags(rawValue: O_CLOEXEC) }
}

/// The few system calls UpdateCheck makes, each retried while a signal
/// interrupts it (`EINTR`), failing with a typed ``Errno``: the one place
/// that talks to the C library, so that every other module builds the same
/// on Linux (Glibc or Musl) and on Apple's systems.
@usableFromInline
package enum System {
    /// The descriptor of standard input.
    package static var standardInput: Int32 { STDIN_FILENO }
    /// The descriptor of standard output.
    package static var standardOutput: Int32 { STDOUT_FILENO }
    /// The descriptor of standard error.
    package static var standardError: Int32 { STDERR_FILENO }

    /// The longest file name, in bytes (`NAME_MAX`: 255 on Linux and Apple's systems).
    package static var maximumNameBytes: Int { Int(NAME_MAX) }
    /// The size of the longest path with its NUL, in bytes (`PATH_MAX`:
    /// 4096 on Linux, 1024 on Apple's systems).
    package static var maximumPathBytes: Int { Int(PATH_MAX) }

    /// Calls `body` again while it fails with `EINTR`.
    @inline(__always)
    private static func retrying<Result: BinaryInteger>(_ body: () -> Result) throws(Errno) -> Result {
        while true {
            let result = body()
            if result >= 0 { return result }
            let code = errno
            if code != EINTR { throw Errno(code) }
        }
    }

    // MARK: Files

    /// Opens `path` (`open(2)`), always with close-on-exec.
    package static func open(_ path: String, _ flags: OpenFlags, permissions: UInt32 = 0) throws(Errno) -> Int32 {
        let all = flags.union(.closeOnExec).rawValue
        return try retrying { cOpen(path, all, mode_t(permissions)) }
    }

    /// Closes `descriptor`. An interrupted close has closed it all the same
    /// (on Linux and Apple's systems), so `EINTR` is not an error here.
    package static func close(_ descriptor: Int32) throws(Errno) {
        if cClose(descriptor) != 0, errno != EINTR { throw Errno.current }
    }

    /// Closes `descriptor`, ignoring what the system says.
    package static func closeQuietly(_ descriptor: Int32) { _ = cClose(descriptor) }

    /// Reads up to `count` bytes into `buffer`; 0 at the end of the file.
    package static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawPointer, count: Int) throws(Errno)
        -> Int
    {
        try retrying { cRead(descriptor, buffer, count) }
    }

    /// Reads up to `count` bytes at `offset` without moving the position.
    package static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawPointer, count: Int, at offset: Int64)
        throws(Errno) -> Int
    {
        try retrying { pread(descriptor, buffer, count, off_t(offset)) }
    }

    /// Writes up to `count` bytes; returns how many were written.
    package static func write(_ descriptor: Int32, _ bytes: UnsafeRawPointer, count: Int) throws(Errno) -> Int {
        try retrying { cWrite(descriptor, bytes, count) }
    }

    /// Writes all `count` bytes, continuing after short writes; a write
    /// of no bytes fails with ``Errno/ioError``.
    package static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawPointer, count: Int) throws(Errno) {
        var done = 0
        while done < count {
            let written = try write(descriptor, bytes + done, count: count - done)
            guard written > 0 else { throw .ioError }
            done += written
        }
    }

    /// Moves the position of `descriptor` to `offset` from the start.
    package static func seek(_ descriptor: Int32, to offset: Int64) throws(Errno) {
        _ = try retrying { lseek(descriptor, off_t(offset), SEEK_SET) }
    }

    /// Copies up to `count` bytes from `source` at `offset` to `target` in
    /// the kernel (`sendfile` on Linux); `nil` where the system cannot
    /// (other systems, or files it does not support), for the caller to
    /// copy through memory.
    package static func copyInKernel(to target: Int32, from source: Int32, at offset: Int64, count: Int) -> Int? {
        #if os(Linux)
            var position = off_t(offset)
            while true {
                let sent = sendfile(target, source, &position, count)
                if sent < 0, errno == EINTR { continue }
                return sent > 0 ? sent : nil
            }
        #else
            return nil
        #endif
    }

    /// Flushes `descriptor`'s data to the disk itself: `fsync` on Linux;
    /// on Apple's systems `F_FULLFSYNC`, since there `fsync` stops at the
    /// drive's cache (falling back on `fsync` where the file system does
    /// not support it).
    package static func syncToDisk(_ descriptor: Int32) throws(Errno) {
        #if canImport(Darwin)
            if fcntl(descriptor, F_FULLFSYNC) == 0 { return }
        #endif
        _ = try retrying { fsync(descriptor) }
    }

    /// The status of the file `path` names, its links followed (`stat(2)`).
    package static func status(_ path: String) throws(Errno) -> FileStatus {
        var info = stat()
        _ = try retrying { stat(path, &info) }
        return FileStatus(info)
    }

    /// The status of `path` itself, a symbolic link not followed (`lstat(2)`).
    package static func linkStatus(_ path: String) throws(Errno) -> FileStatus {
        var info = stat()
        _ = try retrying { lstat(path, &info) }
        return FileStatus(info)
    }

    /// The status of the open `descriptor` (`fstat(2)`).
    package static func status(of descriptor: Int32) throws(Errno) -> FileStatus {
        var info = stat()
        _ = try retrying { fstat(descriptor, &info) }
        return FileStatus(info)
    }

    /// The target of the symbolic link `path`, as stored.
    package static func linkTarget(_ path: String) throws(Errno) -> String {
        var buffer = [CChar](repeating: 0, count: maximumPathBytes + 1)
        let length = try retrying { readlink(path, &buffer, buffer.count - 1) }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `path` as one absolute name, every symbolic link, `.` and `..` in it
    /// resolved (`realpath(3)`); the path must exist.
    package static func realPath(_ path: String) throws(Errno) -> String {
        guard let resolved = realpath(path, nil) else { throw .current }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// What ``isAccessible(_:for:)`` asks.
    package struct Access: OptionSet, Sendable {
        /// The `access(2)` mode bits.
        package let rawValue: Int32
        /// Access from its `access(2)` mode bits.
        package init(rawValue: Int32) { self.rawValue = rawValue }
        /// May be read.
        package static var read: Access { Access(rawValue: R_OK) }
        /// May be written.
        package static var write: Access { Access(rawValue: W_OK) }
        /// May be entered (a folder) or run.
        package static var enter: Access { Access(rawValue: X_OK) }
    }

    /// Whether this process may use `path` as `access` says (`access(2)`).
    package static func isAccessible(_ path: String, for access: Access) throws(Errno) {
        _ = try retrying { cAccess(path, access.rawValue) }
    }

    /// Renames `source` over `target` in one step (`rename(2)`).
    package static func rename(_ source: String, to target: String) throws(Errno) {
        _ = try retrying { cRename(source, target) }
    }

    /// Removes the file `path` (`unlink(2)`).
    package static func remove(_ path: String) throws(Errno) {
        _ = try retrying { unlink(path) }
    }

    /// Creates the folder `path` with `permissions` less the umask.
    package static func makeFolder(_ path: String, permissions: UInt32 = 0o777) throws(Errno) {
        _ = try retrying { mkdir(path, mode_t(permissions)) }
    }

    /// Removes the empty folder `path`.
    package static func removeFolder(_ path: String) throws(Errno) {
        _ = try retrying { rmdir(path) }
    }

    /// Sets the permission bits of the open file.
    package static func setPermissions(_ descriptor: Int32, _ permissions: UInt32) throws(Errno) {
        _ = try retrying { fchmod(descriptor, mode_t(permissions)) }
    }

    /// Sets the owner and group of the open file (allowed to root only).
    package static func setOwner(_ descriptor: Int32, owner: UInt32, group: UInt32) throws(Errno) {
        _ = try retrying { fchown(descriptor, uid_t(owner), gid_t(group)) }
    }

    /// The effective user and group IDs of this process.
    package static var effectiveOwner: (owner: UInt32, group: UInt32) {
        (UInt32(geteuid()), UInt32(getegid()))
    }

    // MARK: Descriptors

    /// Whether `descriptor` is open in this process.
    package static func isOpen(_ descriptor: Int32) -> Bool { fcntl(descriptor, F_GETFD) >= 0 }

    /// Whether the open `descriptor` may be written (it was not opened for reading only).
    package static func isWritable(_ descriptor: Int32) -> Bool {
        let flags = fcntl(descriptor, F_GETFL)
        return flags >= 0 && flags & O_ACCMODE != O_RDONLY
    }

    /// Makes reads and writes on `descriptor` wait (`false`) or fail with
    /// ``Errno/wouldBlock`` (`true`) when they cannot go on at once.
    package static func setNonBlocking(_ descriptor: Int32, _ nonBlocking: Bool) throws(Errno) {
        let flags = try retrying { fcntl(descriptor, F_GETFL) }
        _ = try retrying { fcntl(descriptor, F_SETFL, nonBlocking ? flags | O_NONBLOCK : flags & ~O_NONBLOCK) }
    }

    /// Closes `descriptor` in programs this process starts.
    package static func setCloseOnExec(_ descriptor: Int32) throws(Errno) {
        _ = try retrying { fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
    }

    /// A new descriptor numbered 3 or more for what `descriptor` refers
    /// to, closed in started programs.
    package static func duplicate(_ descriptor: Int32) throws(Errno) -> Int32 {
        try retrying { fcntl(descriptor, F_DUPFD_CLOEXEC, 3) }
    }

    /// Makes `target` refer to what `descriptor` refers to (`dup2(2)`).
    package static func duplicate(_ descriptor: Int32, onto target: Int32) throws(Errno) {
        _ = try retrying { dup2(descriptor, target) }
    }

    /// Whether `descriptor` is a terminal.
    package static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

    // MARK: Process

    /// The value of the environment variable `name`, or `nil` when unset.
    package static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// This process's ID.
    package static var processID: Int32 { Int32(getpid()) }

    /// The folder for temporary files: `$TMPDIR` when set and not empty, else `/tmp`.
    package static var temporaryFolder: String {
        if let folder = environment("TMPDIR"), !folder.isEmpty { return folder }
        return "/tmp"
    }

    /// The folders whose entries name this process's open descriptors by
    /// number: `/dev/fd/` everywhere, and on Linux also `/proc/self/fd/`,
    /// `/proc/thread-self/fd/` and `/proc/<this process>/fd/` (Apple's
    /// systems have no `/proc`).
    package static var descriptorFolders: [String] {
        #if os(Linux)
            ["/dev/fd/", "/proc/self/fd/", "/proc/thread-self/fd/", "/proc/\(processID)/fd/"]
        #else
            ["/dev/fd/"]
        #endif
    }

    /// The number of processors online (at least 1).
    package static var processorCount: Int {
        #if canImport(Glibc)
            Swift.max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        #else
            Swift.max(1, sysconf(_SC_NPROCESSORS_ONLN))
        #endif
    }

    /// Suspends the calling thread for `microseconds`.
    @usableFromInline
    package static func sleep(microseconds: UInt32) { _ = usleep(microseconds) }

    /// Ends the process with `code`, flushing the C library's streams.
    package static func exit(_ code: Int32) -> Never { cExit(code) }

    /// The bytes of the process's arguments as the system passed them
    /// (without the program's name): they may not be valid UTF-8.
    package static var argumentBytes: [[UInt8]] {
        (1..<Int(CommandLine.argc)).map { position in
            CommandLine.unsafeArgv[position].map { Array(UnsafeRawBufferPointer(start: $0, count: strlen($0))) } ?? []
        }
    }
}

// The C library's functions under names that System's own do not hide.
@inline(__always) private func cOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
    open(path, flags, mode)
}
@inline(__always) private func cClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
@inline(__always) private func cRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
@inline(__always) private func cWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
@inline(__always) private func cAccess(_ path: String, _ mode: Int32) -> Int32 { access(path, mode) }
@inline(__always) private func cRename(_ source: String, _ target: String) -> Int32 { rename(source, target) }
@inline(__always) private func cExit(_ code: Int32) -> Never { exit(code) }
