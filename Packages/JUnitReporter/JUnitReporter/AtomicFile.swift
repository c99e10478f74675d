#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one way UpdateCheck writes an output file (reports, pictures,
/// counterexamples, merged reports): a reader never sees half a file, a
/// failure leaves any previous file untouched, and nothing that is not a
/// regular file is ever replaced.
///
/// What happens depends on what `path` names when the file is prepared:
///
/// - nothing, or a regular file: the content goes to a temporary file
///   `.<name>.XXXXXX.tmp` in the same folder, renamed over `path` when
///   complete (keeping the permissions of the file it replaces);
/// - a symbolic link: the link is followed (up to 40 links) and its final
///   target is written as above, so the link stays a link and points to the
///   new content;
/// - a character device (`/dev/null`, `/dev/stdout`, a terminal) or a FIFO:
///   the content is written through, in place; nothing is created or
///   renamed, and a failed write (`/dev/full`) is an error;
/// - a folder, a block device or a socket: refused.
///
/// Preparing (``init(path:)``) only checks; the temporary file is created by
/// ``open()``, which callers invoke once their content is complete, and is
/// removed by ``commit(syncing:)``, ``discard()`` or, in a process that
/// called ``removeTemporaryFilesOnSignals()``, by SIGINT, SIGTERM or SIGHUP.
package final class AtomicFile {
    /// How the content reaches the target.
    private enum Mode {
        /// A temporary file renamed over the target.
        case replace
        /// Written straight into the target (a device or a FIFO).
        case writeThrough
    }

    /// The path as given (named in errors).
    package let path: String
    /// The file that is actually written: `path` with symbolic links followed.
    package let target: String
    /// The open descriptor after ``open()``, else -1.
    package private(set) var descriptor: Int32 = -1
    /// The temporary file's path while one exists.
    private var temporaryPath: String?
    private let mode: Mode

    /// Checks that `path` can be written, creating nothing.
    ///
    /// - Throws: ``JUnitReporterError/cannotCreate(path:reason:)`` when the
    ///   folder is missing or not writable, `path` is a folder, a block
    ///   device or a socket, or its symbolic links do not end.
    package init(path: String) throws(JUnitReporterError) {
        self.path = path
        let target = try AtomicFile.followingLinks(path)
        self.target = target
        var info = stat()
        if stat(target, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFREG: mode = .replace
            case S_IFCHR, S_IFIFO:
                mode = .writeThrough
                return
            case S_IFDIR: throw .cannotCreate(path: path, reason: "it is a folder")
            case S_IFBLK: throw .cannotCreate(path: path, reason: "it is a block device, which is never replaced")
            default: throw .cannotCreate(path: path, reason: "it is not a regular file, which is never replaced")
            }
        } else {
            mode = .replace
        }
        let folder = AtomicFile.folder(of: target)
        guard stat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw .cannotCreate(path: path, reason: "the folder \(folder) does not exist")
        }
        guard access(folder, W_OK) == 0 else {
            throw .cannotCreate(path: path, reason: "the folder \(folder) is not writable")
        }
    }

    deinit { discard() }

    /// Whether the content is written in place (a device or a FIFO) rather
    /// than through a temporary file.
    package var writesThrough: Bool {
        if case .writeThrough = mode { return true }
        return false
    }

    /// A folder for scratch files that belong with this output: the
    /// target's folder, or the system's temporary folder for a device or FIFO.
    package var scratchFolder: String {
        switch mode {
        case .replace: return AtomicFile.folder(of: target)
        case .writeThrough:
            if let folder = getenv("TMPDIR"), folder.pointee != 0 { return String(cString: folder) }
            return "/tmp"
        }
    }

    /// Creates the temporary file (or opens the device or FIFO) and returns
    /// its descriptor. Opening a FIFO waits for a reader, as a shell
    /// redirection does.
    ///
    /// - Throws: ``JUnitReporterError/cannotCreate(path:reason:)``.
    @discardableResult
    package func open() throws(JUnitReporterError) -> Int32 {
        if descriptor >= 0 { return descriptor }
        switch mode {
        case .replace:
            let (opened, temporary) = try AtomicFile.makeTemporary(
                in: AtomicFile.folder(of: target), for: target, reportedAs: path)
            descriptor = opened
            temporaryPath = temporary
            TemporaryFiles.register(temporary)
        case .writeThrough:
            let opened = openForWriting(target)
            guard opened >= 0 else { throw failure("cannot open") }
            descriptor = opened
        }
        return descriptor
    }

    /// Flushes (optionally to disk), sets the permissions and renames the
    /// temporary file over the target; for a device or FIFO, closes it.
    ///
    /// - Throws: ``JUnitReporterError/cannotCreate(path:reason:)``; the
    ///   temporary file is removed and any previous file stays as it was.
    package func commit(syncing: Bool) throws(JUnitReporterError) {
        defer { discard() }
        guard descriptor >= 0 else { throw .misuse("commit() of \(path) before open()") }
        let closing = descriptor
        descriptor = -1
        guard let temporaryPath else {
            guard close(closing) == 0 || errno == EINTR else { throw failure("cannot close") }
            return
        }
        var info = stat()
        // Keep the permissions of a file being replaced; new ones get rw-r--r--.
        let permissions: mode_t = stat(target, &info) == 0 ? info.st_mode & 0o7777 : 0o644
        guard fchmod(closing, permissions) == 0 else {
            close(closing)
            throw failure("cannot set permissions")
        }
        if syncing, fsync(closing) != 0 {
            close(closing)
            throw failure("cannot flush to disk")
        }
        guard close(closing) == 0 else { throw failure("cannot close") }
        guard rename(temporaryPath, target) == 0 else { throw failure("cannot rename into place") }
        TemporaryFiles.unregister(temporaryPath)
        self.temporaryPath = nil
    }

    /// Closes and removes the temporary file (no effect after a commit).
    package func discard() {
        if descriptor >= 0 {
            close(descriptor)
            descriptor = -1
        }
        if let temporaryPath {
            unlink(temporaryPath)
            TemporaryFiles.unregister(temporaryPath)
            self.temporaryPath = nil
        }
    }

    /// An error naming `path`, `what` failed and the system's reason.
    package func failure(_ what: String) -> JUnitReporterError {
        .cannotCreate(path: path, reason: "\(what): \(String(cString: strerror(errno)))")
    }

    /// An error naming `path` and `reason`.
    package func failure(reason: String) -> JUnitReporterError {
        .cannotCreate(path: path, reason: reason)
    }

    /// Writes `bytes` to `path` as one atomic output (see ``AtomicFile``).
    ///
    /// - Throws: ``JUnitReporterError/cannotCreate(path:reason:)`` naming
    ///   the file and the reason; any previous file is then untouched.
    package static func write(_ bytes: some Sequence<UInt8>, to path: String) throws(JUnitReporterError) {
        let file = try AtomicFile(path: path)
        let content = Array(bytes)
        let output = FileOutput(descriptor: try file.open())
        content.withUnsafeBytes { buffer in
            if let base = buffer.baseAddress { output.append(base, buffer.count) }
        }
        output.flush()
        if output.failure != 0 {
            let reason = String(cString: strerror(output.failure))
            file.discard()
            throw file.failure(reason: reason)
        }
        try file.commit(syncing: false)
    }

    /// Writes `text` as UTF-8 to `path` as one atomic output.
    package static func write(_ text: String, to path: String) throws(JUnitReporterError) {
        try write(text.utf8, to: path)
    }

    /// The folder holding `path` (`.` for a bare file name).
    package static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = String(path[..<slash])
        return folder.isEmpty ? "/" : folder
    }

    /// `path` with every symbolic link at its end followed (the link's
    /// folder anchors a relative link); a path that does not exist is
    /// returned as it is.
    static func followingLinks(_ path: String) throws(JUnitReporterError) -> String {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &buffer, buffer.count - 1)
            guard length > 0 else {
                throw .cannotCreate(
                    path: path, reason: "cannot read the link \(current): \(String(cString: strerror(errno)))")
            }
            let link = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = link.hasPrefix("/") ? link : folder(of: current) + "/" + link
        }
        throw .cannotCreate(path: path, reason: "more than 40 symbolic links")
    }

    /// Creates `.<name>.XXXXXX.tmp` in `folder` with `mkstemps`.
    static func makeTemporary(in folder: String, for path: String, reportedAs shown: String)
        throws(JUnitReporterError) -> (Int32, String)
    {
        let name = path.split(separator: "/").last.map(String.init) ?? "report"
        var template = Array((folder + "/." + name + ".XXXXXX.tmp").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 4) }
        guard descriptor >= 0 else {
            throw .cannotCreate(
                path: shown, reason: "cannot create a file in \(folder): \(String(cString: strerror(errno)))")
        }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        return (descriptor, String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    /// Creates an anonymous scratch file in `folder` (unlinked at once, so
    /// nothing is left behind even if the process dies).
    static func scratch(in folder: String, for path: String) throws(JUnitReporterError) -> Int32 {
        let (descriptor, temporary) = try makeTemporary(in: folder, for: path, reportedAs: path)
        unlink(temporary)
        return descriptor
    }

    /// Makes SIGINT, SIGTERM and SIGHUP remove every temporary file of an
    /// unfinished output before the process ends with that signal (its
    /// default action). For processes, not libraries: it replaces the
    /// handlers of those three signals.
    package static func removeTemporaryFilesOnSignals() {
        TemporaryFiles.installHandlers()
    }
}

/// Opens an existing device or FIFO for writing, retrying interrupted calls.
private func openForWriting(_ path: String) -> Int32 {
    var opened: Int32
    repeat {
        opened = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY)
    } while opened < 0 && errno == EINTR
    return opened
}
