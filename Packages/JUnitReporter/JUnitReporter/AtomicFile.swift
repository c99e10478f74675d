#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file written under a temporary name in its target folder and renamed
/// into place only when complete, so a reader never sees half a file and a
/// failure leaves any previous file untouched.
final class AtomicFile {
    /// The final path.
    let path: String
    /// The open descriptor of the temporary file.
    let descriptor: Int32
    /// The temporary file's path (in the same folder as `path`).
    let temporaryPath: String
    private var isOpen = true
    private var isDone = false

    /// Creates the temporary file for `path`.
    ///
    /// - Throws: ``JUnitReporterError/cannotCreate(path:reason:)`` when the
    ///   folder is missing, `path` is a folder, or the file cannot be created.
    init(path: String) throws(JUnitReporterError) {
        self.path = path
        let folder = AtomicFile.folder(of: path)
        var info = stat()
        guard stat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw .cannotCreate(path: path, reason: "the folder \(folder) does not exist")
        }
        if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            throw .cannotCreate(path: path, reason: "it is a folder")
        }
        let (descriptor, temporary) = try AtomicFile.makeTemporary(in: folder, for: path)
        self.descriptor = descriptor
        self.temporaryPath = temporary
    }

    deinit { discard() }

    /// Flushes (optionally to disk), sets the permissions and renames the
    /// temporary file to `path`.
    ///
    /// - Throws: ``JUnitReporterError/cannotCreate(path:reason:)``; the
    ///   temporary file is removed and any previous file stays as it was.
    func commit(syncing: Bool) throws(JUnitReporterError) {
        defer { discard() }
        var info = stat()
        // Keep the permissions of a report being replaced; new ones get rw-r--r--.
        let mode: mode_t = stat(path, &info) == 0 ? info.st_mode & 0o777 : 0o644
        guard fchmod(descriptor, mode) == 0 else { throw failure("cannot set permissions") }
        if syncing, fsync(descriptor) != 0 { throw failure("cannot flush to disk") }
        isOpen = false
        guard close(descriptor) == 0 else { throw failure("cannot close") }
        guard rename(temporaryPath, path) == 0 else { throw failure("cannot rename into place") }
        isDone = true
    }

    /// Closes and removes the temporary file (no effect after a commit).
    func discard() {
        if isOpen {
            isOpen = false
            close(descriptor)
        }
        if !isDone {
            isDone = true
            unlink(temporaryPath)
        }
    }

    /// An error naming `path`, `what` failed and the system's reason.
    func failure(_ what: String) -> JUnitReporterError {
        .cannotCreate(path: path, reason: "\(what): \(String(cString: strerror(errno)))")
    }

    /// An error naming `path` and `reason`.
    func failure(reason: String) -> JUnitReporterError {
        .cannotCreate(path: path, reason: reason)
    }

    /// The folder holding `path` (`.` for a bare file name).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = String(path[..<slash])
        return folder.isEmpty ? "/" : folder
    }

    /// Creates `.<name>.XXXXXX.tmp` in `folder` with `mkstemps`.
    static func makeTemporary(in folder: String, for path: String) throws(JUnitReporterError) -> (Int32, String) {
        let name = path.split(separator: "/").last.map(String.init) ?? "report"
        var template = Array((folder + "/." + name + ".XXXXXX.tmp").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 4) }
        guard descriptor >= 0 else {
            throw .cannotCreate(
                path: path, reason: "cannot create a file in \(folder): \(String(cString: strerror(errno)))")
        }
        return (descriptor, String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    /// Creates an anonymous scratch file in `folder` (unlinked at once, so
    /// nothing is left behind even if the process dies).
    static func scratch(in folder: String, for path: String) throws(JUnitReporterError) -> Int32 {
        let (descriptor, temporary) = try makeTemporary(in: folder, for: path)
        unlink(temporary)
        return descriptor
    }
}
