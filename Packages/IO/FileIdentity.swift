import UpdateCheckPlatform

/// An existing file's device and inode: equal exactly when two paths
/// (through links, `..` or symlinks) reach the same file.
package struct FileIdentity: Equatable {
    /// The device the file is on.
    package var device: UInt64
    /// The file's inode on that device.
    package var inode: UInt64

    /// The file `path` reaches, or `nil` when there is none.
    package init?(existing path: String) {
        guard let status = try? System.status(path) else { return nil }
        self.init(status)
    }

    /// The file an input names; for `-`, the regular file standard input
    /// reads (`< a.xml`), if it is one: a pipe or a device read and written
    /// at once is no input overwritten.
    package init?(input: String) {
        guard input == "-" else {
            self.init(existing: input)
            return
        }
        guard let status = try? System.status(of: System.standardInput), status.kind == .regular else { return nil }
        self.init(status)
    }

    /// What standard input is when it is not a regular file: the pipe,
    /// FIFO, socket or device it reads, which two readers would share.
    package static func standardInputStream() -> FileIdentity? {
        guard let status = try? System.status(of: System.standardInput), status.kind != .regular else { return nil }
        return FileIdentity(status)
    }

    /// The file `status` describes.
    package init(_ status: FileStatus) {
        device = status.device
        inode = status.inode
    }
}
