#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A system call's error number (`errno`) as a typed error, with the
/// system's text for it: the one error type of UpdateCheckPlatform.
///
/// The named constants are the numbers the project tests for; any other
/// number is kept and described by the system all the same.
package struct Errno: Error, Hashable, Sendable, CustomStringConvertible {
    /// The number, as the system defines it (it differs between systems).
    package let code: Int32

    /// The error numbered `code`.
    package init(_ code: Int32) { self.code = code }

    /// The calling thread's `errno` now.
    package static var current: Errno { Errno(errno) }

    /// The system's text for the number (`No such file or directory`).
    package var description: String { String(cString: strerror(code)) }

    /// `EINTR`: a signal interrupted the call (retried by every call here).
    package static var interrupted: Errno { Errno(EINTR) }
    /// `ENOENT`: no such file or folder.
    package static var noSuchFile: Errno { Errno(ENOENT) }
    /// `ENOTDIR`: a part of the path is not a folder.
    package static var notAFolder: Errno { Errno(ENOTDIR) }
    /// `EEXIST`: the file exists (an exclusive create).
    package static var exists: Errno { Errno(EEXIST) }
    /// `ENXIO`: no such device; a FIFO opened for writing without a reader.
    package static var noReader: Errno { Errno(ENXIO) }
    /// `EBADF`: the descriptor is not open (or not for this use).
    package static var badDescriptor: Errno { Errno(EBADF) }
    /// `EIO`: an input/output error; also what a write of no bytes reports.
    package static var ioError: Errno { Errno(EIO) }
    /// `EAGAIN` (`EWOULDBLOCK`): a non-blocking descriptor has nothing now.
    package static var wouldBlock: Errno { Errno(EAGAIN) }
    /// `EPIPE`: the reading end of a pipe is closed.
    package static var brokenPipe: Errno { Errno(EPIPE) }
    /// `ENOMEM`: out of memory.
    package static var outOfMemory: Errno { Errno(ENOMEM) }

    /// Whether this is ``wouldBlock`` (also under its other name, `EWOULDBLOCK`).
    package var isWouldBlock: Bool { code == EAGAIN || code == EWOULDBLOCK }
}
