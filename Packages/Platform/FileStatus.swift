#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `stat(2)` says of a file: its kind, permissions, owner, size and
/// identity, in the same types on every system.
package struct FileStatus: Sendable, Equatable {
    /// The kinds of file a path can name.
    package enum Kind: Sendable, Equatable {
        /// A regular file.
        case regular
        /// A folder.
        case folder
        /// A character device (`/dev/null`, a terminal).
        case characterDevice
        /// A block device (a disk).
        case blockDevice
        /// A named pipe.
        case fifo
        /// A symbolic link (only from ``System/linkStatus(_:)``).
        case symbolicLink
        /// A socket.
        case socket
    }

    /// The file's kind.
    package var kind: Kind
    /// The permission bits, set-ID and sticky bits included (`mode & 0o7777`).
    package var permissions: UInt32
    /// The owner's user ID.
    package var owner: UInt32
    /// The group ID.
    package var group: UInt32
    /// The size in bytes (of a regular file; other kinds may say 0).
    package var size: Int64
    /// The device the file lives on.
    package var device: UInt64
    /// The file's number on its device: with ``device``, equal exactly for
    /// two names of one file.
    package var inode: UInt64

    /// The status `stat` filled in.
    init(_ info: stat) {
        switch info.st_mode & S_IFMT {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .folder
        case S_IFCHR: kind = .characterDevice
        case S_IFBLK: kind = .blockDevice
        case S_IFIFO: kind = .fifo
        case S_IFLNK: kind = .symbolicLink
        default: kind = .socket
        }
        permissions = UInt32(info.st_mode) & 0o7777
        owner = UInt32(info.st_uid)
        group = UInt32(info.st_gid)
        size = Int64(info.st_size)
        // dev_t is signed on Apple's systems (Int32), unsigned on Linux.
        device = UInt64(truncatingIfNeeded: info.st_dev)
        inode = UInt64(truncatingIfNeeded: info.st_ino)
    }
}
